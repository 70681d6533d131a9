// Impersonation: the super admin starts and stops acting as a tenant; the audit of every session
// (its requests and events) for the super admin, and for the admins of the organization it touched.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { endImpersonation, listSessionEvents, startImpersonation, sweepExpiredImpersonations } from '../../app/identity/impersonation';
import { forbidden, notFound } from '../../domain/shared/errors';
import {
  findImpersonationSession, impersonationSessionSort, listImpersonationRequests, listImpersonationSessions,
  type impersonationSessionRow,
} from '../../projections/identity/admin-queries';
import { actorContext, requireSuperAdmin, requireTenant, type Auth } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { currentUser, currentUserResponse } from './auth';

const messageResponse = z.object({ message: z.string() });
const idParams = z.object({ id: z.string().uuid('Sessão não encontrada') });

export const impersonationSession = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string().nullable(),
  superAdminId: z.string(),
  superAdminName: z.string().nullable(),
  reason: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(['stopped', 'expired']).nullable(),
  status: z.enum(['active', 'ended']),
  requestCount: z.number(),
  eventCount: z.number(),
});

export const impersonationDetail = impersonationSession.extend({
  requests: z.array(z.object({
    id: z.string(), method: z.string(), path: z.string(), status: z.number(), durationMs: z.number(),
    ip: z.string().nullable(), userAgent: z.string().nullable(), at: z.string(),
    query: z.record(z.unknown()).nullable(), body: z.unknown().nullable(),
  })),
  events: z.array(z.object({
    id: z.string(), position: z.string(), streamId: z.string(), revision: z.number(), type: z.string(),
    occurredAt: z.string().nullable(), actorUserId: z.string().nullable(), impersonatorUserId: z.string().nullable(),
    data: z.record(z.unknown()),
  })),
});

const toSession = (row: z.infer<typeof impersonationSessionRow>) => ({
  id: row.id, organizationId: row.organization_id, organizationName: row.organization_name, superAdminId: row.super_admin_id,
  superAdminName: row.super_admin_name, reason: row.reason, startedAt: row.started_at, expiresAt: row.expires_at, endedAt: row.ended_at,
  endReason: row.end_reason as 'stopped' | 'expired' | null, status: row.ended_at ? ('ended' as const) : ('active' as const),
  requestCount: row.request_count, eventCount: row.event_count,
});

