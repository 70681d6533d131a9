// A record read as the tenant in one round trip: the same isolation as withTenant (the tenant
// role, the organization set, RLS on), nothing left behind on the connection.
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { singleTripPoolOf } from './pool';
import { tenantStatement } from './tenant-statement';

let t: TestApp;
let a: string;
let b: string;

beforeAll(async () => {
  t = await createTestApp();
  a = (await seedTenant(t, 'Uma Ida A')).organizationId;
  b = (await seedTenant(t, 'Uma Ida B')).organizationId;
}, 60_000);
afterAll(async () => t?.close());

const pool = () => singleTripPoolOf(t.deps.db)!;
const settings = z.object({ user: z.string(), organization: z.string().nullable(), workers: z.string() });
const readSettings = sql.type(settings)`
  SELECT current_user AS user, NULLIF(current_setting('app.organization_id', true), '') AS organization,
         current_setting('max_parallel_workers_per_gather') AS workers`;

describe('a record read as the tenant in one statement', () => {
  it('runs as the tenant role with the organization set, as withTenant does', async () => {
    expect(await tenantStatement(pool(), a).maybeOne(readSettings)).toEqual({ user: 'fluxo_app', organization: a, workers: '0' });
  });

  it('sees only the organization’s rows, even when the query forgets to filter by it', async () => {
    const anyCategory = sql.type(z.object({ organization_id: z.string() }))`SELECT organization_id FROM categories LIMIT 1`;
    expect(await tenantStatement(pool(), a).maybeOne(anyCategory)).toEqual({ organization_id: a });
    expect(await tenantStatement(pool(), b).maybeOne(anyCategory)).toEqual({ organization_id: b });
    const othersCategory = sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM categories WHERE organization_id = ${b}`;
    expect(await tenantStatement(pool(), a).maybeOne(othersCategory)).toEqual({ n: 0 });
  });

  it('leaves no role or organization on the connection for its next user', async () => {
    const one = new pg.Pool({ connectionString: t.database.appUrl, max: 1 });
    try {
      await tenantStatement(one, a).maybeOne(readSettings);
      const { rows } = await one.query<{ user: string; organization: string | null }>(`
        SELECT current_user AS user, NULLIF(current_setting('app.organization_id', true), '') AS organization`);
      expect(rows).toEqual([{ user: 'fluxo_runtime', organization: null }]);
      expect(one.totalCount).toBe(1);
    } finally {
      await one.end();
    }
  });

  it('parses values as the slonik pool does and refuses more than one row', async () => {
    const typed = sql.type(z.object({ big: z.bigint(), day: z.string(), at: z.string() }))`
      SELECT 12345678901234::int8 AS big, '2025-01-10'::date AS day, '2025-01-10T12:00:00Z'::timestamptz AS at`;
    expect(await tenantStatement(pool(), a).maybeOne(typed)).toEqual({ big: 12345678901234n, day: '2025-01-10', at: '2025-01-10T12:00:00.000Z' });
    await expect(tenantStatement(pool(), a).maybeOne(sql.unsafe`SELECT generate_series(1, 2) AS n`)).rejects.toThrow(/unexpected result/);
  });
});
