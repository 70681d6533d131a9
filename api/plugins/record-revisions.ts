// Every record the API answers carries its revision: `version` in the JSON (lists and single
// records) and, on GET of one record, `ETag: "<version>"`. The client sends it back (If-Match, or
// `version` in the body) and a stale one is refused with 409 (stored-writes.ts).
//
// The version is the revision of the record's event stream, the same number the event store checks
// on append, read from the store itself (no read model to keep in step). An answer `asOf` an
// instant carries the revisions as of that instant's cut, as the live answer did then.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { streamName } from '../../app/eventstore/port';
import { AS_OF_HEADER } from './as-of';
import { routeUnder } from './route-prefix';

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

/** The categories of the records a route answers, by its path (`/api/expenses/:id` → expense). */
const ROUTE_CATEGORIES: [prefix: string, categories: string[]][] = [
  ['/api/expenses', ['expense']],
  ['/api/revenues', ['revenue']],
  ['/api/transactions', ['expense', 'revenue']],
  ['/api/financial-goals', ['goal']],
  ['/api/budgets', ['budget']],
  ['/api/investments', ['investment']],
  ['/api/categories', ['category']],
  ['/api/organization/users', ['user']],
  ['/api/admin/users', ['user']],
  ['/api/admin/organizations', ['organization']],
  ['/api/imported-transactions', ['importedTransaction', 'expense', 'revenue']],
  ['/api/notifications', ['notification']],
  ['/api/bank-connections', ['bankConnection']],
];

/**
 * The categories of the records a route answers, or null for a route whose answers are not records
 * one edits (search hits, charts, reports): those carry no version and cost no lookup.
 */
function recordCategoriesOf(routeUrl: string | undefined): string[] | null {
  const found = ROUTE_CATEGORIES.find(([prefix]) => routeUnder(routeUrl, prefix));
  return found ? found[1] : null;
}

/**
 * Each id's revision: that of the first of its candidate streams that exists (at or before `until`).
 * A stream the request itself appended to is at the revision its append returned (the answer shows
 * the record as of that write, or later: a version no newer than what is shown), without a query.
 */
async function revisionsOf(
  deps: AppDeps, categories: readonly string[], ids: readonly string[], until: bigint | undefined, written: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  const unknown: string[] = [];
  for (const id of ids) {
    const revision = until === undefined ? categories.map((category) => written.get(streamName(category, id))).find((r) => r !== undefined) : undefined;
    if (revision !== undefined) versions.set(id, revision);
    else unknown.push(id);
  }
  if (unknown.length === 0) return versions;
  const streams = unknown.flatMap((id) => categories.map((category) => streamName(category, id)));
  const found = await deps.eventStore.streamRevisions(streams, { until });
  for (const id of unknown) {
    const revision = categories.map((category) => found.get(streamName(category, id))).find((r) => r !== undefined);
    if (revision !== undefined) versions.set(id, revision);
  }
  return versions;
}

function recordsOf(payload: unknown): Versioned[] {
  const list = Array.isArray(payload) ? payload : payload && typeof payload === 'object' ? [payload] : [];
  return list.filter((r): r is Versioned => !!r && typeof r === 'object' && typeof (r as Versioned).id === 'string' && UUID.test((r as { id: string }).id));
}

/** Must be registered before the routes (it rewrites their response schemas as they are added). */
export function registerRecordRevisions(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !recordCategoriesOf(route.url)) return;
    for (const [status, schema] of Object.entries(response)) {
      if (status.startsWith('2')) response[status] = withVersion(schema);
    }
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    const organizationId = request.auth?.organizationId;
    if (!organizationId || reply.statusCode >= 300 || reply.statusCode === 202) return payload;
    const categories = recordCategoriesOf(request.routeOptions.url);
    if (!categories) return payload;
    const records = recordsOf(payload);
    if (records.length === 0) return payload;
    const ids = [...new Set(records.map((r) => (r.id as string).toLowerCase()))];
    const asOf = reply.getHeader(AS_OF_HEADER);
    const until = typeof asOf === 'string' ? await deps.eventStore.organizationPositionAt(organizationId, new Date(asOf)) : undefined;
    const written = new Map((request.storedWrites?.appended ?? []).map((a) => [a.streamId, a.revision]));
    const versions = await revisionsOf(deps, categories, ids, until, written);
    for (const record of records) {
      const version = versions.get((record.id as string).toLowerCase());
      if (version !== undefined) record.version = version;
    }
    const single = !Array.isArray(payload) && records.length === 1 ? records[0].version : undefined;
    if (single !== undefined && request.method === 'GET') reply.header('ETag', `"${single}"`);
    return payload;
  });
}