export const impersonationRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['administração'];

  /** The trail's events are appended as each request ends; its read model is caught up before it is read. */
  const trailCaughtUp = async () => deps.waitForProjections(await deps.eventStore.headPosition());

  /** The session with its trail; `organizationId` limits it to one tenant (its admins' view). */
  async function detail(id: string, organizationId: string | null) {
    const read = async (db: CommonQueryMethods) => {
      const session = await findImpersonationSession(db, id, organizationId);
      if (!session) throw notFound('Sessão de personificação não encontrada');
      return { session, requests: await listImpersonationRequests(db, id, session.organization_id) };
    };
    const { session, requests } = organizationId ? await withTenant(deps.db, organizationId, read) : await read(deps.db);
    const events = (await listSessionEvents(deps, id)).filter((e) => !organizationId || e.metadata.organizationId === organizationId);
    return {
      ...toSession(session),
      requests: requests.map((r) => ({ id: r.id, method: r.method, path: r.path, status: r.status, durationMs: r.duration_ms, ip: r.ip, userAgent: r.user_agent, at: r.at, query: r.query, body: r.body ?? null })),
      events: events.map((e) => ({
        id: e.id, position: e.position.toString(), streamId: e.streamId, revision: e.revision, type: e.type,
        occurredAt: e.metadata.occurredAt ?? null, actorUserId: e.metadata.actorUserId ?? null, impersonatorUserId: e.metadata.impersonatorUserId ?? null,
        data: e.data,
      })),
    };
  }

  app.post('/admin/impersonate', {
    schema: {
      tags, summary: 'Acessar como uma organização (personificação, com motivo; termina sozinha em 1 hora)',
      body: z.object({
        organizationId: z.string({ required_error: 'Organização é obrigatória' }).uuid('Organização não encontrada'),
        reason: z.string({ required_error: 'Informe o motivo do acesso' }).trim().min(1, 'Informe o motivo do acesso').max(500, 'Motivo muito longo'),
      }),
      response: { 200: currentUserResponse, 400: messageResponse, 404: messageResponse },
    },
  }, async (request) => {
    const auth = requireSuperAdmin(request);
    const started = await startImpersonation(deps, auth, request.body, actorContext(request, deps));
    request.auth = { ...auth, organizationId: request.body.organizationId, impersonation: { sessionId: started.sessionId, organizationId: request.body.organizationId, expiresAt: started.expiresAt } };
    return currentUser(deps, request);
  });

  app.post('/admin/stop-impersonation', {
    schema: { tags, summary: 'Voltar ao Admin (encerra a personificação)', response: { 200: currentUserResponse } },
  }, async (request) => {
    const auth = requireSuperAdmin(request);
    if (auth.impersonation) await endImpersonation(deps, auth.impersonation.sessionId, 'stopped', actorContext(request, deps));
    request.auth = { ...auth, organizationId: auth.homeOrganizationId, impersonation: null } satisfies Auth;
    return currentUser(deps, request);
  });

  app.get('/admin/impersonations', {
    schema: { tags, summary: 'Sessões de personificação (auditoria)', querystring: listQuerySchema, response: { 200: z.array(impersonationSession) } },
  }, async (request, reply) => {
    requireSuperAdmin(request);
    await sweepExpiredImpersonations(deps);
    await trailCaughtUp();
    const params = parseListParams(request.query, { sortable: impersonationSessionSort, defaultSort: ['startedAt', 'DESC'], tieBreaker: impersonationSessionSort.id });
    const organizationId = typeof params.filter.organizationId === 'string' ? params.filter.organizationId : null;
    const { rows, total } = await listImpersonationSessions(deps.db, params, { organizationId });
    return sendList(reply, 'impersonations', rows.map(toSession), total, params.offset);
  });

  app.get('/admin/impersonations/:id', {
    schema: { tags, summary: 'Uma sessão de personificação: cada requisição e cada evento', params: idParams, response: { 200: impersonationDetail, 404: messageResponse } },
  }, async (request) => {
    requireSuperAdmin(request);
    await sweepExpiredImpersonations(deps);
    await trailCaughtUp();
    return detail(request.params.id, null);
  });

  // The organization's own admins see the sessions that touched it.
  const requireOrganizationAdmin = (request: Parameters<typeof requireTenant>[0]) => {
    const auth = requireTenant(request);
    if (auth.role === 'user') throw forbidden();
    return auth;
  };

  app.get('/organization/impersonations', {
    schema: { tags: ['usuários da organização'], summary: 'Acessos do suporte (personificações) nesta organização', querystring: listQuerySchema, response: { 200: z.array(impersonationSession) } },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(request);
    await sweepExpiredImpersonations(deps);
    await trailCaughtUp();
    const params = parseListParams(request.query, { sortable: impersonationSessionSort, defaultSort: ['startedAt', 'DESC'], tieBreaker: impersonationSessionSort.id });
    const { rows, total } = await withTenant(deps.db, auth.organizationId, (tx) => listImpersonationSessions(tx, params, { organizationId: auth.organizationId }));
    return sendList(reply, 'impersonations', rows.map(toSession), total, params.offset);
  });

  app.get('/organization/impersonations/:id', {
    schema: { tags: ['usuários da organização'], summary: 'Um acesso do suporte: cada requisição e cada evento', params: idParams, response: { 200: impersonationDetail, 404: messageResponse } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(request);
    await sweepExpiredImpersonations(deps);
    await trailCaughtUp();
    return detail(request.params.id, auth.organizationId);
  });
};
