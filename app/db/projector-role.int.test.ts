// The projection worker's database role as PostgreSQL sees it: it owns the read models (so a
// rebuild can drop and swap them) and nothing else, and it can only read the event log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { projectors } from '../../projections/registry';
import { migrateDatabase } from '../../projections/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedTenant(t, 'Projetor');
}, 60_000);
afterAll(async () => t?.close());

const count = z.object({ n: z.number() });

describe('the projector database role', () => {
  it('is the role the projection runner logs in as: neither superuser nor BYPASSRLS, owner of the read models only', async () => {
    const me = await t.database.projectorDb.one(sql.type(z.object({ user: z.string(), rolsuper: z.boolean(), rolbypassrls: z.boolean(), rolcreaterole: z.boolean(), rolcreatedb: z.boolean() }))`
      SELECT current_user AS user, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user`);
    expect(me).toEqual({ user: 'fluxo_projector', rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false });
    const owned = await t.database.db.anyFirst(sql.type(z.object({ relname: z.string() }))`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND pg_get_userbyid(c.relowner) = 'fluxo_projector' ORDER BY 1`);
    expect(owned).toEqual([...new Set(projectors.flatMap((p) => p.tables))].sort());
  });

  it('cannot rewrite or delete a row of the event log, the streams or the audit rows, nor touch credentials', async () => {
    const events = await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM events`);
    expect(events).toBeGreaterThan(0);
    // It reads the log…
    expect(await t.database.projectorDb.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM events`)).toBe(events);
    const attempts = [
      sql.unsafe`UPDATE events SET data = '{}'::jsonb WHERE position = (SELECT min(position) FROM events)`,
      sql.unsafe`DELETE FROM events WHERE position = (SELECT min(position) FROM events)`,
      sql.unsafe`UPDATE event_streams SET revision = 0`,
      sql.unsafe`DELETE FROM event_streams`,
      sql.unsafe`INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (gen_random_uuid(), 'x', 0, 'X', '{}', '{}')`,
      sql.unsafe`TRUNCATE events`,
      sql.unsafe`DROP TABLE events`,
      sql.unsafe`ALTER TABLE events DISABLE TRIGGER events_immutable`,
      sql.unsafe`SELECT fluxo_append('[]'::jsonb)`,
      sql.unsafe`SELECT nextval('events_position_seq')`,
      sql.unsafe`UPDATE audit_seals SET mac = 'x'`,
      sql.unsafe`INSERT INTO audit_checkpoints (organization_id, position, event_count, head_mac, log_position, created_at, key_id, signature) VALUES (NULL, 1, 1, 'x', 1, now(), 'k', 's')`,
      sql.unsafe`SELECT count(*) FROM credentials`,
      sql.unsafe`SELECT count(*) FROM sessions`,
      sql.unsafe`SET ROLE postgres`,
      sql.unsafe`SET ROLE fluxo_runtime`,
    ];
    for (const attempt of attempts) {
      await expect(t.database.projectorDb.query(attempt), attempt.sql).rejects.toThrow(/permission denied|must be owner/);
    }
    expect(await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM events`)).toBe(events);
  });

  it('serves the API: the runner applied the tenant’s registration as this role', async () => {
    expect(t.runner.isLeader()).toBe(true);
    const users = await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM users`);
    expect(users).toBeGreaterThan(0);
  });
});

describe('migrating a database an older version set up', () => {
  it('hands read models the owner created to the projector role, and a rebuild as the projector then swaps them', async () => {
    await t.database.db.query(sql.unsafe`ALTER TABLE categories OWNER TO CURRENT_USER`);
    await migrateDatabase(t.database.db);
    const owner = await t.database.db.oneFirst(sql.type(z.object({ owner: z.string() }))`
      SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = 'public.categories'::regclass`);
    expect(owner).toBe('fluxo_projector');
    const before = await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM categories`);
    await t.runner.rebuild('categories');
    expect(await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM categories`)).toBe(before);
  });
});
