// Read model of impersonation sessions: who acted as which tenant, when, and which events they caused.
import { sql, type SerializableValue } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { ImpersonationEvent } from '../../domain/identity/impersonation';
import type { ImpersonationTrailEvent } from '../../domain/identity/impersonation-trail';
import type { UserEvent } from '../../domain/identity/user';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const sessionSpec = {
  table: 'impersonation_sessions', key: ['id'],
  columns: ['id', 'organization_id', 'super_admin_id', 'super_admin_name', 'reason', 'started_at', 'expires_at', 'ended_at', 'end_reason'],
} as const;
const sessionEventSpec = {
  table: 'impersonation_session_events', key: ['event_id'],
  columns: ['event_id', 'impersonation_session_id', 'organization_id', 'position', 'stream_id', 'revision', 'type'],
} as const;
const adminSpec = { table: 'impersonation_admins', key: ['user_id'], columns: ['user_id', 'username'] } as const;

/** The request trail is insert-only: one multi-row insert of the page's ImpersonatedRequestRecorded events. */
async function insertTrail(tx: Tx, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    const { data: d } = decodeEvent<ImpersonationTrailEvent>(event);
    return {
      event_id: event.id, position: big(event.position), impersonation_session_id: d.impersonationSessionId, organization_id: d.organizationId,
      method: d.method, path: d.path, query: (d.query ?? null) as SerializableValue, body: (d.body ?? null) as SerializableValue, status: d.status, duration_ms: d.durationMs,
      ip: d.ip, user_agent: d.userAgent, at: d.at,
    };
  });
  await tx.query(sql.unsafe`
    INSERT INTO impersonation_trail_requests (event_id, position, impersonation_session_id, organization_id, method, path, query, body, status, duration_ms, ip, user_agent, at)
    SELECT event_id, position, impersonation_session_id, organization_id, method, path, query, body, status, duration_ms, ip, user_agent, at
    FROM jsonb_populate_recordset(NULL::impersonation_trail_requests, ${sql.jsonb(rows)})
    ON CONFLICT (event_id) DO NOTHING`);
}

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const sessions = rowsFor(resident, sessionSpec);
  const sessionEvents = rowsFor(resident, sessionEventSpec);
  const admins = rowsFor(resident, adminSpec);
  const marked = events.filter((event) => event.metadata.impersonationSessionId && event.metadata.organizationId && event.type !== 'ImpersonatedRequestRecorded');
  const people = events.filter((event) => event.type === 'UserRegistered' || event.type === 'UserProfileUpdated').map((event) => decodeEvent<UserEvent>(event));
  const impersonations = events.filter((event) => event.type === 'ImpersonationStarted' || event.type === 'ImpersonationEnded')
    .map((event) => decodeEvent<ImpersonationEvent>(event));
  const trail = events.filter((event) => event.type === 'ImpersonatedRequestRecorded');
  await insertTrail(tx, trail);
  if (marked.length + people.length + impersonations.length === 0) return;
  await sessionEvents.load(tx, marked.map((event) => event.id));
  await admins.load(tx, [
    ...people.map((e) => e.data.userId),
    ...impersonations.flatMap((e) => (e.type === 'ImpersonationStarted' ? [e.data.superAdminId] : [])),
  ]);
  await sessions.load(tx, impersonations.map((e) => e.data.impersonationSessionId));
  for (const event of events) {
    const sessionId = event.metadata.impersonationSessionId;
    const organizationId = event.metadata.organizationId;
    if (event.type === 'ImpersonatedRequestRecorded') continue;
    if (sessionId && organizationId) {
      sessionEvents.insertIfAbsent({
        event_id: event.id, impersonation_session_id: sessionId, organization_id: organizationId, position: big(event.position),
        stream_id: event.streamId, revision: event.revision, type: event.type,
      });
    }
    if (event.type === 'UserRegistered' || event.type === 'UserProfileUpdated') {
      const e = decodeEvent<UserEvent>(event);
      if (e.type === 'UserRegistered' && e.data.role === 'super_admin') admins.put({ user_id: e.data.userId, username: e.data.username });
      else if (e.type === 'UserProfileUpdated') admins.patch(e.data.userId, { username: e.data.username });
      continue;
    }
    if (event.type !== 'ImpersonationStarted' && event.type !== 'ImpersonationEnded') continue;
    const e = decodeEvent<ImpersonationEvent>(event);
    if (e.type === 'ImpersonationStarted') {
      sessions.insertIfAbsent({
        id: e.data.impersonationSessionId, organization_id: e.data.organizationId, super_admin_id: e.data.superAdminId,
        super_admin_name: admins.get(e.data.superAdminId)?.username ?? null, reason: e.data.reason, started_at: e.data.startedAt,
        expires_at: e.data.expiresAt, ended_at: null, end_reason: null,
      });
    } else if (e.type === 'ImpersonationEnded') {
      sessions.patch(e.data.impersonationSessionId, { ended_at: e.data.endedAt, end_reason: e.data.reason });
    }
  }
  await admins.flush(tx);
  await sessions.flush(tx);
  await sessionEvents.flush(tx);
}

export const impersonationsProjector: Projector = {
  name: 'impersonations',
  answers: ['impersonation', 'impersonationtrail'],
  version: 1,
  tables: ['impersonation_sessions', 'impersonation_session_events', 'impersonation_admins', 'impersonation_trail_requests'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS impersonation_sessions (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        super_admin_id uuid NOT NULL,
        super_admin_name text,
        reason text NOT NULL,
        started_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        end_reason text
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS impersonation_sessions_org ON impersonation_sessions (organization_id, started_at DESC)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS impersonation_sessions_open ON impersonation_sessions (expires_at) WHERE ended_at IS NULL`);
    // One row per event appended under a session (idempotent by event id): counts and the
    // stream references the audit detail needs whichever event store is in use.
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS impersonation_session_events (
        event_id uuid PRIMARY KEY,
        impersonation_session_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        position bigint NOT NULL,
        stream_id text NOT NULL,
        revision integer NOT NULL,
        type text NOT NULL
      )`);
    await tx.query(sql.unsafe`
      CREATE INDEX IF NOT EXISTS impersonation_session_events_session ON impersonation_session_events (impersonation_session_id, position)`);
    // Names of super admins, copied here so this read model never reads another one's tables.
    await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS impersonation_admins (user_id uuid PRIMARY KEY, username text NOT NULL)`);
    // The request trail, from the ImpersonatedRequestRecorded events of each session's trail stream.
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS impersonation_trail_requests (
        event_id uuid PRIMARY KEY,
        position bigint NOT NULL,
        impersonation_session_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        query jsonb,
        body jsonb,
        status integer NOT NULL,
        duration_ms integer NOT NULL,
        ip text,
        user_agent text,
        at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`
      CREATE INDEX IF NOT EXISTS impersonation_trail_requests_session ON impersonation_trail_requests (impersonation_session_id, position)`);
    await protectTenantTable(tx, 'impersonation_trail_requests');
    await protectTenantTable(tx, 'impersonation_sessions');
    await protectTenantTable(tx, 'impersonation_session_events');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
