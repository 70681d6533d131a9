// OFX import: an editor's statement file becomes approved imported transactions and, at once, the
// organization's expenses and revenues — skipping every transaction the account already has
// (from an earlier file or a bank sync). The whole file is read and checked before the first append.
import { bankByCode } from '../../domain/banking/banks';
import { DomainError, unprocessable } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { OfxParseError, parseOfx, type OfxStatement } from '../ofx';
import { categorizerFor } from './categories';
import { appendBooking, appendImported, importedData, mapLimit, planIntake, type AccountIntake, type Arrival } from './intake';
import { accountKeyOf, occurrences } from './keys';
import { recordedAsFor, recordInLedger } from './ledger';
import { withAccountLocks } from './locks';
import { tenantOf } from '../finance/tenant';

export const MAX_OFX_CONTENT_BYTES = 5 * 1024 * 1024;
const APPEND_CONCURRENCY = 8;

export type OfxImportOptions = {
  /**
   * false turns off only the similarity match (amount, date, description): a transaction whose bank
   * identity the account already has is never recorded twice, whatever this says.
   */
  skipDuplicates: boolean;
  /** false: expenses go to 'operational' (or the first active category), revenues to 'other'. */
  autoCategorize: boolean;
};

export type OfxImportResult = {
  success: true;
  message: string;
  summary: {
    accountInfo: { bankId: string | null; accountId: string; accountType: string | null; balance: string | null };
    totalTransactions: number;
    importedCount: number;
    skippedCount: number;
    dateRange: { start: string | null; end: string | null };
  };
};

// Fluxo keeps BRL; 'BRC' is Santander's misspelling of it.
const isBrl = (statement: OfxStatement) => statement.currency === null || ['BRL', 'BRC'].includes(statement.currency.toUpperCase());

function bankNameOf(statement: OfxStatement): string {
  const bank = bankByCode(statement.bankId);
  if (bank) return bank.name;
  if (statement.kind === 'creditcard') return 'Cartão de crédito';
  return statement.bankId ? `Banco ${statement.bankId}` : 'Extrato OFX';
}

/** NAME and MEMO as one description, without repeating one that the other already says. */
export function describeTransaction(name: string | null, memo: string | null): string {
  const [a, b] = [name, memo].map((p) => (p ?? '').replace(/\s+/g, ' ').trim());
  const text = !a ? b : !b ? a : b.toUpperCase().includes(a.toUpperCase()) ? b : a.toUpperCase().includes(b.toUpperCase()) ? a : `${a} - ${b}`;
  return text || 'Transação bancária';
}

/** The statement's transactions with their bank identity (see keys.ts); zero-amount balance lines are left out. */
function arrivalsOf(statement: OfxStatement): Arrival[] {
  const rows = statement.transactions.filter((t) => t.amount !== 0n);
  const describe = (t: (typeof rows)[number]) => describeTransaction(t.name, t.memo);
  const withFit = occurrences(rows, (t) => `${t.fitId}|${t.postedAt}|${t.amount}`);
  const withoutFit = occurrences(rows, (t) => `${t.postedAt}|${t.amount}|${describe(t)}`);
  return rows.map((t, i) => {
    const description = describe(t);
    return {
      identity: t.fitId
        ? { kind: 'fitid', fitId: t.fitId, date: t.postedAt, amount: t.amount, occurrence: withFit[i] }
        : { kind: 'none', date: t.postedAt, amount: t.amount, description, occurrence: withoutFit[i] },
      fitId: t.fitId,
      externalId: null,
      date: t.postedAt,
      amount: t.amount,
      description,
      merchant: null,
      pending: false,
    };
  });
}

function readFile(ofxContent: string) {
  if (Buffer.byteLength(ofxContent, 'utf8') > MAX_OFX_CONTENT_BYTES) {
    throw new DomainError('too_large', `O arquivo OFX excede o limite de ${MAX_OFX_CONTENT_BYTES / 1024 / 1024} MB.`);
  }
  try {
    return parseOfx(ofxContent);
  } catch (error) {
    if (error instanceof OfxParseError) throw unprocessable(`Erro ao processar arquivo OFX: ${error.message}`);
    throw error;
  }
}

