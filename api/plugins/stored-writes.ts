// Truthful writes and optimistic concurrency, for every route at once.
//
// Each API request runs inside its own AsyncLocalStorage context. The event store the routes use is
// wrapped so that (a) every event appended during the request is remembered, and (b) when the
// client sent the revision it last read (`If-Match` or `version` in the body) for the record of the
// route's `:id`, reading or appending that record's stream at another revision is refused with 409.
//
// A request that stored events is never answered with an error: when read-your-writes timed out,
// or anything failed after the append (the record not yet in the read model, …), it is answered
// 202 with the record's id and the log position, and the UI waits for the record.
//
// Read-your-writes is per session: a write waits only for the read models that answer its own
// records (Projector.answers: the expenses list for an expense); the same session's next request
// waits for every read model to include that write (the dashboard, search, budgets' spending…),
// unless it is a write that decides from its own records alone. Other sessions see it as soon as
// the projections apply it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { projectorsAnswering } from '../../projections/projector';
import { projectors } from '../../projections/registry';
import type { AppendResult, EventStore, ExpectedRevision, RecordedEvent } from '../../app/eventstore/port';
import { conflict } from '../../domain/shared/errors';
import { routeUnder } from './route-prefix';

export const STALE_RECORD_MESSAGE = 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.';
export const ACCEPTED_MESSAGE = 'Registrado com sucesso. Os números desta tela ainda estão sendo atualizados e aparecem em instantes.';

type RequestWrites = {
  appended: { streamId: string; position: bigint; revision: number }[];
  /** Read-your-writes gave up waiting for the read models. */
  lagged: boolean;
  /** The revision the client last read of the route's record (If-Match / body.version). */
  expected: { id: string; version: number; satisfied: boolean } | null;
  /** The session token the request came with, if any. */
  session: string | null;
};

const requestWrites = new AsyncLocalStorage<RequestWrites>();

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The record id a stream name ends with (`expense-<uuid>` → `<uuid>`), or null. */
export const recordIdOfStream = (streamId: string): string | null => UUID_AT_END.exec(streamId)?.[1].toLowerCase() ?? null;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expectationFor(streamId: string): RequestWrites['expected'] {
  const expected = requestWrites.getStore()?.expected;
  if (!expected || expected.satisfied) return null;
  return recordIdOfStream(streamId) === expected.id ? expected : null;
}

function checkRead(streamId: string, history: readonly RecordedEvent[]): void {
  const expected = expectationFor(streamId);
  if (!expected || history.length === 0) return;
  if (history[history.length - 1].revision !== expected.version) throw conflict(STALE_RECORD_MESSAGE);
}

/**
 * Runs `work` outside the request it was started from: a background job's appends are not the
 * request's writes, so the session's next requests (a job's progress polls) never wait for the
 * read models to catch up with them, and the request keeps no record of them once answered.
 */
export const detachedFromRequest = <T>(work: () => T): T => requestWrites.exit(work);

/** The revision to append at: the client's, when it sent one for this stream (a stale one is refused). */
function checkAppend(streamId: string, expectedRevision: ExpectedRevision): ExpectedRevision {
  const expected = expectationFor(streamId);
  if (!expected) return expectedRevision;
  if (typeof expectedRevision === 'number' && expectedRevision !== expected.version) throw conflict(STALE_RECORD_MESSAGE);
  if (expectedRevision === 'no_stream') throw conflict(STALE_RECORD_MESSAGE);
  return expected.version;
}

function remember(results: AppendResult[]): void {
  const store = requestWrites.getStore();
  if (!store) return;
  for (const result of results) {
    const streamId = result.events[0]?.streamId;
    if (!streamId) continue;
    store.appended.push({ streamId, position: result.position, revision: result.nextRevision });
    const expected = store.expected;
    if (expected && recordIdOfStream(streamId) === expected.id) expected.satisfied = true;
  }
}

