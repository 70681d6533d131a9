// Integração Bancária: supported banks, connections and their sync, the approval queue of imported
// transactions, and the sync logs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveImportedTransaction, decideInBulk, rejectImportedTransaction } from '../../app/banking/approval';
import { createBankConnection, deactivateBankConnection } from '../../app/banking/connections';
import { bankConnectors } from '../../app/banking/connectors';
import { startSync } from '../../app/banking/sync';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { accountTypes } from '../../domain/banking/bank-connection';
import { supportedBanks } from '../../domain/banking/banks';
import { notFound, validationError } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import {
  connectionSortable, findConnection, findImportedTransaction, importedSortable, listConnections, listImportedTransactions, listSyncLogs,
  syncLogSortable, type ConnectionRow, type ImportedRow, type SyncLogRow,
} from '../../projections/banking/queries';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { editorsOnly, idParams, messageResponse, recordId } from './finance-fields';

const CONNECTION_NOT_FOUND = 'Conexão bancária não encontrada';
const IMPORTED_NOT_FOUND = 'Transação importada não encontrada';
const REQUIRED = 'Preencha todos os campos obrigatórios';

export const connectionResponse = z.object({
  id: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountType: z.enum(accountTypes),
  connectionType: z.enum(['open_banking']),
  syncFrequency: z.enum(['daily']),
  provider: z.enum(['sandbox', 'pluggy']),
  isActive: z.boolean(),
  lastSyncAt: z.string().nullable(),
  createdAt: z.string(),
});

export const importedResponse = z.object({
  id: z.string(),
  transactionDate: z.string(),
  description: z.string(),
  bankName: z.string(),
  merchant: z.string().nullable(),
  transactionType: z.enum(['credit', 'debit']),
  amount: z.string(),
  category: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  source: z.enum(['ofx', 'bank_sync']),
  accountId: z.string(),
  fitId: z.string().nullable(),
  connectionId: z.string().nullable(),
  bookingStatus: z.enum(['pending', 'booked']),
  recordedAs: z.object({ kind: z.enum(['expense', 'revenue']), id: z.string() }).nullable(),
  importedAt: z.string(),
});

export const syncLogResponse = z.object({
  id: z.string(),
  connectionId: z.string(),
  bankName: z.string(),
  status: z.enum(['running', 'success', 'error']),
  startTime: z.string(),
  endTime: z.string().nullable(),
  transactionsImported: z.number().nullable(),
  error: z.string().nullable(),
});

const toConnection = (row: ConnectionRow): z.infer<typeof connectionResponse> => ({
  id: row.id,
  bankName: row.bank_name,
  accountNumber: row.account_number_masked,
  accountType: row.account_type,
  connectionType: row.connection_type,
  syncFrequency: row.sync_frequency,
  provider: row.provider,
  isActive: row.is_active,
  lastSyncAt: row.last_sync_at,
  createdAt: row.created_at,
});

const toImported = (row: ImportedRow): z.infer<typeof importedResponse> => ({
  id: row.id,
  transactionDate: row.transaction_date,
  description: row.description,
  bankName: row.bank_name,
  merchant: row.merchant,
  transactionType: row.transaction_type,
  amount: formatMoney(row.amount),
  category: row.category,
  status: row.status,
  source: row.source,
  accountId: row.account_id,
  fitId: row.fit_id,
  connectionId: row.connection_id,
  bookingStatus: row.booking_status,
  recordedAs: row.recorded_kind && row.recorded_id ? { kind: row.recorded_kind, id: row.recorded_id } : null,
  importedAt: row.imported_at,
});

