// The PostgreSQL event store's own tables: the global log and one row per stream.
import { sql, type CommonQueryMethods } from 'slonik';

export async function migrateEventStore(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS events (
      position bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      stream_id text NOT NULL,
      revision integer NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, revision)
    )`);
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS event_streams (
      stream_id text PRIMARY KEY,
      revision integer NOT NULL,
      last_hash text
    )`);
  await db.query(sql.unsafe`
    CREATE INDEX IF NOT EXISTS events_organization_position
      ON events ((metadata->>'organizationId'), position)`);
  await db.query(sql.unsafe`
    CREATE INDEX IF NOT EXISTS events_impersonation_session
      ON events ((metadata->>'impersonationSessionId'))
      WHERE metadata ? 'impersonationSessionId'`);
  // The log is append-only: no role may rewrite or delete history.
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'events are append-only'; END $$`);
  await db.query(sql.unsafe`DROP TRIGGER IF EXISTS events_immutable ON events`);
  await db.query(sql.unsafe`
    CREATE TRIGGER events_immutable BEFORE UPDATE OR DELETE ON events
      FOR EACH ROW EXECUTE FUNCTION events_are_immutable()`);
}
