// The time-travel replay on a typical organization (a few thousand events): replayed up to the
// head it equals the live read models row for row; it answers well under a second; it leaves
// nothing behind.
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { metadataFor, systemContext } from '../app/context';
import { encodeEvent } from '../app/eventstore/codec';
import type { StreamAppend } from '../app/eventstore/port';
import { createTestApp, seedTenant, type TestApp } from '../test-support/app';
import { expenseData, revenueData } from '../test-support/finance-events';
import { dashboardLedgerProjector } from './dashboard/ledger';
import { financialMetrics } from './dashboard/queries';
import { expensesProjector } from './finance/expenses';
import { transactionsProjector } from './finance/transactions';
import type { Tx } from './projector';
import { PastReads } from './past-sessions';
import { readAtPosition } from './time-travel';

let t: TestApp;
let org = '';
let otherOrg = '';
let eventCount = 0;

const day = (i: number) => `20${22 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  org = (await seedTenant(t, 'Empresa Típica')).organizationId;
  otherOrg = (await seedTenant(t, 'Vizinha')).organizationId;
  const metadata = (organizationId: string) => metadataFor(systemContext(new Date(), organizationId));
  // 1,200 expenses (some recurring) and 800 revenues, then 1,000 edits and 100 deletions: 3,100 events.
  const expenses = Array.from({ length: 1200 }, (_, i) => expenseData(org, {
    amount: BigInt(1000 + i * 37), date: day(i), category: ['operational', 'marketing', 'hr', 'technology'][i % 4],
    status: i % 9 === 0 ? 'pending' : 'approved', isRecurring: i % 50 === 0, recurringPeriod: i % 50 === 0 ? 'monthly' : null,
  }));
  const revenues = Array.from({ length: 800 }, (_, i) => revenueData(org, { amount: BigInt(5000 + i * 91), date: day(i + 5), status: i % 7 === 0 ? 'confirmed' : 'received' }));
  const appends: StreamAppend[] = [
    ...expenses.map((data) => ({ streamId: `expense-${data.expenseId}`, events: [encodeEvent({ type: 'ExpenseRecorded', data })], expectedRevision: 'no_stream' as const })),
    ...revenues.map((data) => ({ streamId: `revenue-${data.revenueId}`, events: [encodeEvent({ type: 'RevenueRecorded', data })], expectedRevision: 'no_stream' as const })),
  ];
  const edits: StreamAppend[] = expenses.slice(0, 1000).map((data, i) => ({
    streamId: `expense-${data.expenseId}`, expectedRevision: 0,
    events: [encodeEvent({ type: 'ExpenseUpdated', data: { ...data, amount: data.amount + 500n, date: day(i + 1) } })],
  }));
  const deletions: StreamAppend[] = revenues.slice(0, 100).map((data) => ({
    streamId: `revenue-${data.revenueId}`, expectedRevision: 0,
    events: [encodeEvent({ type: 'RevenueDeleted', data: { revenueId: data.revenueId, organizationId: org } })],
  }));
  for (const group of [appends, edits, deletions]) {
    for (let i = 0; i < group.length; i += 100) await t.deps.eventStore.appendMany(group.slice(i, i + 100), { metadata: metadata(org) });
  }
  const neighbour = expenseData(otherOrg, { amount: 777_00n, date: '2023-03-03' });
  const last = await t.deps.eventStore.append(`expense-${neighbour.expenseId}`, [encodeEvent({ type: 'ExpenseRecorded', data: neighbour })], {
    expectedRevision: 'no_stream', metadata: metadata(otherOrg),
  });
  expect(await t.runner.waitFor(last.position, 240_000)).toBe(true);
  eventCount = appends.length + edits.length + deletions.length;
}, 300_000);
afterAll(async () => t.close());

/** The organization's last position as of now (what an asOf of now cuts at). */
const headOf = (organizationId: string) => t.deps.eventStore.organizationPositionAt(organizationId, new Date());

const dump = (tx: Tx, table: string, order: string) => tx.any(sql.unsafe`
  SELECT * FROM ${sql.identifier([table])} WHERE organization_id = ${org}
  ORDER BY ${sql.join(order.split(', ').map((column) => sql.identifier([column])), sql.fragment`, `)}`);

describe('time-travel replay of a typical organization', () => {
  it('rebuilt up to the head, equals the live read models row for row', async () => {
    const head = await t.deps.eventStore.organizationPositionAt(org, new Date());
    const tables = [['dashboard_entries', 'id'], ['dashboard_days', 'day, kind, category, status'], ['expenses', 'id'], ['transactions', 'id']] as const;
    const live: (readonly unknown[])[] = [];
    for (const [table, order] of tables) live.push(await t.database.db.transaction((tx) => dump(tx, table, order)));
    const recorded = await t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM events WHERE metadata->>'organizationId' = ${org}`);
    const replayed = await readAtPosition(t.deps, org, head, [dashboardLedgerProjector, expensesProjector, transactionsProjector], async (tx, stats) => {
      expect(stats.events).toBe(recorded);
      expect(stats.events).toBeGreaterThanOrEqual(eventCount);
      const out: (readonly unknown[])[] = [];
      for (const [table, order] of tables) out.push(await dump(tx, table, order));
      return out;
    });
    replayed.forEach((rows, i) => {
      expect(rows.length, tables[i][0]).toBeGreaterThan(0);
      expect(rows, tables[i][0]).toEqual(live[i]);
    });
  });

  it('answers the metrics as of now for a few thousand events well under a second', async () => {
    const range = { startDate: '2022-01-01', endDate: '2024-12-31' };
    const live = await t.database.db.transaction((tx) => financialMetrics(tx, org, range));
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const past = await readAtPosition(t.deps, org, await headOf(org), [dashboardLedgerProjector], async (tx, stats) => {
        const metrics = await financialMetrics(tx, org, range);
        console.info(`replay of ${stats.events} events: create ${stats.createMs.toFixed(0)} ms, read ${stats.readMs.toFixed(0)} ms, apply ${stats.applyMs.toFixed(0)} ms`);
        return metrics;
      });
      timings.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      console.info(`node cpu ${((used.user + used.system) / 1000).toFixed(0)} ms of ${(performance.now() - started).toFixed(0)} ms wall`);
      expect(past).toEqual(live);
    }
    timings.sort((a, b) => a - b);
    console.info(`time travel over ${eventCount} events: median ${timings[2].toFixed(0)} ms, best ${timings[0].toFixed(0)} ms, worst ${timings[4].toFixed(0)} ms`);
    // Measured well under a second on a quiet machine (see the commit message); this bound, for a
    // loaded shared box, still fails on a replay that goes event by event or query by query.
    expect(timings[2]).toBeLessThan(5_000);
  });

  it('reads as the tenant: row-level security stands behind the replayed tables too', async () => {
    const seen = await readAtPosition(t.deps, org, await headOf(org), [dashboardLedgerProjector], async (tx) => ({
      role: await tx.oneFirst(sql.type(z.object({ r: z.string() }))`SELECT current_user AS r`),
      table: await tx.one(sql.type(z.object({ persistence: z.string(), rls: z.boolean() }))`
        SELECT relpersistence::text AS persistence, relrowsecurity AS rls FROM pg_class WHERE oid = 'dashboard_entries'::regclass`),
      // Another organization set on the same transaction sees nothing of this one.
      foreign: await tx.oneFirst(sql.type(z.object({ n: z.number() }))`
        SELECT count(*)::int AS n FROM (SELECT set_config('app.organization_id', ${otherOrg}, true)) s, LATERAL (SELECT 1 FROM dashboard_entries) e`),
    }));
    expect(seen).toEqual({ role: 'fluxo_app', table: { persistence: 't', rls: true }, foreign: 0 });
    const left = await t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM pg_class WHERE relpersistence = 't'`);
    expect(left).toBe(0);
  });
});

describe('past reads kept between requests (the Ver como em picker, the dashboard\'s four figures)', () => {
  const projectors = [dashboardLedgerProjector, expensesProjector, transactionsProjector];
  const range = { startDate: '2022-01-01', endDate: '2024-12-31' };
  const positionsOf = async (organizationId: string) => t.database.db.anyFirst(sql.type(z.object({ position: z.bigint() }))`
    SELECT position FROM events WHERE metadata->>'organizationId' = ${organizationId} ORDER BY position`);
  const oneShot = (organizationId: string, position: bigint) =>
    readAtPosition(t.deps, organizationId, position, projectors, (tx) => financialMetrics(tx, organizationId, range));

  it('replays once per position, moves forward by the events in between, and answers as a fresh replay does', async () => {
    const reads = new PastReads(t.database.db, t.deps.eventStore, projectors, 2);
    try {
      const positions = await positionsOf(org);
      const early = positions[Math.floor(positions.length / 3)];
      const head = positions[positions.length - 1];
      const first = await reads.read(org, early, async (tx, stats) => ({ metrics: await financialMetrics(tx, org, range), stats }));
      expect(first.stats.reused).toBe(false);
      expect(first.metrics).toEqual(await oneShot(org, early));
      // The other three figures at the same instant: no replay at all.
      for (let i = 0; i < 3; i++) {
        const again = await reads.read(org, early, async (tx, stats) => ({ metrics: await financialMetrics(tx, org, range), stats }));
        expect(again.stats).toMatchObject({ reused: true, events: 0 });
        expect(again.metrics).toEqual(first.metrics);
      }
      // Forward to the head: only the events after `early` are applied, and the answer is the live one.
      const later = await reads.read(org, head, async (tx, stats) => ({ metrics: await financialMetrics(tx, org, range), stats }));
      expect(later.stats.reused).toBe(false);
      expect(later.stats.events).toBe(positions.filter((p) => p > early).length);
      expect(later.metrics).toEqual(await t.database.db.transaction((tx) => financialMetrics(tx, org, range)));
      expect(later.metrics).not.toEqual(first.metrics);
    } finally {
      await reads.close();
    }
  });

  it('keeps organizations apart: another organization\'s snapshot, concurrent reads, the tenant role', async () => {
    const reads = new PastReads(t.database.db, t.deps.eventStore, projectors, 1);
    try {
      const [orgHead] = (await positionsOf(org)).slice(-1);
      const [otherHead] = (await positionsOf(otherOrg)).slice(-1);
      const seen = await Promise.all([
        reads.read(org, orgHead, (tx) => financialMetrics(tx, org, range)),
        reads.read(otherOrg, otherHead, (tx) => financialMetrics(tx, otherOrg, range)),
        reads.read(org, orgHead, (tx) => financialMetrics(tx, org, range)),
      ]);
      expect(seen[0]).toEqual(await oneShot(org, orgHead));
      expect(seen[2]).toEqual(seen[0]);
      expect(seen[1]).toEqual(await oneShot(otherOrg, otherHead));
      // One session now holds the other organization's past: as it, this organization's rows are invisible.
      const leaked = await reads.read(otherOrg, otherHead, (tx) => tx.oneFirst(sql.type(z.object({ n: z.number() }))`
        SELECT count(*)::int AS n FROM dashboard_entries WHERE organization_id = ${org}`));
      expect(leaked).toBe(0);
    } finally {
      await reads.close();
    }
    const left = await t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM pg_class WHERE relpersistence = 't'`);
    expect(left).toBe(0);
  });
});