export async function importOfx(deps: AppDeps, ofxContent: string, options: OfxImportOptions, context: ActorContext): Promise<OfxImportResult> {
  const organizationId = tenantOf(context);
  const document = readFile(ofxContent);
  const statements = document.statements;
  const usable = statements.filter(isBrl);
  const intakes: AccountIntake[] = usable.map((statement) => ({
    organizationId,
    accountKey: accountKeyOf(statement.bankId, statement.accountId),
    bankName: bankNameOf(statement),
    accountId: statement.accountId,
    connectionId: null,
    source: 'ofx',
    arrivals: arrivalsOf(statement),
  }));
  const categorize = await categorizerFor(deps, organizationId, { auto: options.autoCategorize });
  const totalTransactions = statements.reduce((n, s) => n + s.transactions.length, 0);

  const importedCount = await withAccountLocks(deps.db, organizationId, intakes.map((i) => i.accountKey), async () => {
    const plans = [];
    for (const intake of intakes) plans.push({ intake, plan: await planIntake(deps, intake, { similar: options.skipDuplicates }) });
    // Everything is decided (and validated) before the first append.
    const work = plans.flatMap(({ intake, plan }) =>
      plan.fresh.map((admitted) => {
        const base = importedData(intake, admitted, { status: 'approved', category: categorize(admitted.description, admitted.amount), recordedAs: null });
        return { ...base, recordedAs: recordedAsFor(base) };
      }));
    const positions: (bigint | null)[] = [];
    // No write below reads what another one of this batch wrote: read-your-writes once, at the end.
    const batch: AppDeps = { ...deps, waitForProjections: async () => undefined };
    for (const { plan } of plans) for (const booking of plan.bookings) positions.push(await appendBooking(batch, organizationId, booking, context));
    const created = await mapLimit(work, APPEND_CONCURRENCY, async (data) => {
      const appended = await appendImported(batch, data, context);
      positions.push(appended.position);
      // Also when it was already there approved (an import cut short): the derived id records it once.
      // One already there awaiting approval stays the approver's to decide.
      if (appended.status === 'approved') {
        await recordInLedger(batch, data, context, { expenseCategory: data.transactionType === 'debit' ? (data.category ?? undefined) : undefined });
      }
      return appended.created;
    });
    // The expenses and revenues too, whose positions the finance use cases keep to themselves.
    await deps.waitForProjections(positions.some((p) => p !== null) ? await deps.eventStore.headPosition() : null);
    return created.filter(Boolean).length;
  });

  const first = statements.find((s) => s.transactions.length > 0) ?? statements[0];
  const starts = statements.map((s) => s.dateRange.start).filter((d): d is string => d !== null).sort();
  const ends = statements.map((s) => s.dateRange.end).filter((d): d is string => d !== null).sort();
  const skippedCount = totalTransactions - importedCount;
  const foreign = statements.length - usable.length;
  const message = [
    `Importação concluída: ${importedCount} ${importedCount === 1 ? 'transação importada' : 'transações importadas'}`,
    skippedCount > 0 ? `, ${skippedCount} ${skippedCount === 1 ? 'ignorada' : 'ignoradas'} (já importadas ou sem valor)` : '',
    foreign > 0 ? `; ${foreign} ${foreign === 1 ? 'extrato em moeda estrangeira foi ignorado' : 'extratos em moeda estrangeira foram ignorados'}` : '',
    '.',
  ].join('');
  return {
    success: true,
    message,
    summary: {
      accountInfo: {
        bankId: first.bankId,
        accountId: first.accountId,
        accountType: first.accountType,
        balance: first.balance ? formatMoney(first.balance.amount) : null,
      },
      totalTransactions,
      importedCount,
      skippedCount,
      dateRange: { start: starts[0] ?? null, end: ends[ends.length - 1] ?? null },
    },
  };
}
