// Read model of impersonation sessions: who acted as which tenant, when, and which events they caused.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { ImpersonationEvent } from '../../domain/identity/impersonation';
import type { ImpersonationTrailEvent } from '../../domain/identity/impersonation-trail';
import type { UserEvent } from '../../domain/identity/user';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export const impersonationsProjector: Projector = {
  name: 'impersonations',
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
  async handle(event: RecordedEvent, tx: Tx) {
    const sessionId = event.metadata.impersonationSessionId;
    const organizationId = event.metadata.organizationId;
    if (event.type === 'ImpersonatedRequestRecorded') {
      const e = decodeEvent<ImpersonationTrailEvent>(event);
      await tx.query(sql.unsafe`
        INSERT INTO impersonation_trail_requests (event_id, position, impersonation_session_id, organization_id, method, path, query, body, status, duration_ms, ip, user_agent, at)
        VALUES (${event.id}, ${event.position.toString()}::bigint, ${e.data.impersonationSessionId}, ${e.data.organizationId}, ${e.data.method}, ${e.data.path},
                ${e.data.query === null ? null : JSON.stringify(e.data.query)}::jsonb, ${e.data.body === null || e.data.body === undefined ? null : JSON.stringify(e.data.body)}::jsonb,
                ${e.data.status}, ${e.data.durationMs}, ${e.data.ip}, ${e.data.userAgent}, ${e.data.at})
        ON CONFLICT (event_id) DO NOTHING`);
      return;
    }
    if (sessionId && organizationId) {
      await tx.query(sql.unsafe`
        INSERT INTO impersonation_session_events (event_id, impersonation_session_id, organization_id, position, stream_id, revision, type)
        VALUES (${event.id}, ${sessionId}, ${organizationId}, ${event.position.toString()}::bigint, ${event.streamId}, ${event.revision}, ${event.type})
        ON CONFLICT (event_id) DO NOTHING`);
    }
    if (event.type === 'UserRegistered' || event.type === 'UserProfileUpdated') {
      const e = decodeEvent<UserEvent>(event);
      if (e.type === 'UserRegistered' && e.data.role === 'super_admin') {
        await tx.query(sql.unsafe`
          INSERT INTO impersonation_admins (user_id, username) VALUES (${e.data.userId}, ${e.data.username})
          ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username`);
      } else if (e.type === 'UserProfileUpdated') {
        await tx.query(sql.unsafe`UPDATE impersonation_admins SET username = ${e.data.username} WHERE user_id = ${e.data.userId}`);
      }
      return;
    }
    if (event.type !== 'ImpersonationStarted' && event.type !== 'ImpersonationEnded') return;
    const e = decodeEvent<ImpersonationEvent>(event);
    switch (e.type) {
      case 'ImpersonationStarted':
        await tx.query(sql.unsafe`
          INSERT INTO impersonation_sessions (id, organization_id, super_admin_id, super_admin_name, reason, started_at, expires_at)
          VALUES (${e.data.impersonationSessionId}, ${e.data.organizationId}, ${e.data.superAdminId},
                  (SELECT username FROM impersonation_admins WHERE user_id = ${e.data.superAdminId}),
                  ${e.data.reason}, ${e.data.startedAt}, ${e.data.expiresAt})
          ON CONFLICT (id) DO NOTHING`);
        return;
      case 'ImpersonationEnded':
        await tx.query(sql.unsafe`
          UPDATE impersonation_sessions SET ended_at = ${e.data.endedAt}, end_reason = ${e.data.reason}
          WHERE id = ${e.data.impersonationSessionId}`);
        return;
    }
  },
};
