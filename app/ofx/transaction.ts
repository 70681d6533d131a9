// Reads one <STMTTRN> row: the fields the importer needs, or the problems that make the file unreadable.
import { isImportableAmount, parseOfxAmount, type DecimalMark } from './amount';
import { parseOfxDate } from './date';
import { quote } from './errors';
import { child, text, type OfxNode } from './tree';
import type { OfxTransaction } from './types';

export type Problem = { line: number; message: string };

/** Per-file counts of tolerated oddities, reported as one warning each instead of one per row. */
export type Tally = { rounded: number[]; grouped: number[]; untyped: number[]; balanceRows: { line: number; label: string; amount: string }[] };

/**
 * Caixa writes a daily balance marker ("SALDO DIA") as a <STMTTRN> whose <TRNAMT> has no digits
 * ("            .  "). It moves no money, so such a row is skipped with a warning instead of
 * rejecting a statement whose real transactions are fine. The rule is narrow on purpose: the
 * amount must have no digit at all AND the memo or name must say SALDO; "$120" on any row, or a
 * digitless amount on a row that is not a balance line, still rejects the file.
 */
const BALANCE_ROW = /\bS\s?A\s?L\s?D\s?O\b/i;

export function readTransaction(
  row: OfxNode,
  mark: DecimalMark,
  problems: Problem[],
  tally: Tally,
): OfxTransaction | null {
  const name = text(row, 'NAME') ?? payeeName(row);
  const memo = text(row, 'MEMO');
  const amountNode = child(row, 'TRNAMT');
  const dateNode = child(row, 'DTPOSTED');
  const rawAmount = amountNode?.value ?? '';
  if (amountNode && !/\d/.test(rawAmount) && BALANCE_ROW.test(`${memo ?? ''} ${name ?? ''}`)) {
    tally.balanceRows.push({ line: row.line, label: memo ?? name ?? '', amount: rawAmount.trim() });
    return null;
  }
  const missing = [dateNode ? null : '<DTPOSTED>', amountNode ? null : '<TRNAMT>'].filter((tag) => tag !== null);
  if (missing.length > 0) {
    problems.push({ line: row.line, message: `<STMTTRN> sem ${missing.join(' e ')}` });
  }
  let postedAt: string | null = null;
  if (dateNode) {
    const date = parseOfxDate(dateNode.value);
    if (date.kind === 'date') postedAt = date.date;
    else if (date.kind === 'empty') problems.push({ line: dateNode.line, message: 'data vazia em <DTPOSTED>' });
    else problems.push({ line: dateNode.line, message: `data inválida ${quote((dateNode.value ?? '').trim())} em <DTPOSTED>` });
  }
  let amount: bigint | null = null;
  if (amountNode) {
    const parsed = parseOfxAmount(rawAmount, mark);
    if (parsed === null) {
      const shown = rawAmount.trim();
      problems.push({ line: amountNode.line, message: shown === '' ? 'valor vazio em <TRNAMT>' : `valor inválido ${quote(shown)} em <TRNAMT>` });
    } else if (!isImportableAmount(parsed.centavos)) {
      problems.push({ line: amountNode.line, message: `valor ${quote(rawAmount.trim())} acima do limite de R$ 999.999.999,99 em <TRNAMT>` });
    } else {
      amount = parsed.centavos;
      if (parsed.rounded) tally.rounded.push(amountNode.line);
      if (parsed.groupedByStyle) tally.grouped.push(amountNode.line);
    }
  }
  if (postedAt === null || amount === null) return null;
  const type = text(row, 'TRNTYPE')?.toUpperCase() ?? null;
  if (type === null) tally.untyped.push(row.line);
  return {
    fitId: text(row, 'FITID'),
    type: type ?? 'OTHER',
    postedAt,
    amount,
    name,
    memo,
    checkNum: text(row, 'CHECKNUM'),
    refNum: text(row, 'REFNUM'),
    line: row.line,
  };
}

/** <PAYEE> is an aggregate with <NAME> in the spec, but Banco Real writes it as a leaf. */
function payeeName(row: OfxNode): string | null {
  const payee = child(row, 'PAYEE');
  if (!payee) return null;
  return payee.value === null ? text(payee, 'NAME') : payee.value.trim() || null;
}

