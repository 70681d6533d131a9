// Liveness (the process answers; no database) and readiness (database reachable, every projector
// caught up within a bound, none stalled and none degraded), with the reasons in the body.
import { asPlatform } from '../../app/db/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { isDatabaseUnavailable } from '../../app/db/unavailable';
import { projectors } from '../../projections/registry';

/** How many events a projector may trail the log's head and still count as ready (READY_MAX_LAG). */
export const readyMaxLag = (): bigint => BigInt(Number(process.env.READY_MAX_LAG) > 0 ? Math.floor(Number(process.env.READY_MAX_LAG)) : 1000);

/**
 * How long an event may wait for a projector and it still count as ready (READY_MAX_WAIT_SECONDS):
 * a stalled projector is not ready even while few events pile up behind it.
 */
export const readyMaxWaitSeconds = (): number => (Number(process.env.READY_MAX_WAIT_SECONDS) > 0 ? Number(process.env.READY_MAX_WAIT_SECONDS) : 30);

const projectorState = z.object({
  name: z.string(), position: z.string(), behind: z.number(), degradedOrganizations: z.number(),
  waitingSeconds: z.number().describe('Há quantos segundos o evento pendente mais antigo espera por esta projeção (0 quando em dia)'),
});
const readyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unavailable']),
  eventStore: z.string(),
  headPosition: z.string().nullable(),
  maxLag: z.number(),
  projectors: z.array(projectorState),
  reasons: z.array(z.string()),
});

export type Readiness = z.infer<typeof readyResponse>;

/**
 * Events after `position` up to `head`, counted up to `cap + 1` (beyond that the exact figure does not
 * matter). PostgreSQL positions are not dense (app/eventstore/postgres-schema.ts), so they are counted.
 */
async function eventsBetween(deps: AppDeps, position: bigint, head: bigint, cap: bigint): Promise<bigint> {
  if (head <= position) return 0n;
  if (deps.eventStore.kind !== 'postgres') return head - position;
  return BigInt(await deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM events WHERE position > ${position.toString()}::bigint AND position <= ${head.toString()}::bigint LIMIT ${Number(cap) + 1}
    ) AS pending_events`));
}

/** Seconds the first event after `position` has been waiting (PostgreSQL event store; 0 when none or unknown). */
async function waitingSeconds(deps: AppDeps, position: bigint, head: bigint): Promise<number> {
  if (head <= position || deps.eventStore.kind !== 'postgres') return 0;
  const waited = await deps.db.maybeOneFirst(sql.type(z.object({ s: z.number() }))`
    SELECT extract(epoch FROM now() - recorded_at)::float8 AS s FROM events
    WHERE position > ${position.toString()}::bigint AND position <= ${head.toString()}::bigint ORDER BY position LIMIT 1`);
  return Math.max(0, Math.floor(waited ?? 0));
}

export async function checkReadiness(deps: AppDeps): Promise<Readiness> {
  const maxLag = readyMaxLag();
  const maxWait = readyMaxWaitSeconds();
  const base = { eventStore: deps.eventStore.kind, maxLag: Number(maxLag) };
  try {
    const head = await deps.eventStore.headPosition();
    const checkpoints = await deps.db.any(sql.type(z.object({ name: z.string(), position: z.bigint() }))`
      SELECT name, position FROM projection_checkpoints`);
    // Operator rows (every organization's failures, counted, never shown per tenant).
    const failures = await asPlatform(deps.db, (tx) => tx.any(sql.type(z.object({ projector: z.string(), n: z.number() }))`
      SELECT projector, count(*)::int AS n FROM projection_failures WHERE resolved_at IS NULL GROUP BY projector`));
    const positionOf = new Map(checkpoints.map((c) => [c.name, c.position]));
    const degradedOf = new Map(failures.map((f) => [f.projector, f.n]));
    const reasons: string[] = [];
    const states = [];
    for (const projector of projectors) {
      const position = positionOf.get(projector.name) ?? 0n;
      const behind = await eventsBetween(deps, position, head, maxLag);
      const degradedOrganizations = degradedOf.get(projector.name) ?? 0;
      const waiting = await waitingSeconds(deps, position, head);
      if (behind > maxLag) reasons.push(`Projeção ${projector.name} está ${behind} eventos atrás (limite ${maxLag})`);
      else if (waiting > maxWait) reasons.push(`Projeção ${projector.name} parada: há ${behind} evento(s) esperando, o mais antigo há ${waiting} s (limite ${maxWait} s)`);
      if (degradedOrganizations > 0) reasons.push(`Projeção ${projector.name} degradada em ${degradedOrganizations} organização(ões)`);
      states.push({ name: projector.name, position: position.toString(), behind: Number(behind), degradedOrganizations, waitingSeconds: waiting });
    }
    return { status: reasons.length === 0 ? 'ready' : 'not_ready', database: 'ok', headPosition: head.toString(), projectors: states, reasons, ...base };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { status: 'not_ready', database: 'unavailable', headPosition: null, projectors: [], reasons: ['Banco de dados inacessível'], ...base };
  }
}

export const healthRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/health', {
    schema: {
      tags: ['sistema'],
      summary: 'Vivacidade: o processo responde (não consulta o banco)',
      response: { 200: z.object({ status: z.literal('ok'), eventStore: z.string(), uptimeSeconds: z.number() }) },
    },
  }, async () => ({ status: 'ok' as const, eventStore: deps.eventStore.kind, uptimeSeconds: Math.round(process.uptime()) }));

  app.get('/ready', {
    schema: {
      tags: ['sistema'],
      summary: 'Prontidão: banco acessível, projeções em dia (READY_MAX_LAG), nenhuma parada (READY_MAX_WAIT_SECONDS) e nenhuma degradada; 503 com os motivos quando não',
      response: { 200: readyResponse, 503: readyResponse },
    },
  }, async (_request, reply) => {
    const readiness = await checkReadiness(deps);
    return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
  });
};
