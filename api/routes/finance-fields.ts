// Request fields shared by the revenue, goal and investment routes, with the spec's pt-BR messages.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { businessDate } from '../../domain/shared/dates';
import { notFound } from '../../domain/shared/errors';
import { uuid } from '../../domain/shared/ids';
import { AMOUNT_LIMIT_MESSAGE, formatMoney, isWithinAmountLimit, parseMoney } from '../../domain/shared/money';
import { INVALID_TEXT_MESSAGE, isStorableText } from '../../domain/shared/text';
import { requireEditor } from '../plugins/auth';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const blankToNull = (value: unknown) => (value === undefined ? undefined : typeof value === 'string' && value.trim() === '' ? null : value);

/** Required text: missing or blank gives `message`. */
export const requiredText = (message: string, max = 255) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `Deve ter no máximo ${max} caracteres`).refine(isStorableText, INVALID_TEXT_MESSAGE);

/** Optional text: blank becomes null. */
export const optionalText = (max = 2000) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `Deve ter no máximo ${max} caracteres`).refine(isStorableText, INVALID_TEXT_MESSAGE).nullable().optional());

/**
 * An amount given as number or decimal string ("1234.50"), in centavos. Missing or blank gives
 * `required`; the spec's inputs use step 0.01, so more than two decimals is refused.
 */
export const moneyField = (required: string, options: { allowZero?: boolean } = {}) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string()], { required_error: required, invalid_type_error: 'Valor inválido' })
      .transform((value, ctx) => {
        const parsed = parseMoney(value);
        if (parsed === null) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Valor inválido: use um número com até duas casas decimais' });
          return z.NEVER;
        }
        if (!isWithinAmountLimit(parsed)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_LIMIT_MESSAGE });
          return z.NEVER;
        }
        if (parsed < 0n || (parsed === 0n && !options.allowZero)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: options.allowZero ? 'O valor não pode ser negativo' : 'O valor deve ser maior que zero' });
          return z.NEVER;
        }
        return parsed;
      }),
  );

/** An optional amount: blank or null means none. */
export const optionalMoneyField = () =>
  z.preprocess(blankToNull, moneyField('Valor inválido', { allowZero: true }).nullable().optional());

/** A percent with up to two decimals ("12.5" → "12.50"), not negative. */
export const percentField = (required: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string()], { required_error: required, invalid_type_error: 'Percentual inválido' })
      .transform((value, ctx) => {
        const parsed = parseMoney(value);
        if (parsed === null || parsed > 99_999_999n) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Percentual inválido: use um número com até duas casas decimais' });
          return z.NEVER;
        }
        if (parsed < 0n) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'O percentual não pode ser negativo' });
          return z.NEVER;
        }
        return formatMoney(parsed);
      }),
  );

/** One of `values`; missing or blank gives `required`, anything else lists the accepted values. */
export const enumField = <T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values as unknown as [T[number], ...T[number][]], {
      errorMap: (issue, ctx) => ({ message: ctx.data === undefined ? required : `${invalid}; use um destes: ${values.join(', ')}` }),
    }),
  );

/** A required 'YYYY-MM-DD' business date. */
export const dateField = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ required_error: required, invalid_type_error: 'Data inválida' }).pipe(businessDate));

/** An optional business date: blank or null means none. */
export const optionalDateField = () => z.preprocess(blankToNull, z.string({ invalid_type_error: 'Data inválida' }).pipe(businessDate).nullable().optional());

export const idParams = z.object({ id: z.string() });

/** A malformed id cannot name any record: answered like another tenant's, 404. */
export function recordId(id: string, notFoundMessage: string): string {
  if (!uuid.safeParse(id).success) throw notFound(notFoundMessage);
  return id;
}

export const messageResponse = z.object({ message: z.string(), fields: z.record(z.string()).optional() });

/** `{ filter }` of the summary endpoints, the same JSON object the list takes. */
export const filterQuery = z.object({ filter: z.string().optional() }).passthrough();

/** preValidation guard of every write: a view-only user gets 403 before the body is even validated. */
export const editorsOnly = async (request: FastifyRequest): Promise<void> => {
  requireEditor(request);
};
