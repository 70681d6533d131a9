// Read models of bank connections, their sync logs and imported transactions (also the index the
// importers search for duplicates: account key, identity ids, date, signed amount, description).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { BankConnectionEvent } from '../../domain/banking/bank-connection';
import type { ImportedTransactionEvent } from '../../domain/banking/imported-transaction';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

const handled = new Set([
  'BankConnectionCreated', 'BankConnectionDeactivated', 'BankSyncStarted', 'BankSyncCompleted', 'BankSyncFailed',
  'TransactionImported', 'ImportedTransactionBooked', 'ImportedTransactionApproved', 'ImportedTransactionRejected',
]);

type ImportedData = Extract<ImportedTransactionEvent, { type: 'TransactionImported' }>['data'];

/** TransactionImported rows in one multi-row insert (what `handle` inserts one at a time). */
async function insertImported(tx: Tx, batch: readonly { data: ImportedData; event: RecordedEvent }[]): Promise<void> {
  if (batch.length === 0) return;
  const rows = batch.map(({ data: d, event }) => {
    const at = event.metadata.occurredAt;
    const approved = d.status === 'approved';
    return {
      id: d.importedTransactionId, organization_id: d.organizationId, source: d.source, connection_id: d.connectionId, bank_name: d.bankName,
      account_id: d.accountId, account_key: d.accountKey, identity_kind: d.identityKind, fit_id: d.fitId, external_id: d.externalId,
      booking_status: d.bookingStatus, transaction_date: d.transactionDate, description: d.description, merchant: d.merchant,
      transaction_type: d.transactionType, amount: d.amount.toString(), category: d.category, status: d.status,
      recorded_kind: d.recordedAs?.kind ?? null, recorded_id: d.recordedAs?.id ?? null, imported_at: at,
      decided_by: approved ? event.metadata.actorUserId : null, decided_at: approved ? at : null,
    };
  });
  await tx.query(sql.unsafe`
    INSERT INTO imported_transactions (id, organization_id, source, connection_id, bank_name, account_id, account_key, identity_kind,
      fit_id, external_id, booking_status, transaction_date, description, merchant, transaction_type, amount, category, status,
      recorded_kind, recorded_id, imported_at, decided_by, decided_at)
    SELECT id, organization_id, source, connection_id, bank_name, account_id, account_key, identity_kind,
      fit_id, external_id, booking_status, transaction_date, description, merchant, transaction_type, amount, category, status,
      recorded_kind, recorded_id, imported_at, decided_by, decided_at
    FROM jsonb_to_recordset(${sql.jsonb(rows)}) AS r(id uuid, organization_id uuid, source text, connection_id uuid, bank_name text,
      account_id text, account_key text, identity_kind text, fit_id text, external_id text, booking_status text, transaction_date date,
      description text, merchant text, transaction_type text, amount bigint, category text, status text, recorded_kind text,
      recorded_id uuid, imported_at timestamptz, decided_by text, decided_at timestamptz)
    ON CONFLICT (id) DO NOTHING`);
}

