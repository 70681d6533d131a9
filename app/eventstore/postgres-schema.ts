// The PostgreSQL event store's own tables: the global log and one row per stream, plus the
// server-side function that appends in one round trip.
//
// Global order without a global lock held through commit: positions still come from the
// events_position_seq sequence (dense but for rolled-back appends), and an append may commit
// after a later position's. So an appending transaction marks itself in pg_locks — a shared
// advisory lock APPENDING (7263011) before it draws positions, then a shared MARK lock
// (7263, low 32 bits of its first position) — and a reader first computes the horizon: the
// smallest position still in flight, else the sequence's last value + 1 (`fluxo_read_horizon`),
// then reads below it in a second snapshot (`fluxo_read_all`). Every position below the horizon
// is final, so $all stays exact (no skip, no repeat) while appends commit — and share WAL
// flushes — in parallel. Non-appending transactions never hold readers back.
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

  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION fluxo_read_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      last_drawn bigint;
      unmarked boolean;
      oldest bigint;
      this_database oid := (SELECT oid FROM pg_database WHERE datname = current_database());
    BEGIN
      LOOP
        -- First the sequence, then the locks: an append not seen in flight draws above last_drawn.
        SELECT last_value INTO last_drawn FROM events_position_seq;
        WITH locks AS MATERIALIZED (
          SELECT virtualtransaction, classid, objid, objsubid FROM pg_locks
          WHERE locktype = 'advisory' AND database = this_database AND granted
        )
        SELECT bool_or(mark.objid IS NULL),
               min(CASE WHEN behind.by > 2147483648 THEN last_drawn + 1 ELSE last_drawn - behind.by END)
          INTO unmarked, oldest
        FROM locks appending
        LEFT JOIN locks mark ON mark.virtualtransaction = appending.virtualtransaction AND mark.classid = 7263 AND mark.objsubid = 2
        -- how far below last_drawn the marked position is (mod 2^32); more than 2^31: drawn after it
        LEFT JOIN LATERAL (SELECT ((last_drawn % 4294967296) - (mark.objid::text::bigint + 2147483648) % 4294967296 + 4294967296) % 4294967296 AS by) behind ON true
        WHERE appending.classid = 0 AND appending.objid = 7263011 AND appending.objsubid = 1;
        -- An append between drawing its positions and marking them: microseconds, look again.
        EXIT WHEN NOT COALESCE(unmarked, false);
        PERFORM pg_sleep(0.0002);
      END LOOP;
      RETURN LEAST(COALESCE(oldest, last_drawn + 1), last_drawn + 1);
    END $$`);
  // Horizon first, rows in a second statement (so a second snapshot): see the note at the top.
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION fluxo_read_all(after bigint, max_rows integer) RETURNS SETOF events LANGUAGE plpgsql VOLATILE AS $$
    DECLARE horizon bigint := fluxo_read_horizon();
    BEGIN
      RETURN QUERY SELECT * FROM events WHERE position > after AND position < horizon ORDER BY position LIMIT max_rows;
    END $$`);
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION fluxo_read_organization(organization text, after bigint, up_to bigint, max_rows integer) RETURNS SETOF events LANGUAGE plpgsql VOLATILE AS $$
    DECLARE horizon bigint := fluxo_read_horizon();
    BEGIN
      RETURN QUERY SELECT * FROM events
        WHERE metadata->>'organizationId' = organization AND position > after AND position < horizon
          AND (up_to IS NULL OR position <= up_to)
        ORDER BY position LIMIT max_rows;
    END $$`);
  /** The last final position, and the last committed one (larger while an append is in flight). */
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION fluxo_heads(OUT stable bigint, OUT latest bigint) LANGUAGE plpgsql VOLATILE AS $$
    DECLARE horizon bigint := fluxo_read_horizon();
    BEGIN
      stable := COALESCE((SELECT max(position) FROM events WHERE position < horizon), 0);
      latest := COALESCE((SELECT max(position) FROM events), 0);
    END $$`);
  await db.query(sql.unsafe`ALTER TABLE events ALTER COLUMN position SET DEFAULT nextval('events_position_seq')`);
  await db.query(sql.unsafe`DROP FUNCTION IF EXISTS fluxo_next_position()`);
  await createAppendFunction(db);
}

