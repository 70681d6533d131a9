// A super admin acting as a tenant: start, stop, expiry, the request trail and the session's events.
import { sql } from 'slonik';
import { z } from 'zod';
import { asPlatform } from '../db/platform';
import { withTenant } from '../db/tenant';
import { impersonation } from '../../domain/identity/impersonation';
import { notFound } from '../../domain/shared/errors';
import { findOrganization } from '../../projections/identity/queries';
import { handleCommand, loadState } from '../commands/handle-command';
import { systemContext, type ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { encodeEvent } from '../eventstore/codec';
import { streamName, type EventMetadata, type EventStore, type RecordedEvent } from '../eventstore/port';
import { redactForTrail } from '../../domain/identity/impersonation-trail';
import { newId } from '../ids';
import { clearImpersonation, setSessionImpersonation } from './sessions';

export const impersonationStream = (id: string) => streamName('impersonation', id);

export async function startImpersonation(
  deps: AppDeps,
  actor: { userId: string; token: string; impersonation: { sessionId: string } | null },
  input: { organizationId: string; reason: string },
  context: ActorContext,
): Promise<{ sessionId: string; expiresAt: string }> {
  const org = await findOrganization(deps.db, input.organizationId);
  if (!org || org.deleted_at) throw notFound('Organização não encontrada');
  if (actor.impersonation) await endImpersonation(deps, actor.impersonation.sessionId, 'stopped', context);
  const sessionId = newId();
  const result = await handleCommand(deps.eventStore, impersonationStream(sessionId), impersonation, {
    type: 'StartImpersonation',
    data: { impersonationSessionId: sessionId, organizationId: org.id, superAdminId: actor.userId, reason: input.reason, now: context.now.toISOString() },
  }, { ...context, organizationId: org.id, actorUserId: actor.userId, impersonatorUserId: actor.userId, impersonationSessionId: sessionId });
  const started = result.events[0];
  if (started?.type !== 'ImpersonationStarted') throw new Error('impersonation did not start');
  await setSessionImpersonation(deps.db, actor.token, { sessionId, organizationId: org.id, expiresAt: new Date(started.data.expiresAt) });
  await deps.waitForProjections(result.position);
  return { sessionId, expiresAt: started.data.expiresAt };
}

/** Ends a session (no-op when already ended) and detaches it from every login session carrying it. */
export async function endImpersonation(deps: AppDeps, sessionId: string, reason: 'stopped' | 'expired', context: ActorContext): Promise<void> {
  const state = await loadState(deps.eventStore, impersonationStream(sessionId), impersonation);
  if (state.status === 'none') throw notFound('Sessão de personificação não encontrada');
  const result = await handleCommand(deps.eventStore, impersonationStream(sessionId), impersonation, {
    type: 'EndImpersonation', data: { now: context.now.toISOString(), reason },
  }, { ...context, organizationId: state.organizationId, impersonatorUserId: state.superAdminId, impersonationSessionId: sessionId });
  await clearImpersonation(deps.db, sessionId);
  await deps.waitForProjections(result.position);
}

const idRow = z.object({ id: z.string() });

/** Ends every session whose time is up, even if its super admin never came back. */
export async function sweepExpiredImpersonations(deps: AppDeps, now = deps.clock()): Promise<number> {
  const expired = await asPlatform(deps.db, (tx) => tx.anyFirst(sql.type(idRow)`
    SELECT id FROM impersonation_sessions WHERE ended_at IS NULL AND expires_at <= ${now.toISOString()}`));
  for (const id of expired) await endImpersonation(deps, id, 'expired', systemContext(now));
  return expired.length;
}

/** Ends the sessions acting on an organization (it is being deleted). */
export async function endImpersonationsOf(deps: AppDeps, organizationId: string, now: Date): Promise<void> {
  const open = await withTenant(deps.db, organizationId, (tx) => tx.anyFirst(sql.type(idRow)`
    SELECT id FROM impersonation_sessions WHERE ended_at IS NULL AND organization_id = ${organizationId}`));
  for (const id of open) await endImpersonation(deps, id, 'stopped', systemContext(now, organizationId));
}

export type ImpersonatedRequest = {
  impersonationSessionId: string;
  organizationId: string;
  superAdminId: string;
  requestId: string;
  method: string;
  path: string;
  /** The query string's parameters and the parsed body, as received: redacted here before they are stored. */
  query: Record<string, unknown> | null;
  body: unknown;
  status: number;
  durationMs: number;
  ip: string | null;
  userAgent: string | null;
  at: Date;
};

export const impersonationTrailStream = (sessionId: string) => streamName('impersonationtrail', sessionId);

/**
 * Appends one request to the session's trail stream — an event of the organization, so its hash
 * chain, checkpoints and export cover it. Secrets and file bytes are removed from query and body.
 */
export async function recordImpersonatedRequest(eventStore: EventStore, r: ImpersonatedRequest): Promise<bigint> {
  const query = r.query && Object.keys(r.query).length > 0 ? (redactForTrail(r.query) as Record<string, unknown>) : null;
  const body = r.body === undefined || r.body === null || r.body === '' ? null : redactForTrail(r.body);
  const result = await eventStore.append(impersonationTrailStream(r.impersonationSessionId), [encodeEvent({
    type: 'ImpersonatedRequestRecorded',
    data: {
      impersonationSessionId: r.impersonationSessionId, organizationId: r.organizationId, superAdminId: r.superAdminId, requestId: r.requestId,
      method: r.method, path: r.path.slice(0, 500), query, body, status: r.status, durationMs: Math.round(r.durationMs),
      ip: r.ip, userAgent: r.userAgent?.slice(0, 300) ?? null, at: r.at.toISOString(),
    },
  })], {
    expectedRevision: 'any',
    metadata: {
      organizationId: r.organizationId, actorUserId: r.superAdminId, impersonatorUserId: r.superAdminId,
      impersonationSessionId: r.impersonationSessionId, requestId: r.requestId, correlationId: r.requestId, causationId: null,
      occurredAt: r.at.toISOString(),
    },
  });
  return result.position;
}

const eventRow = z.object({
  position: z.bigint(),
  event_id: z.string(),
  stream_id: z.string(),
  revision: z.number(),
  type: z.string(),
  data: z.record(z.unknown()),
  metadata: z.record(z.unknown()),
});

/**
 * Every event appended under an impersonation session, in log order, from the event store itself.
 * - PostgreSQL store: one query on `events`, served by the index on metadata->>'impersonationSessionId'.
 * - EventStoreDB: it has no index over metadata, so the impersonations read model (which saw each
 *   such event on $all and kept its stream and revision) names the streams to read; each is read
 *   and filtered by the session id. Nothing scans the whole log.
 */
export async function listSessionEvents(deps: Pick<AppDeps, 'db' | 'eventStore'>, sessionId: string): Promise<RecordedEvent[]> {
  if (deps.eventStore.kind === 'postgres') {
    const rows = await deps.db.any(sql.type(eventRow)`
      SELECT position, event_id, stream_id, revision, type, data, metadata FROM events
      WHERE metadata ? 'impersonationSessionId' AND metadata->>'impersonationSessionId' = ${sessionId}
        AND type <> 'ImpersonatedRequestRecorded'
      ORDER BY position`);
    return rows.map((row) => ({
      id: row.event_id, streamId: row.stream_id, revision: row.revision, position: row.position,
      type: row.type, data: row.data, metadata: row.metadata as EventMetadata,
    }));
  }
  const streams = await asPlatform(deps.db, (tx) => tx.anyFirst(sql.type(z.object({ stream_id: z.string() }))`
    SELECT DISTINCT stream_id FROM impersonation_session_events WHERE impersonation_session_id = ${sessionId}`));
  const events: RecordedEvent[] = [];
  for (const stream of streams) {
    for (const event of await deps.eventStore.readStream(stream)) {
      if (event.metadata.impersonationSessionId === sessionId && event.type !== 'ImpersonatedRequestRecorded') events.push(event);
    }
  }
  return events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.revision - b.revision));
}
