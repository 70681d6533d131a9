// /api/audit: the organization's audit trail for its admins and auditors (and a super admin acting
// as the organization): the events, one record's history, the verifier's result and the export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { platformDb } from '../../app/db/platform';
import { exportOrganization, exportFileName } from '../../app/audit/export';
import { sealLog } from '../../app/audit/seal';
import { listAuditEvents, streamHistory } from '../../app/audit/trail';
import { verifyOrganization } from '../../app/audit/verify';
import { DomainError } from '../../domain/shared/errors';
import { requireAuditReader } from '../plugins/auth';
import { MAX_PAGE } from '../plugins/list';

const tags = ['auditoria'];
const messageResponse = z.object({ message: z.string() });

const uuid = (label: string) => z.string().uuid(`${label} inválido`).optional();
const eventsQuery = z.object({
  stream: z.string().max(200).optional(),
  type: z.string().regex(/^[A-Za-z]+$/, 'Tipo de evento inválido').max(100).optional(),
  actor: uuid('Usuário'),
  impersonator: uuid('Usuário'),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  offset: z.coerce.number({ invalid_type_error: 'offset inválido' }).int('offset inválido').min(0, 'offset inválido').max(10_000_000).default(0),
  limit: z.coerce.number({ invalid_type_error: 'limit inválido' }).int('limit inválido').min(1, 'limit inválido').max(MAX_PAGE, `limit máximo: ${MAX_PAGE}`).default(50),
});

export const auditEvent = z.object({
  position: z.string(),
  id: z.string(),
  streamId: z.string(),
  revision: z.number(),
  type: z.string(),
  occurredAt: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  impersonatorUserId: z.string().nullable(),
  impersonatorName: z.string().nullable(),
  impersonationSessionId: z.string().nullable(),
  requestId: z.string().nullable(),
  correlationId: z.string().nullable(),
  hash: z.string().nullable(),
  data: z.record(z.unknown()),
});

const finding = z.object({ kind: z.string(), position: z.string().nullable(), streamId: z.string().nullable(), revision: z.number().nullable(), message: z.string() });
export const verification = z.object({
  ok: z.boolean(),
  organizationId: z.string().nullable(),
  checkedEvents: z.number(),
  sealedThrough: z.string(),
  checkpoints: z.number(),
  lastCheckpointAt: z.string().nullable(),
  findings: z.array(finding),
  verifiedAt: z.string(),
});

const NO_KEY = 'A verificação de integridade não está disponível: o servidor não tem chave de auditoria configurada (FLUXO_AUDIT_KEY).';

export const auditRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const requireKey = () => {
    if (!deps.auditKey) throw new DomainError('unavailable', NO_KEY);
    return deps.auditKey;
  };

  app.get('/audit/events', {
    schema: {
      tags, summary: 'Eventos da organização, do mais recente ao mais antigo (filtros: stream, tipo, autor, personificador, período)',
      querystring: eventsQuery, response: { 200: z.array(auditEvent), 400: messageResponse, 403: messageResponse },
    },
  }, async (request, reply) => {
    const auth = requireAuditReader(request);
    const { offset, limit, ...filters } = request.query;
    const { events, total } = await listAuditEvents(deps, auth.organizationId, filters, { offset, limit });
    const end = events.length === 0 ? offset : offset + events.length - 1;
    reply.header('Content-Range', `events ${offset}-${end}/${total}`);
    reply.header('X-Total-Count', String(total));
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
    return events;
  });

  app.get('/audit/streams/:stream', {
    schema: {
      tags, summary: 'Histórico de um registro: cada evento e o estado depois dele',
      params: z.object({ stream: z.string().max(200) }),
      response: { 200: z.object({ streamId: z.string(), aggregate: z.string(), steps: z.array(auditEvent.extend({ state: z.unknown() })) }), 404: messageResponse },
    },
  }, async (request) => {
    const auth = requireAuditReader(request);
    return streamHistory(deps, auth.organizationId, request.params.stream);
  });

  app.get('/audit/verify', {
    schema: { tags, summary: 'Verificação de integridade do histórico da organização (cadeia de hashes e checkpoints assinados)', response: { 200: verification, 403: messageResponse, 503: messageResponse } },
  }, async (request) => {
    const auth = requireAuditReader(request);
    const auditKey = requireKey();
    // The chain spans the whole log (platform events, other organizations' positions): platform context.
    const db = platformDb(deps.db);
    await sealLog({ db, eventStore: deps.eventStore, auditKey, clock: deps.clock });
    const result = await verifyOrganization({ db, eventStore: deps.eventStore, auditKey }, auth.organizationId);
    return { ...result, verifiedAt: deps.clock().toISOString() };
  });

  app.get('/audit/export', {
    schema: { tags, summary: 'Exportação do histórico (JSON Lines, application/x-ndjson): eventos com metadados, trilha de personificação, anexos e o checkpoint assinado' },
  }, async (request, reply) => {
    const auth = requireAuditReader(request);
    const auditKey = requireKey();
    const stream = await exportOrganization({ db: platformDb(deps.db), eventStore: deps.eventStore, auditKey, clock: deps.clock }, auth.organizationId);
    reply.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${exportFileName(auth.organizationId, deps.clock())}"`);
    return reply.send(stream);
  });
};
