// Demo bank data: the bakery's Banco do Brasil account on the sandbox bank, synced three times over
// the last days. Mariana keeps her books by hand, so what the bank brought was sorted like this:
// tarifas, IOF and debit-card purchases (which she never typed in) approved; everything she had
// already entered rejected as a duplicate of her own entry; the last two days still awaiting approval.
import { approveImportedTransaction, rejectImportedTransaction } from '../../app/banking/approval';
import { createBankConnection } from '../../app/banking/connections';
import { bankConnectorsFromEnv } from '../../app/banking/connectors';
import { settleSyncs, startSync } from '../../app/banking/sync';
import { systemContext } from '../../app/context';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { addDays, saoPauloDate } from '../../domain/shared/dates';
import { listImportedTransactions } from '../../projections/banking/queries';
import { sql } from 'slonik';
import type { DemoSeedStep } from './demo';

export const DEMO_BANK_ACCOUNT = { bankName: 'Banco do Brasil', accountNumber: '12345-6', accountType: 'checking' as const };

/** Days before today whose imported transactions are left awaiting approval. */
const LEFT_PENDING_DAYS = 2;
const SYNC_DAYS_AGO = [8, 1, 0];

const approvedByHabit = (description: string) => /^(TARIFA|IOF|COMPRA CARTAO DEBITO)/.test(description);

/** A clock `daysAgo` days behind the real one that still ticks, so sync durations stay real. */
const clockDaysAgo = (deps: AppDeps, daysAgo: number): (() => Date) => {
  const offset = daysAgo * 86_400_000;
  return () => new Date(deps.clock().getTime() - offset);
};

export const seedBanking: DemoSeedStep = async (deps, { organizationId, adminUserId, now }) => {
  const context = { ...systemContext(now, organizationId), actorUserId: adminUserId };
  // The demo always uses the sandbox bank, whatever provider the server is configured with.
  const sandbox = { ...bankConnectorsFromEnv({}), defaultProvider: 'sandbox' as const };
  const { connectionId } = await createBankConnection(deps, DEMO_BANK_ACCOUNT, { ...context, now: new Date(now.getTime() - 9 * 86_400_000) }, sandbox);

  for (const daysAgo of SYNC_DAYS_AGO) {
    const clock = clockDaysAgo(deps, daysAgo);
    const past: AppDeps = { ...deps, clock };
    await startSync(past, connectionId, { ...context, now: clock() }, sandbox);
    await settleSyncs();
  }

  // Decisions read nothing the previous one wrote: skip read-your-writes, wait once at the end.
  const quick: AppDeps = { ...deps, waitForProjections: async () => undefined };
  const today = saoPauloDate(now);
  const { rows } = await withTenant(deps.db, organizationId, (tx) =>
    listImportedTransactions(tx, organizationId, { orderBy: sql.fragment`ORDER BY transaction_date, id`, limit: 1000, offset: 0, filter: { connectionId, status: 'pending' } }));
  for (const row of rows) {
    if (row.transaction_date >= addDays(today, -LEFT_PENDING_DAYS + 1)) continue;
    if (approvedByHabit(row.description)) await approveImportedTransaction(quick, row.id, context);
    else await rejectImportedTransaction(quick, row.id, context);
  }
  await deps.waitForProjections(await deps.eventStore.headPosition());
};
