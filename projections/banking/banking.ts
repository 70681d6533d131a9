// Read models of bank connections, their sync logs and imported transactions (also the index the
// importers search for duplicates: account key, identity ids, date, signed amount, description).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { BankConnectionEvent } from '../../domain/banking/bank-connection';
import type { ImportedTransactionEvent } from '../../domain/banking/imported-transaction';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const handled = new Set([
  'BankConnectionCreated', 'BankConnectionDeactivated', 'BankSyncStarted', 'BankSyncCompleted', 'BankSyncFailed',
  'TransactionImported', 'ImportedTransactionBooked', 'ImportedTransactionApproved', 'ImportedTransactionRejected',
]);

const connectionSpec = {
  table: 'bank_connections', key: ['id'],
  columns: ['id', 'organization_id', 'bank_name', 'account_number_masked', 'account_type', 'connection_type', 'sync_frequency', 'provider', 'account_key',
    'provider_item_id', 'is_active', 'last_sync_at', 'created_at'],
} as const;
const syncSpec = {
  table: 'bank_sync_logs', key: ['id'],
  columns: ['id', 'organization_id', 'connection_id', 'bank_name', 'status', 'start_time', 'end_time', 'transactions_imported', 'error'],
} as const;
const importedSpec = {
  table: 'imported_transactions', key: ['id'],
  columns: ['id', 'organization_id', 'source', 'connection_id', 'bank_name', 'account_id', 'account_key', 'identity_kind', 'booked_identity_id', 'fit_id',
    'external_id', 'booking_status', 'transaction_date', 'description', 'merchant', 'transaction_type', 'amount', 'category', 'status', 'recorded_kind',
    'recorded_id', 'imported_at', 'decided_by', 'decided_at'],
} as const;

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handled.has(event.type))
    .map((event) => ({ event, e: decodeEvent<BankConnectionEvent | ImportedTransactionEvent>(event) }));
  if (decoded.length === 0) return;
  const connections = rowsFor(resident, connectionSpec);
  const syncs = rowsFor(resident, syncSpec);
  const imported = rowsFor(resident, importedSpec);
  await connections.load(tx, decoded.flatMap(({ e }) => ('connectionId' in e.data && e.data.connectionId ? [e.data.connectionId] : [])));
  await syncs.load(tx, decoded.flatMap(({ e }) => ('syncId' in e.data ? [e.data.syncId] : [])));
  await imported.load(tx, decoded.flatMap(({ e }) => ('importedTransactionId' in e.data ? [e.data.importedTransactionId] : [])));
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'BankConnectionCreated': {
        const d = e.data;
        connections.insertIfAbsent({
          id: d.connectionId, organization_id: d.organizationId, bank_name: d.bankName, account_number_masked: d.accountNumberMasked,
          account_type: d.accountType, connection_type: d.connectionType, sync_frequency: d.syncFrequency, provider: d.provider,
          account_key: d.accountKey, provider_item_id: d.providerItemId, is_active: true, last_sync_at: null, created_at: at,
        });
        break;
      }
      case 'BankConnectionDeactivated':
        connections.patch(e.data.connectionId, { is_active: false });
        break;
      case 'BankSyncStarted': {
        const connection = connections.get(e.data.connectionId);
        if (!connection) break;
        syncs.insertIfAbsent({
          id: e.data.syncId, organization_id: e.data.organizationId, connection_id: e.data.connectionId, bank_name: connection.bank_name,
          status: 'running', start_time: e.data.startedAt, end_time: null, transactions_imported: null, error: null,
        });
        break;
      }
      case 'BankSyncCompleted':
        syncs.patch(e.data.syncId, { status: 'success', end_time: e.data.endedAt, transactions_imported: e.data.transactionsImported });
        connections.patch(e.data.connectionId, { last_sync_at: e.data.endedAt });
        break;
      case 'BankSyncFailed':
        syncs.patch(e.data.syncId, { status: 'error', end_time: e.data.endedAt, transactions_imported: 0, error: e.data.error });
        break;
      case 'TransactionImported': {
        const d = e.data;
        imported.insertIfAbsent({
          id: d.importedTransactionId, organization_id: d.organizationId, source: d.source, connection_id: d.connectionId, bank_name: d.bankName,
          account_id: d.accountId, account_key: d.accountKey, identity_kind: d.identityKind, booked_identity_id: null, fit_id: d.fitId,
          external_id: d.externalId, booking_status: d.bookingStatus, transaction_date: d.transactionDate, description: d.description,
          merchant: d.merchant, transaction_type: d.transactionType, amount: big(d.amount), category: d.category, status: d.status,
          recorded_kind: d.recordedAs?.kind ?? null, recorded_id: d.recordedAs?.id ?? null, imported_at: at,
          decided_by: d.status === 'approved' ? event.metadata.actorUserId : null, decided_at: d.status === 'approved' ? at : null,
        });
        break;
      }
      case 'ImportedTransactionBooked':
        imported.patch(e.data.importedTransactionId, (row) => ({
          booking_status: 'booked', booked_identity_id: e.data.bookedIdentityId, fit_id: e.data.fitId ?? row.fit_id, transaction_date: e.data.transactionDate,
        }));
        break;
      case 'ImportedTransactionApproved':
        imported.patch(e.data.importedTransactionId, {
          status: 'approved', recorded_kind: e.data.recordedAs.kind, recorded_id: e.data.recordedAs.id, decided_by: e.data.approvedBy, decided_at: at,
        });
        break;
      case 'ImportedTransactionRejected':
        imported.patch(e.data.importedTransactionId, { status: 'rejected', decided_by: e.data.rejectedBy, decided_at: at });
        break;
    }
  }
  await connections.flush(tx);
  await syncs.flush(tx);
  await imported.flush(tx);
}

export const bankingProjector: Projector = {
  name: 'banking',
  answers: ['bankConnection', 'importedTransaction'],
  handles: (type) => handled.has(type),
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
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