/**
 * `batch`: [{ stream, expected ('any'|'no_stream'|'stream_exists'|n), baseRevision, baseHash,
 * events: [{ id, revision, type, data, metadata }] }] — hashes already computed against
 * (baseRevision, baseHash). Streams are locked in name order (no deadlock between multi-stream
 * appends); a stale expected revision raises FX001, a chain tip that moved since the caller
 * hashed raises FX002; both carry the stream's current revision and hash in DETAIL.
 * Returns the positions of the events, in the order given.
 */
async function createAppendFunction(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
CREATE OR REPLACE FUNCTION fluxo_append(batch jsonb) RETURNS bigint[] LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  s jsonb;
  current_revision integer;
  current_hash text;
  expected text;
  event_count integer;
  positions bigint[];
BEGIN
  FOR s IN SELECT value FROM jsonb_array_elements(batch) ORDER BY value->>'stream' LOOP
    SELECT revision, last_hash INTO current_revision, current_hash
      FROM event_streams WHERE stream_id = s->>'stream' FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO event_streams (stream_id, revision, last_hash) VALUES (s->>'stream', -1, NULL)
        ON CONFLICT (stream_id) DO NOTHING;
      SELECT revision, last_hash INTO current_revision, current_hash
        FROM event_streams WHERE stream_id = s->>'stream' FOR UPDATE;
    END IF;
    expected := s->>'expected';
    IF NOT (expected = 'any'
        OR (expected = 'no_stream' AND current_revision < 0)
        OR (expected = 'stream_exists' AND current_revision >= 0)
        OR expected = current_revision::text) THEN
      RAISE EXCEPTION 'fluxo_conflict' USING ERRCODE = 'FX001',
        DETAIL = jsonb_build_object('stream', s->>'stream', 'revision', current_revision, 'hash', current_hash)::text;
    END IF;
    IF current_revision <> (s->>'baseRevision')::integer OR current_hash IS DISTINCT FROM (s->>'baseHash') THEN
      RAISE EXCEPTION 'fluxo_stale_chain' USING ERRCODE = 'FX002',
        DETAIL = jsonb_build_object('stream', s->>'stream', 'revision', current_revision, 'hash', current_hash)::text;
    END IF;
  END LOOP;

  SELECT count(*) INTO event_count FROM jsonb_array_elements(batch) st(value), jsonb_array_elements(st.value->'events');
  PERFORM pg_advisory_xact_lock_shared(7263011); -- APPENDING, before drawing positions
  SELECT array_agg(p ORDER BY p) INTO positions
    FROM (SELECT nextval('events_position_seq') AS p FROM generate_series(1, event_count)) drawn;
  -- MARK: the first (smallest) position drawn, as a signed int4 of its low 32 bits.
  PERFORM pg_advisory_xact_lock_shared(7263, ((positions[1] % 4294967296) - 2147483648)::integer);
  WITH input AS (
    SELECT st.value->>'stream' AS stream_id, ev.value AS e,
           row_number() OVER (ORDER BY st.ord, ev.ord) - 1 AS k
    FROM jsonb_array_elements(batch) WITH ORDINALITY st(value, ord),
         jsonb_array_elements(st.value->'events') WITH ORDINALITY ev(value, ord)
  ), inserted AS (
    INSERT INTO events (position, event_id, stream_id, revision, type, data, metadata)
    SELECT positions[k + 1], (e->>'id')::uuid, stream_id, (e->>'revision')::integer, e->>'type', e->'data', e->'metadata'
    FROM input ORDER BY k
    RETURNING 1
  )
  SELECT count(*) INTO event_count FROM inserted;

  UPDATE event_streams es SET revision = tip.revision, last_hash = tip.hash
  FROM (
    SELECT DISTINCT ON (st.value->>'stream') st.value->>'stream' AS stream_id,
           (ev.value->>'revision')::integer AS revision, ev.value->'metadata'->>'hash' AS hash
    FROM jsonb_array_elements(batch) st(value), jsonb_array_elements(st.value->'events') ev(value)
    ORDER BY st.value->>'stream', (ev.value->>'revision')::integer DESC
  ) tip
  WHERE es.stream_id = tip.stream_id;
  RETURN positions;
END $fn$`);
}
