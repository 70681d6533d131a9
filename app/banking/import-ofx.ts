// OFX import: an editor's statement file becomes approved imported transactions and, at once, the
// organization's expenses and revenues — skipping every transaction the account already has
// (from an earlier file or a bank sync). The whole file is read and checked before the first append.
import { sql } from 'slonik';
import { z } from 'zod';
import { bankByCode } from '../../domain/banking/banks';
import { DomainError, unprocessable } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { OfxParseError, parseOfx, type OfxStatement } from '../ofx';
import { categorizerFor } from './categories';
import { appendInBulk, planBulkAppend } from './bulk-append';
import { appendBooking, importedData, planIntake, type AccountIntake, type Arrival } from './intake';
import { accountKeyOf, occurrences } from './keys';
import { recordedAsFor } from './ledger';
import { withAccountLocks } from './locks';
import { tenantOf } from '../finance/tenant';
import { projectors } from '../../projections/registry';

export const MAX_OFX_CONTENT_BYTES = 5 * 1024 * 1024;

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
  const descriptions = rows.map((t) => describeTransaction(t.name, t.memo));
  const withFit = occurrences(rows, (t) => `${t.fitId}|${t.postedAt}|${t.amount}`);
  // Counted over every row, as ever (the ids depend on it), but only needed when some row has no FITID.
  const withoutFit = rows.some((t) => !t.fitId) ? occurrences(rows, (t, i) => `${t.postedAt}|${t.amount}|${descriptions[i]}`) : [];
  return rows.map((t, i) => {
    const description = descriptions[i];
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

/** A read, checked statement file, ready to import: a broken file never gets this far. */
export type PreparedOfxImport = {
  statements: OfxStatement[];
  intakes: AccountIntake[];
  totalTransactions: number;
  options: OfxImportOptions;
};

/** Reads and checks the file (pt-BR 413/422 on a bad one); nothing is written. */
export function prepareOfxImport(ofxContent: string, options: OfxImportOptions, context: ActorContext): PreparedOfxImport {
  const organizationId = tenantOf(context);
  const statements = readFile(ofxContent).statements;
  const intakes: AccountIntake[] = statements.filter(isBrl).map((statement) => ({
    organizationId,
    accountKey: accountKeyOf(statement.bankId, statement.accountId),
    bankName: bankNameOf(statement),
    accountId: statement.accountId,
    connectionId: null,
    source: 'ofx',
    arrivals: arrivalsOf(statement),
  }));
  return { statements, intakes, totalTransactions: statements.reduce((n, s) => n + s.transactions.length, 0), options };
}

const EVERY_PROJECTOR = projectors.map((p) => p.name);

/** How long an import waits at most for the read models to show its file before answering anyway. */
export const SETTLE_BOUND_MS = 10 * 60 * 1000;

/**
 * Waits until every projector's checkpoint has reached `position` (the lists, totals and charts
 * the screen refreshes then show the whole file), however long a large file takes to project —
 * the API's read-your-writes wait is bounded to seconds. `beat` keeps the job from looking stale.
 */
export async function untilProjected(deps: AppDeps, position: bigint, beat: () => Promise<unknown> = async () => undefined): Promise<void> {
  const deadline = Date.now() + SETTLE_BOUND_MS;
  while (Date.now() < deadline) {
    // Every projector by name: inside the request's context, a wait for its own writes would narrow
    // to the read models answering them (the expenses list…), return as soon as those had the file,
    // and this loop would spin on the checkpoints (reading the names of the file's 20,000 streams each turn)
    // until the derived views caught up.
    await deps.waitForProjections(position, EVERY_PROJECTOR).catch(() => undefined);
    const reached = await deps.db.oneFirst(sql.type(z.object({ reached: z.boolean() }))`
      SELECT COALESCE(bool_and(position >= ${position.toString()}::bigint), true) AS reached FROM projection_checkpoints`);
    if (reached) return;
    await beat();
  }
  deps.logger.warn({ position: position.toString() }, 'OFX import: read models did not reach the import within the bound');
}

export type OfxImportProgress = (processed: number) => Promise<void>;

export async function importOfx(deps: AppDeps, ofxContent: string, options: OfxImportOptions, context: ActorContext): Promise<OfxImportResult> {
  return runOfxImport(deps, prepareOfxImport(ofxContent, options, context), context);
}

/**
 * Imports a prepared file: one duplicate query per account for the whole file, every event decided
 * before the first append, then multi-stream appends in chunks (bulk-append.ts). `onProgress`
 * hears how many of the file's transactions are settled (skipped ones count at once).
 */
export async function runOfxImport(
  deps: AppDeps,
  prepared: PreparedOfxImport,
  context: ActorContext,
  hooks: { onProgress?: OfxImportProgress; settle?: (position: bigint | null) => Promise<void> } = {},
): Promise<OfxImportResult> {
  const onProgress = hooks.onProgress ?? (async () => undefined);
  const settle = hooks.settle ?? (async (position: bigint | null) => (position === null ? undefined : untilProjected(deps, position)));
  const organizationId = tenantOf(context);
  const { statements, intakes, totalTransactions, options } = prepared;
  const usable = statements.filter(isBrl);
  const categorize = await categorizerFor(deps, organizationId, { auto: options.autoCategorize });

  const importedCount = await withAccountLocks(deps.db, organizationId, intakes.map((i) => i.accountKey), async () => {
    const plans = [];
    for (const intake of intakes) plans.push({ intake, plan: await planIntake(deps, intake, { similar: options.skipDuplicates }) });
    // Everything is decided (and validated) before the first append.
    const work = plans.flatMap(({ intake, plan }) =>
      plan.fresh.map((admitted) => {
        const base = importedData(intake, admitted, { status: 'approved', category: categorize(admitted.description, admitted.amount), recordedAs: null });
        return { ...base, recordedAs: recordedAsFor(base) };
      }));
    const bulk = planBulkAppend(work);
    let processed = totalTransactions - work.length;
    await onProgress(processed);
    const positions: (bigint | null)[] = [];
    // No write below reads what another one of this batch wrote: read-your-writes once, at the end.
    const batch: AppDeps = { ...deps, waitForProjections: async () => undefined };
    for (const { plan } of plans) for (const booking of plan.bookings) positions.push(await appendBooking(batch, organizationId, booking, context));
    const appended = await appendInBulk(deps, bulk, context, async (settled) => {
      processed += settled;
      await onProgress(processed);
    });
    positions.push(appended.position);
    // The expenses and revenues too: wait until every read model shows the whole file.
    await settle(positions.some((p) => p !== null) ? await deps.eventStore.headPosition() : null);
    return appended.created;
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
