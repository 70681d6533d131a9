// Reads bank, credit-card and investment-cash statements out of the element tree.
import { inferDecimalMark, parseOfxAmount, type DecimalMark } from './amount';
import { parseOfxDate } from './date';
import { OfxParseError, quote } from './errors';
import type { OfxStatement, OfxTransaction } from './types';
import { child, findFirst, text, walk, type OfxNode } from './tree';
import { readTransaction, type Problem, type Tally } from './transaction';

type Found = { node: OfxNode; kind: 'bank' | 'creditcard' | 'investment'; transactions: OfxNode[] };

const STATEMENT_KINDS: Record<string, Found['kind']> = { STMTRS: 'bank', CCSTMTRS: 'creditcard', INVSTMTRS: 'investment' };
const ACCOUNT_AGGREGATE: Record<Found['kind'], string> = { bank: 'BANKACCTFROM', creditcard: 'CCACCTFROM', investment: 'INVACCTFROM' };

export function readStatements(root: OfxNode, warnings: string[]): OfxStatement[] {
  const found = findStatements(root);
  const problems: Problem[] = [];
  const mark = inferDecimalMark(rawAmounts(found));
  const tally: Tally = { rounded: [], grouped: [], untyped: [], balanceRows: [] };
  checkServerDate(root, warnings);
  const statements = found.map((statement) => readStatement(statement, mark, problems, warnings, tally));
  const [balanceRow, ...moreBalanceRows] = tally.balanceRows;
  if (balanceRow && moreBalanceRows.length === 0) {
    warnings.push(
      `Linha ${balanceRow.line}: linha de saldo ${quote(balanceRow.label)} sem valor numérico em <TRNAMT> (${quote(balanceRow.amount)}) ignorada; não é uma transação.`,
    );
  } else if (balanceRow) {
    const lines = tally.balanceRows.slice(0, 5).map((r) => r.line).join(', ');
    warnings.push(
      `${tally.balanceRows.length} linhas de saldo (ex.: ${quote(balanceRow.label)}) sem valor numérico em <TRNAMT> ignoradas (linhas ${lines}${tally.balanceRows.length > 5 ? ', …' : ''}); não são transações.`,
    );
  }
  if (tally.grouped.length > 0) {
    warnings.push(
      `${tally.grouped.length} valor(es) como "30.000" (um separador seguido de três dígitos) lido(s) como milhar, pelo separador decimal dos demais valores do arquivo (linha ${tally.grouped[0]}).`,
    );
  }
  if (tally.rounded.length > 0) {
    warnings.push(`${tally.rounded.length} valor(es) com mais de duas casas decimais arredondado(s) para centavos (linha ${tally.rounded[0]}).`);
  }
  if (tally.untyped.length > 0) {
    warnings.push(`${tally.untyped.length} transação(ões) sem <TRNTYPE> recebeu(ram) o tipo OTHER (linha ${tally.untyped[0]}).`);
  }
  if (problems.length > 0) throw problemsError(problems);
  return statements;
}

function readStatement(
  { node, kind, transactions: rows }: Found,
  mark: DecimalMark,
  problems: Problem[],
  warnings: string[],
  tally: Tally,
): OfxStatement {
  const account = child(node, ACCOUNT_AGGREGATE[kind]);
  if (!account) problems.push({ line: node.line, message: `<${node.name}> sem <${ACCOUNT_AGGREGATE[kind]}> (conta não identificada)` });
  const accountId = account ? text(account, 'ACCTID') : null;
  if (account && accountId === null) problems.push({ line: account.line, message: `<${account.name}> sem <ACCTID> (conta não identificada)` });
  const currency = text(node, 'CURDEF')?.toUpperCase() ?? null;
  if (currency !== null && !ISO_CURRENCIES.has(currency)) {
    warnings.push(`Linha ${child(node, 'CURDEF')!.line}: moeda ${quote(currency)} em <CURDEF> não é um código ISO 4217; mantida como está.`);
  }

  const transactions: OfxTransaction[] = [];
  for (const row of rows) {
    const transaction = readTransaction(row, mark, problems, tally);
    if (transaction) transactions.push(transaction);
  }

  const list = child(node, kind === 'investment' ? 'INVTRANLIST' : 'BANKTRANLIST');
  let start = headerDate(list, 'DTSTART', warnings) ?? headerDate(node, 'DTSTART', warnings);
  let end = headerDate(list, 'DTEND', warnings) ?? headerDate(node, 'DTEND', warnings);
  const declared = start !== null && end !== null;
  if (start !== null && end !== null && start > end) {
    warnings.push(`Linha ${node.line}: período do extrato invertido (DTSTART ${start} depois de DTEND ${end}); datas trocadas.`);
    [start, end] = [end, start];
  }
  const posted = transactions.map((t) => t.postedAt).sort();
  if (declared) {
    const outside = posted.filter((date) => date < start! || date > end!).length;
    if (outside > 0) warnings.push(`Linha ${node.line}: ${outside} transação(ões) com data fora do período informado (${start} a ${end}).`);
  }
  start ??= posted[0] ?? null;
  end ??= posted[posted.length - 1] ?? null;
  if (start !== null && end !== null && start > end) [start, end] = [end, start];

  if (kind === 'investment') {
    const securities = (list?.children ?? []).filter((c) => c.value === null && c.name !== 'INVBANKTRAN').length;
    warnings.push(
      `Linha ${node.line}: extrato de investimentos (<INVSTMTRS>): lidas só as movimentações em dinheiro (<INVBANKTRAN>); ${securities} operação(ões) com títulos ignorada(s).`,
    );
  }

  return {
    kind: kind === 'creditcard' ? 'creditcard' : 'bank',
    bankId: account ? text(account, kind === 'investment' ? 'BROKERID' : 'BANKID') : null,
    branchId: account ? text(account, 'BRANCHID') : null,
    accountId: accountId ?? '',
    accountType: kind === 'creditcard' ? 'CREDITCARD' : kind === 'investment' ? 'INVESTMENT' : (account && text(account, 'ACCTTYPE')?.toUpperCase()) ?? null,
    currency,
    balance: readBalance(child(node, 'LEDGERBAL'), mark, warnings),
    dateRange: { start, end },
    transactions,
  };
}

