// Liveness and readiness: the database answers and the projections are caught up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';

export const healthRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/health', {
    schema: {
      tags: ['sistema'],
      summary: 'Saúde do serviço',
      response: { 200: z.object({ status: z.literal('ok'), eventStore: z.string(), headPosition: z.string(), projectionsBehind: z.number() }) },
    },
  }, async () => {
    const head = await deps.eventStore.headPosition();
    const slowest = await deps.db.oneFirst(sql.type(z.object({ p: z.bigint() }))`
      SELECT COALESCE(min(position), 0)::bigint AS p FROM projection_checkpoints`);
    return { status: 'ok' as const, eventStore: deps.eventStore.kind, headPosition: head.toString(), projectionsBehind: Number(head - slowest > 0n ? head - slowest : 0n) };
  });
};
