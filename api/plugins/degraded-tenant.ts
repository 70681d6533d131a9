// An organization whose read models are held back (a projector failed on one of its events and
// waits for a replay, projections/isolation.ts) is told so on every answer: header
// `X-Fluxo-Degraded: <projectors>`. The UI shows a banner; its figures are never silently wrong.
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { asTenant } from '../../app/db/platform';
import type { AppDeps } from '../../app/deps';

export const DEGRADED_HEADER = 'X-Fluxo-Degraded';

/** How long one organization's answer is reused (a failure shows within this time). */
const CACHE_MS = 1_000;

export function registerDegradedTenant(app: FastifyInstance, deps: AppDeps): void {
  const cache = new Map<string, { at: number; projectors: Promise<string[]> }>();

  const degradedProjectors = (organizationId: string): Promise<string[]> => {
    const now = Date.now();
    const hit = cache.get(organizationId);
    if (hit && now - hit.at < CACHE_MS) return hit.projectors;
    if (cache.size > 10_000) cache.clear();
    const projectors = asTenant(deps.db, organizationId, (tx) => tx.anyFirst(sql.type(z.object({ projector: z.string() }))`
        SELECT projector FROM projection_failures WHERE organization_id = ${organizationId} AND resolved_at IS NULL ORDER BY projector`))
      .then((rows) => [...rows]);
    cache.set(organizationId, { at: now, projectors });
    projectors.catch(() => cache.delete(organizationId));
    return projectors;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const organizationId = request.auth?.organizationId;
    if (!organizationId) return payload;
    try {
      const projectors = await degradedProjectors(organizationId);
      if (projectors.length > 0) reply.header(DEGRADED_HEADER, projectors.join(','));
    } catch {
      // The database is unreachable: the answer already says so (503), or was built before.
    }
    return payload;
  });
}