/** The event store as routes see it: appends remembered per request, the client's revision enforced. */
export function trackedEventStore(inner: EventStore): EventStore {
  return {
    kind: inner.kind,
    async append(streamId, events, options) {
      const expectedRevision = checkAppend(streamId, options.expectedRevision);
      const result = await inner.append(streamId, events, { ...options, expectedRevision });
      remember([result]);
      return result;
    },
    async appendMany(appends, options) {
      const checked = appends.map((a) => ({ ...a, expectedRevision: checkAppend(a.streamId, a.expectedRevision) }));
      const results = await inner.appendMany(checked, options);
      remember(results);
      return results;
    },
    async readStream(streamId) {
      const history = await inner.readStream(streamId);
      checkRead(streamId, history);
      return history;
    },
    streamRevisions: (streamIds, options) => inner.streamRevisions(streamIds, options),
    readAll: (options) => inner.readAll(options),
    readOrganization: (organizationId, options) => inner.readOrganization(organizationId, options),
    organizationPositionAt: (organizationId, instant) => inner.organizationPositionAt(organizationId, instant),
    waitForEvents: (after, options) => inner.waitForEvents(after, options),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
}

/**
 * Writes of records that decide from their own stream and record read models only (never from a
 * derived view such as the category memory, the unified transactions or the ledger): they need not
 * wait for the session's earlier writes to reach every view. Any other write does (an OFX import
 * categorises and deduplicates from views the session's last edits feed).
 */
const SELF_CONTAINED_WRITES = ['/api/expenses', '/api/revenues', '/api/financial-goals', '/api/investments', '/api/budgets', '/api/categories', '/api/notifications'];
const isSelfContainedWrite = (route: string | undefined) => SELF_CONTAINED_WRITES.some((prefix) => routeUnder(route, prefix));

/** The category a stream name starts with (`expense-<uuid>` → `expense`). */
const categoryOfStream = (streamId: string): string => streamId.replace(UUID_AT_END, '').replace(/-$/, '');

/** The highest log position each session wrote and has not yet read back everywhere. */
const sessionWrites = new Map<string, bigint>();
const MAX_SESSIONS_TRACKED = 10_000;

function noteSessionWrite(session: string, position: bigint): void {
  const before = sessionWrites.get(session);
  sessionWrites.delete(session);
  sessionWrites.set(session, before !== undefined && before > position ? before : position);
  if (sessionWrites.size > MAX_SESSIONS_TRACKED) sessionWrites.delete(sessionWrites.keys().next().value as string);
}

/**
 * The dependencies routes get: the tracked event store, and a read-your-writes wait for the read
 * models answering the records the request wrote, which notes a timeout and the session's write.
 */
export function trackedDeps(deps: AppDeps): AppDeps {
  return {
    ...deps,
    eventStore: trackedEventStore(deps.eventStore),
    waitForProjections: async (position, only) => {
      const store = requestWrites.getStore();
      if (!store || position === null) return deps.waitForProjections(position, only);
      // Only a wait for this request's own writes narrows to the projectors answering them; a wait
      // for a position beyond them (the log's head, another session's write) needs every projector.
      const ownWrite = store.appended.some((a) => a.position >= position);
      const answering = only
        ?? (ownWrite ? projectorsAnswering(projectors, new Set(store.appended.map((a) => categoryOfStream(a.streamId)))) : null)
        ?? undefined;
      const reached = await deps.waitForProjections(position, answering);
      if (reached === false) store.lagged = true;
      if (store.session) noteSessionWrite(store.session, position);
      return reached;
    },
  };
}

/** `"3"`, `W/"3"` or `3` → 3; anything else (or `*`) → null. */
export function parseRevision(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
}

export type AcceptedWrite = { id: string | null; position: string; status: 'pending'; message: string };

/** The 202 answer of a request that stored events but cannot show the result yet; null when it stored nothing. */
export function acceptedWrite(request: FastifyRequest): AcceptedWrite | null {
  if (!WRITE_METHODS.has(request.method)) return null;
  const store = request.storedWrites;
  if (!store || store.appended.length === 0) return null;
  const position = store.appended.reduce((max, a) => (a.position > max ? a.position : max), 0n);
  const routeId = (request.params as { id?: unknown } | undefined)?.id;
  const id = typeof routeId === 'string' && routeId ? routeId : recordIdOfStream(store.appended[0].streamId);
  return { id, position: position.toString(), status: 'pending', message: ACCEPTED_MESSAGE };
}

function sendAccepted(reply: FastifyReply, accepted: AcceptedWrite): void {
  reply.code(202).header('X-Fluxo-Log-Position', accepted.position);
}

export function registerStoredWrites(app: FastifyInstance, deps: Pick<AppDeps, 'waitForProjections'>): void {
  app.decorateRequest('storedWrites', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const store: RequestWrites = { appended: [], lagged: false, expected: null, session: request.auth?.token ?? null };
    request.storedWrites = store;
    requestWrites.run(store, done);
  });
  // The session's next request after a write sees it everywhere (bounded by the read-your-writes wait).
  app.addHook('preHandler', async (request) => {
    if (WRITE_METHODS.has(request.method) && isSelfContainedWrite(request.routeOptions.url)) return;
    const session = request.auth?.token;
    const written = session ? sessionWrites.get(session) : undefined;
    if (!session || written === undefined) return;
    await deps.waitForProjections(written);
    if (sessionWrites.get(session) === written) sessionWrites.delete(session);
  });
  // The revision the client last read: If-Match (ETag of GET one) or `version` in the body.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'PUT' && request.method !== 'PATCH' && request.method !== 'DELETE') return;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string' || !UUID_AT_END.test(id) || !request.storedWrites) return;
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : null;
    const version = parseRevision(request.headers['if-match']) ?? parseRevision(body?.version);
    if (body && 'version' in body) delete body.version;
    if (version !== null) request.storedWrites.expected = { id: id.toLowerCase(), version, satisfied: false };
  });
  // Stored, but read-your-writes timed out: an answer showing the written record would show it as
  // it was before (answers that are not the record, e.g. a login's, are left as they are).
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.storedWrites?.lagged || reply.statusCode >= 300) return payload;
    const accepted = acceptedWrite(request);
    const shownId = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as { id?: unknown }).id : undefined;
    if (!accepted || typeof shownId !== 'string') return payload;
    const written = new Set(request.storedWrites.appended.map((a) => recordIdOfStream(a.streamId)));
    if (!written.has(shownId.toLowerCase())) return payload;
    sendAccepted(reply, accepted);
    return accepted;
  });
}

/** For the error handler: a request that stored events answers 202 instead of the error. */
export function answerStoredWrite(request: FastifyRequest, reply: FastifyReply): boolean {
  const accepted = acceptedWrite(request);
  if (!accepted) return false;
  request.log.warn({ err: request.storedWrites?.lagged ? undefined : 'error after append', position: accepted.position }, 'write stored; answered 202');
  sendAccepted(reply, accepted);
  void reply.send(accepted);
  return true;
}

declare module 'fastify' {
  interface FastifyRequest {
    storedWrites: RequestWrites | null;
  }
}
