// /api/admin/projections: the read models for analysts (super admin and the platform analyst) —
// each projector's version, checkpoint, lag, state, degraded organizations and last rebuild, and
// a rebuild request the projection process picks up (projection_rebuilds row + NOTIFY).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { platformDb } from '../../app/db/platform';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { DomainError, notFound } from '../../domain/shared/errors';
import { projectors } from '../../projections/registry';
import { REBUILDS_CHANNEL } from '../../projections/runner';
import { requireAuth } from '../plugins/auth';

const messageResponse = z.object({ message: z.string() });

const rebuildSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  position: z.string(),
  head: z.string(),
  applied: z.number(),
  eventsPerSecond: z.number(),
  etaSeconds: z.number().nullable(),
  error: z.string().nullable(),
});

const projectionSchema = z.object({
  name: z.string(),
  version: z.number(),
  storedVersion: z.number().nullable(),
  checkpoint: z.string(),
  head: z.string(),
  lagEvents: z.number(),
  lagSeconds: z.number(),
  state: z.enum(['up_to_date', 'catching_up', 'rebuilding', 'degraded']),
  degradedOrganizations: z.array(z.object({
    organizationId: z.string().nullable(), organizationName: z.string().nullable(), position: z.string(), eventType: z.string(), error: z.string(), failedAt: z.string(),
  })),
  rebuild: rebuildSchema.nullable(),
});

const checkpointRow = z.object({ name: z.string(), version: z.number(), position: z.bigint() });
const failureRow = z.object({
  projector: z.string(), organization_id: z.string().nullable(), organization_name: z.string().nullable(), position: z.bigint(), event_type: z.string(),
  error: z.string(), failed_at: z.string(),
});
const rebuildRow = z.object({
  id: z.string(), projector: z.string(), status: z.enum(['pending', 'running', 'done', 'failed']), requested_at: z.string(), started_at: z.string().nullable(),
  finished_at: z.string().nullable(), position: z.bigint(), head: z.bigint(), applied: z.bigint(), error: z.string().nullable(), elapsed: z.number().nullable(),
});

export const FORBIDDEN_PROJECTIONS = 'Você não tem permissão para ver as projeções.';

function requireAnalyst(request: Parameters<typeof requireAuth>[0]) {
  const auth = requireAuth(request);
  if (auth.role !== 'super_admin' && auth.role !== 'analyst') throw new DomainError('forbidden', FORBIDDEN_PROJECTIONS);
  return auth;
}

const toRebuild = (row: z.infer<typeof rebuildRow>): z.infer<typeof rebuildSchema> => {
  const applied = Number(row.applied);
  const eventsPerSecond = row.elapsed && row.elapsed > 0 ? applied / row.elapsed : 0;
  const left = Number(row.head > row.position ? row.head - row.position : 0n);
  return {
    id: row.id, status: row.status, requestedAt: row.requested_at, startedAt: row.started_at, finishedAt: row.finished_at, position: row.position.toString(),
    head: row.head.toString(), applied, eventsPerSecond: Math.round(eventsPerSecond),
    // Once the log is read, writing out and indexing take a time the event rate does not tell: no ETA, rather than "0 s".
    etaSeconds: row.status === 'running' && eventsPerSecond > 0 && left > 0 ? Math.ceil(left / eventsPerSecond) : null, error: row.error,
  };
};