export const bankingProjector: Projector = {
  name: 'banking',
  version: 1,
  tables: ['bank_connections', 'bank_sync_logs', 'imported_transactions'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS bank_connections (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        bank_name text NOT NULL,
        account_number_masked text NOT NULL,
        account_type text NOT NULL,
        connection_type text NOT NULL,
        sync_frequency text NOT NULL,
        provider text NOT NULL,
        account_key text NOT NULL,
        provider_item_id text,
        is_active boolean NOT NULL DEFAULT true,
        last_sync_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS bank_connections_organization ON bank_connections (organization_id, created_at)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS bank_sync_logs (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        connection_id uuid NOT NULL,
        bank_name text NOT NULL,
        status text NOT NULL,
        start_time timestamptz NOT NULL,
        end_time timestamptz,
        transactions_imported integer,
        error text
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS bank_sync_logs_organization ON bank_sync_logs (organization_id, start_time DESC)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS imported_transactions (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        source text NOT NULL,
        connection_id uuid,
        bank_name text NOT NULL,
        account_id text NOT NULL,
        account_key text NOT NULL,
        identity_kind text NOT NULL,
        booked_identity_id uuid,
        fit_id text,
        external_id text,
        booking_status text NOT NULL,
        transaction_date date NOT NULL,
        description text NOT NULL,
        merchant text,
        transaction_type text NOT NULL,
        amount bigint NOT NULL,
        category text,
        status text NOT NULL,
        recorded_kind text,
        recorded_id uuid,
        imported_at timestamptz NOT NULL,
        decided_by text,
        decided_at timestamptz
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS imported_transactions_account ON imported_transactions (organization_id, account_key, transaction_date)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS imported_transactions_list ON imported_transactions (organization_id, status, transaction_date DESC)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS imported_transactions_booked ON imported_transactions (booked_identity_id) WHERE booked_identity_id IS NOT NULL`);
    for (const table of ['bank_connections', 'bank_sync_logs', 'imported_transactions']) await protectTenantTable(tx, table);
  },
  /**
   * A page in log order: consecutive TransactionImported events (an OFX import, a sync) go in one
   * multi-row insert; any other banking event first writes the run before it, then applies alone,
   * so a decision always lands after the row it changes.
   */
  async handleBatch(events: readonly RecordedEvent[], tx: Tx) {
    let run: { data: ImportedData; event: RecordedEvent }[] = [];
    for (const event of events) {
      if (!handled.has(event.type)) continue;
      if (event.type === 'TransactionImported') {
        const e = decodeEvent<ImportedTransactionEvent>(event);
        if (e.type === 'TransactionImported') run.push({ data: e.data, event });
        continue;
      }
      await insertImported(tx, run);
      run = [];
      await bankingProjector.handle(event, tx);
    }
    await insertImported(tx, run);
  },
  async handle(event: RecordedEvent, tx: Tx) {
    if (!handled.has(event.type)) return;
    const e = decodeEvent<BankConnectionEvent | ImportedTransactionEvent>(event);
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'BankConnectionCreated': {
        const d = e.data;
        await tx.query(sql.unsafe`
          INSERT INTO bank_connections (id, organization_id, bank_name, account_number_masked, account_type, connection_type,
            sync_frequency, provider, account_key, provider_item_id, created_at)
          VALUES (${d.connectionId}, ${d.organizationId}, ${d.bankName}, ${d.accountNumberMasked}, ${d.accountType}, ${d.connectionType},
            ${d.syncFrequency}, ${d.provider}, ${d.accountKey}, ${d.providerItemId}, ${at})
          ON CONFLICT (id) DO NOTHING`);
        return;
      }
      case 'BankConnectionDeactivated':
        await tx.query(sql.unsafe`UPDATE bank_connections SET is_active = false WHERE id = ${e.data.connectionId}`);
        return;
      case 'BankSyncStarted':
        await tx.query(sql.unsafe`
          INSERT INTO bank_sync_logs (id, organization_id, connection_id, bank_name, status, start_time)
          SELECT ${e.data.syncId}, ${e.data.organizationId}, ${e.data.connectionId}, c.bank_name, 'running', ${e.data.startedAt}
          FROM bank_connections c WHERE c.id = ${e.data.connectionId}
          ON CONFLICT (id) DO NOTHING`);
        return;
      case 'BankSyncCompleted':
        await tx.query(sql.unsafe`
          UPDATE bank_sync_logs SET status = 'success', end_time = ${e.data.endedAt}, transactions_imported = ${e.data.transactionsImported}
          WHERE id = ${e.data.syncId}`);
        await tx.query(sql.unsafe`UPDATE bank_connections SET last_sync_at = ${e.data.endedAt} WHERE id = ${e.data.connectionId}`);
        return;
      case 'BankSyncFailed':
        await tx.query(sql.unsafe`
          UPDATE bank_sync_logs SET status = 'error', end_time = ${e.data.endedAt}, transactions_imported = 0, error = ${e.data.error}
          WHERE id = ${e.data.syncId}`);
        return;
      case 'TransactionImported': {
        const d = e.data;
        await tx.query(sql.unsafe`
          INSERT INTO imported_transactions (id, organization_id, source, connection_id, bank_name, account_id, account_key, identity_kind,
            fit_id, external_id, booking_status, transaction_date, description, merchant, transaction_type, amount, category, status,
            recorded_kind, recorded_id, imported_at, decided_by, decided_at)
          VALUES (${d.importedTransactionId}, ${d.organizationId}, ${d.source}, ${d.connectionId}, ${d.bankName}, ${d.accountId}, ${d.accountKey},
            ${d.identityKind}, ${d.fitId}, ${d.externalId}, ${d.bookingStatus}, ${d.transactionDate}::date, ${d.description}, ${d.merchant},
            ${d.transactionType}, ${d.amount.toString()}::bigint, ${d.category}, ${d.status}, ${d.recordedAs?.kind ?? null},
            ${d.recordedAs?.id ?? null}, ${at}, ${d.status === 'approved' ? event.metadata.actorUserId : null}, ${d.status === 'approved' ? at : null})
          ON CONFLICT (id) DO NOTHING`);
        return;
      }
      case 'ImportedTransactionBooked':
        await tx.query(sql.unsafe`
          UPDATE imported_transactions SET booking_status = 'booked', booked_identity_id = ${e.data.bookedIdentityId},
            fit_id = COALESCE(${e.data.fitId}, fit_id), transaction_date = ${e.data.transactionDate}::date
          WHERE id = ${e.data.importedTransactionId}`);
        return;
      case 'ImportedTransactionApproved':
        await tx.query(sql.unsafe`
          UPDATE imported_transactions SET status = 'approved', recorded_kind = ${e.data.recordedAs.kind}, recorded_id = ${e.data.recordedAs.id},
            decided_by = ${e.data.approvedBy}, decided_at = ${at}
          WHERE id = ${e.data.importedTransactionId}`);
        return;
      case 'ImportedTransactionRejected':
        await tx.query(sql.unsafe`
          UPDATE imported_transactions SET status = 'rejected', decided_by = ${e.data.rejectedBy}, decided_at = ${at}
          WHERE id = ${e.data.importedTransactionId}`);
        return;
    }
  },
};
