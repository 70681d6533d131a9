// Money is integer centavos (bigint) everywhere inside Fluxo; the API speaks "1234.50" strings.
import { z } from 'zod';

export type Centavos = bigint;

const DECIMAL = /^-?\d{1,13}(\.\d{1,2})?$/;

/** Parses "1234.5", "1234.50" or a JS number with at most two decimals into centavos. */
export function parseMoney(input: string | number): Centavos | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? input.toFixed(2) : '') : input.trim();
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
    return parsed;
  });

export const positiveAmountInput = amountInput.refine((value) => value > 0n, { message: 'O valor deve ser maior que zero' });

/** Event field: centavos stored as a string in JSON, read back as bigint. */
export const centavos = z.union([z.bigint(), z.string().regex(/^-?\d+$/), z.number().int()]).transform((v) => BigInt(v));