const toSyncLog = (row: SyncLogRow): z.infer<typeof syncLogResponse> => ({
  id: row.id,
  connectionId: row.connection_id,
  bankName: row.bank_name,
  status: row.status,
  startTime: row.start_time,
  endTime: row.end_time,
  transactionsImported: row.transactions_imported,
  error: row.error,
});

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Loose on purpose: a missing bank, account or type is answered with the dialog's own message. */
const connectionBody = z.object({
  bankName: z.string().optional(),
  accountNumber: z.string().optional(),
  accountType: z.string().optional(),
  connectionType: z.enum(['open_banking'], { errorMap: () => ({ message: 'Tipo de conexão inválido; use open_banking' }) }).optional(),
  syncFrequency: z.enum(['daily'], { errorMap: () => ({ message: 'Frequência inválida; use daily' }) }).optional(),
  itemId: z.string().optional(),
});

const bulkBody = z.object({
  ids: z.array(z.string(), { invalid_type_error: 'ids deve ser uma lista' }).optional(),
  /** Only for approval: every pending transaction of the organization ('Aprovar todas'). */
  all: z.boolean().optional(),
});

const bulkResponse = z.object({ decided: z.number(), unchanged: z.number(), message: z.string() });

export const bankingRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['integração bancária'];

  app.get('/banks/supported', {
    schema: {
      tags, summary: 'Bancos disponíveis para conexão (provider: de onde vêm as transações; com pluggy, a conexão pede o itemId)',
      response: { 200: z.array(z.object({ name: z.string(), code: z.string(), provider: z.enum(['sandbox', 'pluggy']) })) },
    },
  }, async (request) => {
    requireTenant(request);
    const provider = bankConnectors().defaultProvider;
    return supportedBanks.map((bank) => ({ name: bank.name, code: bank.code, provider }));
  });

  app.get('/bank-connections', {
    schema: { tags, summary: 'Conexões bancárias (sort, range, filter: isActive)', querystring: listQuerySchema, response: { 200: z.array(connectionResponse) } },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const page = parseListParams(request.query, { sortable: connectionSortable, defaultSort: ['createdAt', 'DESC'] });
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listConnections(tx, organizationId, page));
    return sendList(reply, 'bank-connections', rows.map(toConnection), total, page.offset);
  });

  app.post('/bank-connections', {
    preValidation: editorsOnly,
    schema: {
      tags, summary: 'Conectar banco (connectionType open_banking e syncFrequency daily por padrão)', body: connectionBody,
      response: { 201: connectionResponse, 400: messageResponse, 403: messageResponse, 409: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const body = request.body;
    const missing = Object.fromEntries((['bankName', 'accountNumber', 'accountType'] as const).filter((f) => blank(body[f])).map((f) => [f, 'Obrigatório']));
    if (Object.keys(missing).length > 0) throw validationError(REQUIRED, missing);
    const accountType = z.enum(accountTypes).safeParse(body.accountType);
    if (!accountType.success) throw validationError('Tipo de conta inválido; use checking, savings ou credit', { accountType: 'Tipo de conta inválido' });
    const { connectionId } = await createBankConnection(deps, {
      bankName: body.bankName ?? '', accountNumber: body.accountNumber ?? '', accountType: accountType.data,
      connectionType: body.connectionType, syncFrequency: body.syncFrequency, itemId: body.itemId,
    }, actorContext(request, deps));
    const row = await withTenant(deps.db, organizationId, (tx) => findConnection(tx, organizationId, connectionId));
    if (!row) throw notFound(CONNECTION_NOT_FOUND);
    reply.status(201);
    return toConnection(row);
  });

  app.post('/bank-connections/:id/sync', {
    preValidation: editorsOnly,
    schema: {
      tags, summary: 'Sincronizar agora (em segundo plano; um clique durante uma sincronização se junta a ela)', params: idParams,
      response: { 202: z.object({ message: z.string(), syncId: z.string(), started: z.boolean() }), 403: messageResponse, 404: messageResponse, 409: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, CONNECTION_NOT_FOUND);
    const row = await withTenant(deps.db, organizationId, (tx) => findConnection(tx, organizationId, id));
    if (!row) throw notFound(CONNECTION_NOT_FOUND);
    const { syncId, started } = await startSync(deps, id, actorContext(request, deps));
    reply.status(202);
    return { message: started ? 'Sincronização iniciada' : 'Sincronização já em andamento', syncId, started };
  });

  app.post('/bank-connections/:id/deactivate', {
    preValidation: editorsOnly,
    schema: {
      tags, summary: 'Desconectar (desativar) a conexão: deixa de sincronizar; as transações já importadas continuam', params: idParams,
      response: { 200: connectionResponse, 403: messageResponse, 404: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, CONNECTION_NOT_FOUND);
    await deactivateBankConnection(deps, id, actorContext(request, deps));
    const row = await withTenant(deps.db, organizationId, (tx) => findConnection(tx, organizationId, id));
    if (!row) throw notFound(CONNECTION_NOT_FOUND);
    return toConnection(row);
  });

  app.get('/imported-transactions', {
    schema: {
      tags, summary: 'Transações importadas (sort, range, filter: q, status, source, connectionId, transactionType, date_gte, date_lte)',
      querystring: listQuerySchema, response: { 200: z.array(importedResponse) },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const page = parseListParams(request.query, { sortable: importedSortable, defaultSort: ['transactionDate', 'DESC'] });
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listImportedTransactions(tx, organizationId, page));
    return sendList(reply, 'imported-transactions', rows.map(toImported), total, page.offset);
  });

  const loadImported = async (organizationId: string, id: string) => {
    const row = await withTenant(deps.db, organizationId, (tx) => findImportedTransaction(tx, organizationId, id));
    if (!row) throw notFound(IMPORTED_NOT_FOUND);
    return toImported(row);
  };

  app.get('/imported-transactions/:id', {
    schema: { tags, summary: 'Uma transação importada', params: idParams, response: { 200: importedResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return loadImported(organizationId, recordId(request.params.id, IMPORTED_NOT_FOUND));
  });

  app.post('/imported-transactions/:id/approve', {
    preValidation: editorsOnly,
    schema: {
      tags, summary: 'Aprovar: vira despesa (débito) ou receita (crédito), uma única vez', params: idParams,
      response: { 200: importedResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, IMPORTED_NOT_FOUND);
    await approveImportedTransaction(deps, id, actorContext(request, deps));
    return loadImported(organizationId, id);
  });

  app.post('/imported-transactions/:id/reject', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Rejeitar', params: idParams, response: { 200: importedResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, IMPORTED_NOT_FOUND);
    await rejectImportedTransaction(deps, id, actorContext(request, deps));
    return loadImported(organizationId, id);
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/imported-transactions/bulk/${decision}`, {
      preValidation: editorsOnly,
      schema: {
        tags,
        summary: decision === 'approve'
          ? 'Aprovar várias de uma vez (ids, ou all: true para todas as pendentes): tudo ou nada'
          : 'Rejeitar várias de uma vez (ids): tudo ou nada',
        body: bulkBody,
        response: { 200: bulkResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse },
      },
    }, async (request) => {
      requireEditor(request);
      const { ids, all } = request.body;
      const selection = all === true && decision === 'approve' ? { allPending: true as const } : { ids: ids ?? [] };
      const { decided, unchanged } = await decideInBulk(deps, selection, decision, actorContext(request, deps));
      const verb = decision === 'approve' ? ['aprovada', 'aprovadas'] : ['rejeitada', 'rejeitadas'];
      return { decided, unchanged, message: `${decided} ${decided === 1 ? `transação ${verb[0]}` : `transações ${verb[1]}`}.` };
    });
  }

  app.get('/sync-logs', {
    schema: { tags, summary: 'Logs de sincronização (sort, range, filter: connectionId, status)', querystring: listQuerySchema, response: { 200: z.array(syncLogResponse) } },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const page = parseListParams(request.query, { sortable: syncLogSortable, defaultSort: ['startTime', 'DESC'] });
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listSyncLogs(tx, organizationId, page));
    return sendList(reply, 'sync-logs', rows.map(toSyncLog), total, page.offset);
  });
};
