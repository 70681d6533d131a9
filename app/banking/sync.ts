// Bank sync: started by a click, run in the background. It reads the connection's feed, sets aside
// what the account already has, and queues the rest for approval; the sync log says when it
// started, when it ended and how many transactions it brought. Running it again brings nothing new.
import { bankConnection, type BankConnectionCreated } from '../../domain/banking/bank-connection';
import { bankByName } from '../../domain/banking/banks';
import { DomainError, notFound } from '../../domain/shared/errors';
import { addDays, saoPauloDate } from '../../domain/shared/dates';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { tenantOf } from '../finance/tenant';
import { newId } from '../ids';
import { categorizerFor } from './categories';
import { bankConnectors, type BankConnectors } from './connectors';
import { BankConnectorError, type FeedTransaction } from './connectors/port';
import { appendBooking, appendImported, bankConnectionStream, importedData, mapLimit, maxPosition, planIntake, type AccountIntake, type Arrival } from './intake';
import { occurrences } from './keys';
import { withAccountLocks } from './locks';

/** History a first sync brings; later syncs re-read this many days before the last one (late postings). */
export const SYNC_INITIAL_DAYS = 30;
export const SYNC_OVERLAP_DAYS = 7;

const runningSyncs = new Map<string, Promise<void>>();

/** Resolves when every sync started by this process has finished (tests, shutdown). */
export async function settleSyncs(): Promise<void> {
  while (runningSyncs.size > 0) await Promise.allSettled([...runningSyncs.values()]);
}

/**
 * Starts a sync of the connection, or joins the one already running (`started: false`). Answers
 * once the sync log shows it; the work goes on in the background.
 */
export async function startSync(
  deps: AppDeps,
  connectionId: string,
  context: ActorContext,
  connectors: BankConnectors = bankConnectors(),
): Promise<{ syncId: string; started: boolean }> {
  const organizationId = tenantOf(context);
  const stream = bankConnectionStream(connectionId);
  const syncId = newId();
  const result = await handleCommand(deps.eventStore, stream, bankConnection, { type: 'StartBankSync', data: { organizationId, syncId, now: context.now.toISOString() } }, context);
  const state = await loadState(deps.eventStore, stream, bankConnection);
  if (state.status === 'none') throw notFound('Conexão bancária não encontrada');
  if (result.events.length === 0) return { syncId: state.running?.syncId ?? syncId, started: false };
  await deps.waitForProjections(result.position);
  const job = runSync(deps, state.connection, state.lastSyncAt, syncId, context, connectors).finally(() => runningSyncs.delete(syncId));
  runningSyncs.set(syncId, job);
  return { syncId, started: true };
}

function arrivalsOf(feed: readonly FeedTransaction[], provider: BankConnectionCreated['provider']): Arrival[] {
  const rows = feed.filter((t) => t.amount !== 0n);
  const n = occurrences(rows, (t) => `${t.fitId}|${t.date}|${t.amount}`);
  return rows.map((t, i) => ({
    identity: t.fitId && !t.pending
      ? { kind: 'fitid', fitId: t.fitId, date: t.date, amount: t.amount, occurrence: n[i] }
      : { kind: 'provider', provider, externalId: t.externalId },
    fitId: t.pending ? null : t.fitId,
    externalId: t.externalId,
    date: t.date,
    amount: t.amount,
    description: t.description,
    merchant: t.merchant,
    pending: t.pending,
  }));
}

async function runSync(
  deps: AppDeps,
  connection: BankConnectionCreated,
  lastSyncAt: string | null,
  syncId: string,
  context: ActorContext,
  connectors: BankConnectors,
): Promise<void> {
  const { organizationId, connectionId } = connection;
  const at = () => ({ ...context, now: deps.clock() });
  let outcome: { type: 'CompleteBankSync'; data: { syncId: string; now: string; transactionsImported: number } } | { type: 'FailBankSync'; data: { syncId: string; now: string; error: string } };
  try {
    const today = saoPauloDate(deps.clock());
    const from = lastSyncAt ? addDays(saoPauloDate(new Date(lastSyncAt)), -SYNC_OVERLAP_DAYS) : addDays(today, -SYNC_INITIAL_DAYS);
    const feed = await connectors.get(connection.provider).fetchTransactions({
      connectionId,
      bankCode: bankByName(connection.bankName)?.code ?? '',
      bankName: connection.bankName,
      accountType: connection.accountType,
      accountKey: connection.accountKey,
      providerItemId: connection.providerItemId,
    }, { from, to: today, today });
    const intake: AccountIntake = {
      organizationId,
      accountKey: connection.accountKey,
      bankName: connection.bankName,
      accountId: connection.accountNumberMasked,
      connectionId,
      source: 'bank_sync',
      arrivals: arrivalsOf(feed, connection.provider),
    };
    const categorize = await categorizerFor(deps, organizationId, { auto: true });
    const imported = await withAccountLocks(deps.db, organizationId, [connection.accountKey], async () => {
      const plan = await planIntake(deps, intake, { similar: true });
      const positions: (bigint | null)[] = [];
      for (const booking of plan.bookings) positions.push(await appendBooking(deps, organizationId, booking, at()));
      const created = await mapLimit(plan.fresh, 4, async (admitted) => {
        const data = importedData(intake, admitted, { status: 'pending', category: categorize(admitted.description, admitted.amount), recordedAs: null });
        const appended = await appendImported(deps, data, at());
        positions.push(appended.position);
        return appended.created;
      });
      await deps.waitForProjections(maxPosition(positions));
      return created.filter(Boolean).length;
    });
    outcome = { type: 'CompleteBankSync', data: { syncId, now: deps.clock().toISOString(), transactionsImported: imported } };
  } catch (error) {
    const message = error instanceof BankConnectorError || error instanceof DomainError ? error.message : 'Erro ao sincronizar transações';
    deps.logger.error({ err: error, syncId, connectionId }, 'bank sync failed');
    outcome = { type: 'FailBankSync', data: { syncId, now: deps.clock().toISOString(), error: message } };
  }
  try {
    const result = await handleCommand(deps.eventStore, bankConnectionStream(connectionId), bankConnection, outcome, at());
    await deps.waitForProjections(result.position);
  } catch (error) {
    // The log stays "running" until the stale-sync rule closes it on the next click.
    deps.logger.error({ err: error, syncId, connectionId }, 'could not record the end of a bank sync');
  }
}