function readBalance(ledger: OfxNode | undefined, mark: DecimalMark, warnings: string[]): OfxStatement['balance'] {
  if (!ledger) return null;
  const amountNode = child(ledger, 'BALAMT');
  const raw = amountNode?.value?.trim() ?? '';
  if (raw === '') {
    warnings.push(`Linha ${(amountNode ?? ledger).line}: saldo (<LEDGERBAL>) sem valor em <BALAMT>; saldo ignorado.`);
    return null;
  }
  const parsed = parseOfxAmount(raw, mark);
  if (parsed === null) {
    warnings.push(`Linha ${amountNode!.line}: valor inválido ${quote(raw)} em <BALAMT>; saldo ignorado.`);
    return null;
  }
  return { amount: parsed.centavos, asOf: headerDate(ledger, 'DTASOF', warnings) };
}

/** Dates outside transactions (DTSTART, DTEND, DTASOF, DTSERVER) never fail the file. */
function headerDate(parent: OfxNode | undefined, name: string, warnings: string[]): string | null {
  const node = parent && child(parent, name);
  if (!node || node.value === null) return null;
  const date = parseOfxDate(node.value);
  if (date.kind === 'date') return date.date;
  if (date.kind === 'zero') warnings.push(`Linha ${node.line}: data zerada ${quote(node.value.trim())} em <${name}> ignorada.`);
  else if (date.kind === 'invalid') warnings.push(`Linha ${node.line}: data inválida ${quote(node.value.trim())} em <${name}> ignorada.`);
  return null;
}

function checkServerDate(root: OfxNode, warnings: string[]): void {
  const signOn = findFirst(root, (node) => node.name === 'SONRS' || node.name === 'SONRQ');
  if (signOn) headerDate(signOn, 'DTSERVER', warnings);
}

function findStatements(root: OfxNode): Found[] {
  const found: Found[] = [];
  walk(root, (node) => {
    const kind = STATEMENT_KINDS[node.name];
    if (kind === undefined || node.value !== null) return true;
    found.push({ node, kind, transactions: transactionsOf(node, kind) });
    return false;
  });
  return found;
}

/**
 * <STMTTRN> rows wherever the statement holds them: inside <BANKTRANLIST>, or straight in
 * <CCSTMTRS> (old Nubank exports). For <INVSTMTRS> only the cash rows of <INVBANKTRAN> count:
 * buying and selling securities is not a bank movement Fluxo can categorise.
 */
function transactionsOf(statement: OfxNode, kind: Found['kind']): OfxNode[] {
  const rows: OfxNode[] = [];
  const visit = (node: OfxNode) => {
    for (const c of node.children) {
      if (c.name === 'STMTTRN') {
        if (kind !== 'investment' || node.name === 'INVBANKTRAN') rows.push(c);
      } else if (c.value === null) visit(c);
    }
  };
  visit(statement);
  return rows;
}

function rawAmounts(found: Found[]): string[] {
  const raws: string[] = [];
  for (const { node, transactions } of found) {
    for (const row of transactions) {
      const raw = child(row, 'TRNAMT')?.value;
      if (raw) raws.push(raw);
    }
    const balance = child(node, 'LEDGERBAL');
    const raw = balance && child(balance, 'BALAMT')?.value;
    if (raw) raws.push(raw);
  }
  return raws;
}

function problemsError(problems: Problem[]): OfxParseError {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  const shown = sorted.slice(0, 3).map((p) => `Linha ${p.line}: ${p.message}`);
  const more = sorted.length - shown.length;
  return new OfxParseError(shown.join('; ') + (more > 0 ? `; e mais ${more} problema(s)` : ''), sorted[0].line);
}

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
