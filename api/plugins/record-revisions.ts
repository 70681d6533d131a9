// Every record the API answers carries its revision: `version` in the JSON (lists and single
// records) and, on GET of one record, `ETag: "<version>"`. The client sends it back (If-Match, or
// `version` in the body) and a stale one is refused with 409 (stored-writes.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { recordVersions } from '../../projections/record-versions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const versionField = z.number().int().optional().describe('Revisão do registro: envie-a em If-Match (ou version) ao alterar ou excluir');

type Shape = Record<string, z.ZodTypeAny>;

/** A response schema of records (an object with `id`, or an array of them) with `version` added. */
function withVersion(schema: unknown): unknown {
  if (schema instanceof z.ZodObject && 'id' in (schema.shape as Shape) && !('version' in (schema.shape as Shape))) {
    return schema.extend({ version: versionField });
  }
  if (schema instanceof z.ZodArray) {
    const element = withVersion(schema.element);
    return element === schema.element ? schema : z.array(element as z.ZodTypeAny);
  }
  return schema;
}

type Versioned = { id?: unknown; version?: number };

function recordsOf(payload: unknown): Versioned[] {
  const list = Array.isArray(payload) ? payload : payload && typeof payload === 'object' ? [payload] : [];
  return list.filter((r): r is Versioned => !!r && typeof r === 'object' && typeof (r as Versioned).id === 'string' && UUID.test((r as { id: string }).id));
}

/** Must be registered before the routes (it rewrites their response schemas as they are added). */
export function registerRecordRevisions(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    for (const [status, schema] of Object.entries(response)) {
      if (status.startsWith('2')) response[status] = withVersion(schema);
    }
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    const organizationId = request.auth?.organizationId;
    if (!organizationId || reply.statusCode >= 300 || reply.statusCode === 202) return payload;
    const records = recordsOf(payload);
    if (records.length === 0) return payload;
    const ids = [...new Set(records.map((r) => (r.id as string).toLowerCase()))];
    const versions = await withTenant(deps.db, organizationId, (tx) => recordVersions(tx, organizationId, ids));
    for (const record of records) {
      const version = versions.get((record.id as string).toLowerCase());
      if (version !== undefined) record.version = version;
    }
    const single = !Array.isArray(payload) && records.length === 1 ? records[0].version : undefined;
    if (single !== undefined && request.method === 'GET') reply.header('ETag', `"${single}"`);
    return payload;
  });
}
