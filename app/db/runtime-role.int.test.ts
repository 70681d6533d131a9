// The API's database role as PostgreSQL sees it: least privilege, RLS enforced, the log append-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { asPlatform } from './platform';

let t: TestApp;
let a: string;
let b: string;

beforeAll(async () => {
  t = await createTestApp();
  a = (await seedTenant(t, 'Papel A')).organizationId;
  b = (await seedTenant(t, 'Papel B')).organizationId;
}, 60_000);
afterAll(async () => t?.close());

const count = z.object({ n: z.number() });

describe('the runtime database role', () => {
  it('is neither superuser nor BYPASSRLS, owns no table, and is the role the API pool logs in as', async () => {
    const me = await t.deps.db.one(sql.type(z.object({ user: z.string(), rolsuper: z.boolean(), rolbypassrls: z.boolean() }))`
      SELECT current_user AS user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`);
    expect(me).toEqual({ user: 'fluxo_runtime', rolsuper: false, rolbypassrls: false });
    const owned = await t.deps.db.oneFirst(sql.type(count)`
      SELECT count(*)::int AS n FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE r.rolname = 'fluxo_runtime'`);
    expect(owned).toBe(0);
  });

  it('sees no organization’s rows without the tenant setting, and only its own with it', async () => {
    for (const table of ['users', 'organizations', 'categories']) {
      const id = sql.identifier([table]);
      const all = await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM ${id} WHERE organization_id IN (${a}, ${b})`);
      expect(all, table).toBeGreaterThan(0);
      // A query that "forgets" the tenant filter and the tenant setting.
      expect(await t.deps.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM ${id}`), table).toBe(0);
    }
    const seen = await t.deps.db.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT set_config('app.organization_id', ${a}, true)`);
      return tx.anyFirst(sql.type(z.object({ organization_id: z.string() }))`SELECT DISTINCT organization_id FROM categories`);
    });
    expect(seen).toEqual([a]);
  });

  it('crosses tenants only inside the explicit platform context', async () => {
    const orgs = await asPlatform(t.deps.db, (tx) => tx.anyFirst(sql.type(z.object({ id: z.string() }))`
      SELECT id FROM organizations WHERE id IN (${a}, ${b}) ORDER BY id`));
    expect(orgs).toEqual([a, b].sort());
    // The tenant role (withTenant) ignores the platform setting.
    const asTenantRole = await t.deps.db.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT set_config('app.platform', 'on', true), set_config('role', 'fluxo_app', true), set_config('app.organization_id', ${a}, true)`);
      return tx.anyFirst(sql.type(z.object({ id: z.string() }))`SELECT id FROM organizations`);
    });
    expect(asTenantRole).toEqual([a]);
  });

  it('cannot rewrite or delete the event log, the streams or the audit rows', async () => {
    const attempts = [
      sql.unsafe`UPDATE events SET data = '{}'::jsonb`,
      sql.unsafe`DELETE FROM events`,
      sql.unsafe`UPDATE event_streams SET revision = 0`,
      sql.unsafe`DELETE FROM event_streams`,
      sql.unsafe`INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (gen_random_uuid(), 'x', 0, 'X', '{}', '{}')`,
      sql.unsafe`UPDATE audit_seals SET mac = 'x'`,
      sql.unsafe`DELETE FROM audit_checkpoints`,
      sql.unsafe`TRUNCATE events`,
      sql.unsafe`SELECT nextval('events_position_seq')`,
      sql.unsafe`ALTER TABLE users DISABLE ROW LEVEL SECURITY`,
      sql.unsafe`SET ROLE postgres`,
    ];
    for (const attempt of attempts) {
      await expect(t.deps.db.query(attempt), attempt.sql).rejects.toThrow(/permission denied|must be owner/);
    }
    const events = await t.database.db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM events`);
    expect(events).toBeGreaterThan(0);
  });
});
