// A pause of a few seconds between requests keeps the database connections: the next request
// does not pay a new backend (its handshake, cold catalog caches).
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test-support/app';
import { singleTripPoolOf } from './pool';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const BACKEND_START = 'SELECT backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idle connections', () => {
  it('outlive a pause longer than the drivers’ defaults (5 s and 10 s)', async () => {
    const singleTrip = singleTripPoolOf(t.deps.db)!;
    const startedAt = async () => ({
      pooled: Date.parse(await t.deps.db.oneFirst(sql.type(z.object({ started: z.string() }))`
        SELECT backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()`)),
      singleTrip: Date.parse((await singleTrip.query<{ started: string }>(BACKEND_START)).rows[0].started),
    });
    await startedAt();
    const paused = Date.now();
    await pause(11_000);
    const after = await startedAt();
    // The connections that answer after the pause were opened before it.
    expect(after.pooled).toBeLessThan(paused);
    expect(after.singleTrip).toBeLessThan(paused);
  }, 30_000);
});