export const adminProjectionRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  // Operator screens over every organization's failures and rebuilds: the platform context.
  const db = platformDb(deps.db);
  const tags = ['administração'];

  app.get('/admin/projections', {
    config: { access: 'analyst' },
    schema: { tags, summary: 'Projeções: versão, checkpoint, atraso, estado (analista ou super admin)', response: { 200: z.array(projectionSchema), 403: messageResponse } },
  }, async (request) => {
    requireAnalyst(request);
    const head = await deps.eventStore.headPosition();
    const checkpoints = new Map((await db.any(sql.type(checkpointRow)`SELECT name, version, position FROM projection_checkpoints`)).map((r) => [r.name, r]));
    const failures = await db.any(sql.type(failureRow)`
      SELECT f.projector, f.organization_id, o.name AS organization_name, f.position, f.event_type, f.error, f.failed_at
      FROM projection_failures f LEFT JOIN organizations o ON o.id = f.organization_id
      WHERE f.resolved_at IS NULL ORDER BY f.failed_at`);
    const rebuilds = new Map((await db.any(sql.type(rebuildRow)`
      SELECT DISTINCT ON (projector) id, projector, status, requested_at, started_at, finished_at, position, head, applied, error,
        extract(epoch FROM (COALESCE(finished_at, now()) - started_at))::float8 AS elapsed
      FROM projection_rebuilds WHERE organization_id IS NULL ORDER BY projector, requested_at DESC`)).map((r) => [r.projector, r]));
    // Lag in time: how long ago the oldest event a projector has not applied was recorded.
    const oldestUnapplied = new Map<bigint, number>();
    const lagSecondsOf = async (position: bigint): Promise<number> => {
      if (position >= head) return 0;
      if (!oldestUnapplied.has(position)) {
        const [next] = await deps.eventStore.readAll({ after: position, limit: 1 });
        oldestUnapplied.set(position, next ? Math.max(0, (Date.now() - Date.parse(next.metadata.occurredAt)) / 1000) : 0);
      }
      return oldestUnapplied.get(position) ?? 0;
    };
    const out: z.infer<typeof projectionSchema>[] = [];
    for (const projector of projectors) {
      const checkpoint = checkpoints.get(projector.name);
      const position = checkpoint?.position ?? 0n;
      const degraded = failures.filter((f) => f.projector === projector.name);
      const rebuild = rebuilds.get(projector.name);
      const rebuilding = (checkpoint && checkpoint.version !== projector.version) || rebuild?.status === 'running' || rebuild?.status === 'pending';
      const lagEvents = Number(head > position ? head - position : 0n);
      out.push({
        name: projector.name, version: projector.version, storedVersion: checkpoint?.version ?? null, checkpoint: position.toString(), head: head.toString(),
        lagEvents, lagSeconds: Math.round(await lagSecondsOf(position)),
        state: rebuilding ? 'rebuilding' : degraded.length > 0 ? 'degraded' : lagEvents > 0 ? 'catching_up' : 'up_to_date',
        degradedOrganizations: degraded.map((f) => ({
          organizationId: f.organization_id, organizationName: f.organization_name, position: f.position.toString(), eventType: f.event_type, error: f.error, failedAt: f.failed_at,
        })),
        rebuild: rebuild ? toRebuild(rebuild) : null,
      });
    }
    return out;
  });

  app.post('/admin/projections/:name/rebuild', {
    config: { access: 'analyst' },
    schema: {
      tags, summary: 'Reconstruir uma projeção (tabelas sombra e troca atômica; as leituras continuam servidas)',
      params: z.object({ name: z.string() }), response: { 202: rebuildSchema, 403: messageResponse, 404: messageResponse, 409: messageResponse },
    },
  }, async (request, reply) => {
    const auth = requireAnalyst(request);
    const { name } = request.params;
    if (!projectors.some((p) => p.name === name)) throw notFound('Projeção não encontrada');
    const id = randomUUID();
    const row = await db.transaction(async (tx) => {
      // One rebuild of a projector at a time: a second request while one is pending or running is refused.
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${`projection-rebuild:${name}`}))`);
      const open = await tx.exists(sql.unsafe`
        SELECT 1 FROM projection_rebuilds WHERE projector = ${name} AND organization_id IS NULL AND status IN ('pending', 'running')`);
      if (open) throw new DomainError('conflict', 'Esta projeção já está sendo reconstruída.');
      const inserted = await tx.one(sql.type(rebuildRow)`
        INSERT INTO projection_rebuilds (id, projector, requested_by) VALUES (${id}, ${name}, ${auth.userId})
        RETURNING id, projector, status, requested_at, started_at, finished_at, position, head, applied, error, NULL::float8 AS elapsed`);
      await tx.query(sql.unsafe`SELECT pg_notify(${REBUILDS_CHANNEL}, ${name})`);
      return inserted;
    });
    request.log.info({ projector: name, rebuildId: id }, 'projection rebuild requested');
    return reply.code(202).send(toRebuild(row));
  });

  // Once the code that failed on an organization's event is fixed: replay that organization alone
  // (its rows of the projector rebuilt from its events, its failure resolved, its events flowing again).
  app.post('/admin/projections/:name/organizations/:organizationId/replay', {
    config: { access: 'analyst' },
    schema: {
      tags, summary: 'Reprocessar uma organização numa projeção (depois de corrigida a falha que a deixou degradada)',
      params: z.object({ name: z.string(), organizationId: z.string().uuid('Organização inválida') }),
      response: { 202: rebuildSchema, 403: messageResponse, 404: messageResponse, 409: messageResponse },
    },
  }, async (request, reply) => {
    const auth = requireAnalyst(request);
    const { name, organizationId } = request.params;
    if (!projectors.some((p) => p.name === name)) throw notFound('Projeção não encontrada');
    const id = randomUUID();
    const row = await db.transaction(async (tx) => {
      const exists = await tx.exists(sql.unsafe`SELECT 1 FROM organizations WHERE id = ${organizationId}`);
      if (!exists) throw notFound('Organização não encontrada');
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${`projection-replay:${name}:${organizationId}`}))`);
      const open = await tx.exists(sql.unsafe`
        SELECT 1 FROM projection_rebuilds WHERE projector = ${name} AND organization_id = ${organizationId} AND status IN ('pending', 'running')`);
      if (open) throw new DomainError('conflict', 'Esta organização já está sendo reprocessada nesta projeção.');
      const inserted = await tx.one(sql.type(rebuildRow)`
        INSERT INTO projection_rebuilds (id, projector, organization_id, requested_by) VALUES (${id}, ${name}, ${organizationId}, ${auth.userId})
        RETURNING id, projector, status, requested_at, started_at, finished_at, position, head, applied, error, NULL::float8 AS elapsed`);
      await tx.query(sql.unsafe`SELECT pg_notify(${REBUILDS_CHANNEL}, ${name})`);
      return inserted;
    });
    request.log.info({ projector: name, organizationId, rebuildId: id }, 'organization replay requested');
    return reply.code(202).send(toRebuild(row));
  });
};
