// Money is integer centavos (bigint) everywhere inside Fluxo; the API speaks "1234.50" strings.
import { z } from 'zod';

export type Centavos = bigint;

const DECIMAL = /^-?\d{1,13}(\.\d{1,2})?$/;

/** The largest amount Fluxo accepts anywhere (R$ 999.999.999,99): every sum of a tenant's records stays far inside bigint. */
export const MAX_AMOUNT: Centavos = 99_999_999_999n;
export const AMOUNT_LIMIT_MESSAGE = 'O valor deve ser no máximo R$ 999.999.999,99';

export const isWithinAmountLimit = (value: Centavos): boolean => value <= MAX_AMOUNT && value >= -MAX_AMOUNT;

/** A JS number as a two-decimal string, or '' when it has more decimals than binary noise (10.123) or is not finite. */
function numberText(input: number): string {
  if (!Number.isFinite(input) || Math.abs(input) >= 1e15) return '';
  const cents = input * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 ? input.toFixed(2) : '';
}

/** Parses "1234.5", "1234.50" or a JS number with at most two decimals into centavos (more decimals are refused, never rounded). */
export function parseMoney(input: string | number): Centavos | null {
  const text = typeof input === 'number' ? numberText(input) : input.trim();
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -value : value;
}

/** "1234.50" — the API's numeric string. */
export function formatMoney(value: Centavos): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,50" for people (documents, notifications, insight texts). */
export function formatBRL(value: Centavos): string {
  return brl.format(Number(value) / 100).replace(/\u00a0/g, ' ');
}

/** Request field: a positive amount given as number or decimal string. */
export const amountInput = z
  .union([z.number(), z.string()], { errorMap: () => ({ message: 'Valor inválido' }) })
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
    return parsed;
  });

export const positiveAmountInput = amountInput.refine((value) => value > 0n, { message: 'O valor deve ser maior que zero' });

const INTEGER_TEXT = /^-?\d+$/;

/**
 * Event field: centavos stored as a string in JSON, read back as bigint (a bigint, an integer
 * string or an integer number is accepted). Checked by type rather than as a union: a union tries
 * bigint first and builds an error for every stored event's string, the largest share of decoding.
 */
export const centavos = z.any().transform((value: unknown, ctx): bigint => {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'string' && INTEGER_TEXT.test(value)) || (typeof value === 'number' && Number.isInteger(value))) return BigInt(value);
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Valor em centavos inválido' });
  return z.NEVER;
});
