import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database';
import { eventStoreContract } from './contract';
import { verifyChain } from './hash-chain';
import { ConcurrencyError } from './port';
import { createPostgresEventStore } from './postgres';

eventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  return { store, cleanup: async () => { await store.close(); await database.drop(); } };
});

it('PostgreSQL: the log refuses updates and deletes (append-only)', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  try {
    await store.append('audit-1', [{ type: 'ContractTested', data: { n: 1 } }], {
      expectedRevision: 'no_stream',
      metadata: { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() },
    });
    await expect(database.db.query(sql.unsafe`UPDATE events SET data = '{}'`)).rejects.toThrow(/append-only/);
    await expect(database.db.query(sql.unsafe`DELETE FROM events`)).rejects.toThrow(/append-only/);
  } finally {
    await store.close();
    await database.drop();
  }
});

it('PostgreSQL: two processes appending to one stream keep its hash chain, whatever each remembered', async () => {
  const database = await createTestDatabase();
  const first = createPostgresEventStore(database.db, database.url);
  const second = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  try {
    await first.append('shared-1', [{ type: 'ContractTested', data: { n: 0 } }], { expectedRevision: 'no_stream', metadata: meta });
    await second.append('shared-1', [{ type: 'ContractTested', data: { n: 1 } }], { expectedRevision: 0, metadata: meta });
    // `first` still remembers revision 0 as the tip: its 'any' append must chain to revision 1.
    await first.append('shared-1', [{ type: 'ContractTested', data: { n: 2 } }], { expectedRevision: 'any', metadata: meta });
    await expect(first.append('shared-1', [{ type: 'ContractTested', data: { n: 3 } }], { expectedRevision: 1, metadata: meta })).rejects.toBeInstanceOf(ConcurrencyError);
    const events = await second.readStream('shared-1');
    expect(events.map((e) => e.data.n)).toEqual([0, 1, 2]);
    expect(verifyChain(events)).toBeNull();
  } finally {
    await first.close();
    await second.close();
    await database.drop();
  }
});

it('PostgreSQL: a multi-stream append of streams new to its caller meets one another process wrote: refused, or chained to its tip', async () => {
  const database = await createTestDatabase();
  const first = createPostgresEventStore(database.db, database.url);
  const second = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  const event = (n: number) => ({ type: 'ContractTested', data: { n } });
  try {
    await second.append('taken-1', [event(0)], { expectedRevision: 'no_stream', metadata: meta });
    await expect(first.appendMany(
      [{ streamId: 'new-1', events: [event(1)], expectedRevision: 'no_stream' }, { streamId: 'taken-1', events: [event(1)], expectedRevision: 'no_stream' }],
      { metadata: meta },
    )).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await first.readStream('new-1')).toEqual([]);
    expect((await second.readStream('taken-1')).length).toBe(1);

    await second.append('taken-2', [event(0)], { expectedRevision: 'no_stream', metadata: meta });
    const results = await first.appendMany(
      [{ streamId: 'new-2', events: [event(1)], expectedRevision: 'any' }, { streamId: 'taken-2', events: [event(1)], expectedRevision: 'any' }],
      { metadata: meta },
    );
    expect(results.map((r) => r.nextRevision)).toEqual([0, 1]);
    for (const id of ['new-2', 'taken-2']) expect(verifyChain(await second.readStream(id))).toBeNull();
    const rows = await database.db.any(sql.unsafe`SELECT stream_id, revision, last_hash FROM event_streams WHERE stream_id IN ('new-2', 'taken-2') ORDER BY stream_id`);
    expect(rows.map((r) => [r.stream_id, r.revision, r.last_hash])).toEqual(results.map((r, i) => [['new-2', 'taken-2'][i], r.nextRevision, r.events[0].metadata.hash]));
  } finally {
    await first.close();
    await second.close();
    await database.drop();
  }
});

it('PostgreSQL: a later append that commits first waits, unread, until the earlier one commits ($all never skips)', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  const slow = new pg.Client({ connectionString: database.url });
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  try {
    await slow.connect();
    const start = await store.headPosition();
    await slow.query('BEGIN');
    const held = { stream: 'slow-1', expected: 'no_stream', baseRevision: -1, baseHash: null, metadata: 0, events: [{ id: randomUUID(), type: 'ContractTested', data: { n: 1 }, hash: 'h' }] };
    const { rows } = await slow.query<{ positions: string[] }>('SELECT fluxo_append($1::jsonb)::text[] AS positions', [JSON.stringify({ metadata: [meta], streams: [held] })]);
    const later = await store.append('fast-1', [{ type: 'ContractTested', data: { n: 2 } }], { expectedRevision: 'no_stream', metadata: meta });
    expect(later.position).toBeGreaterThan(BigInt(rows[0].positions[0]));
    expect(await store.readAll({ after: start, limit: 10 })).toEqual([]);
    expect(await store.headPosition()).toBe(start);
    await slow.query('COMMIT');
    const read = await store.readAll({ after: start, limit: 10 });
    expect(read.map((e) => e.streamId)).toEqual(['slow-1', 'fast-1']);
    // A known stable head is read up to it, and no further.
    expect((await store.readAll({ after: start, limit: 10, until: await store.headPosition() })).map((e) => e.streamId)).toEqual(['slow-1', 'fast-1']);
    expect((await store.readAll({ after: start, limit: 10, until: BigInt(rows[0].positions[0]) })).map((e) => e.streamId)).toEqual(['slow-1']);
  } finally {
    await slow.end();
    await store.close();
    await database.drop();
  }
});

it('PostgreSQL: the read horizon stops at an append in flight in the very transaction asking, and asking holds no append back', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  const client = new pg.Client({ connectionString: database.url });
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  try {
    await client.connect();
    await store.append('before-1', [{ type: 'ContractTested', data: { n: 0 } }], { expectedRevision: 'no_stream', metadata: meta });
    await client.query('BEGIN');
    const own = { stream: 'own-1', expected: 'no_stream', baseRevision: -1, baseHash: null, metadata: 0, events: [{ id: randomUUID(), type: 'ContractTested', data: { n: 1 }, hash: 'h' }] };
    const { rows } = await client.query<{ positions: string[] }>('SELECT fluxo_append($1::jsonb)::text[] AS positions', [JSON.stringify({ metadata: [meta], streams: [own] })]);
    const horizon = await client.query<{ horizon: string }>('SELECT fluxo_read_horizon()::text AS horizon');
    expect(BigInt(horizon.rows[0].horizon)).toBe(BigInt(rows[0].positions[0]));
    await client.query('COMMIT');
    // A reader whose transaction stays open after asking: appends go on meanwhile.
    await client.query('BEGIN');
    const asked = BigInt((await client.query<{ horizon: string }>('SELECT fluxo_read_horizon()::text AS horizon')).rows[0].horizon);
    expect(asked).toBe(BigInt(rows[0].positions[0]) + 1n);
    const appended = store.append('after-1', [{ type: 'ContractTested', data: { n: 2 } }], { expectedRevision: 'no_stream', metadata: meta });
    const outcome = await Promise.race([appended.then(() => 'appended'), new Promise((resolve) => setTimeout(() => resolve('held back'), 3_000))]);
    await client.query('COMMIT');
    expect(outcome).toBe('appended');
  } finally {
    await client.end();
    await store.close();
    await database.drop();
  }
});

it('PostgreSQL: appends written together under contention stay separate for their callers (one conflict fails only its own)', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  try {
    await store.append('taken-1', [{ type: 'ContractTested', data: { n: 0 } }], { expectedRevision: 'no_stream', metadata: meta });
    // 40 writers at once: more than the statements allowed in flight, so most share one.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        i === 17
          ? store.append('taken-1', [{ type: 'ContractTested', data: { n: 1 } }], { expectedRevision: 'no_stream', metadata: meta })
          : store.append(`group-${i}`, [{ type: 'ContractTested', data: { n: i } }, { type: 'ContractTested', data: { n: i + 1000 } }], { expectedRevision: 'no_stream', metadata: meta }),
      ),
    );
    expect(outcomes[17].status).toBe('rejected');
    expect((outcomes[17] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const stored = outcomes.filter((o): o is PromiseFulfilledResult<Awaited<ReturnType<typeof store.append>>> => o.status === 'fulfilled');
    expect(stored).toHaveLength(39);
    // Each caller gets its own events' positions, in its own order, and they are what $all holds.
    const all = await store.readAll({ after: 0n, limit: 1000 });
    const byPosition = new Map(all.map((e) => [e.position, e]));
    for (const { value } of stored) {
      expect(value.events).toHaveLength(2);
      expect(value.events[1].position).toBeGreaterThan(value.events[0].position);
      for (const event of value.events) expect(byPosition.get(event.position)?.id).toBe(event.id);
    }
    expect(all.filter((e) => e.streamId === 'taken-1').map((e) => e.data.n)).toEqual([0]);
    expect(all).toHaveLength(1 + 39 * 2);
    for (let i = 0; i < 40; i++) if (i !== 17) expect(verifyChain(await store.readStream(`group-${i}`))).toBeNull();
    // Fewer transactions than appends: rows written by one transaction share its xmin.
    const transactions = await database.db.oneFirst(sql.unsafe`SELECT count(DISTINCT xmin::text)::int FROM events WHERE stream_id LIKE 'group-%'`);
    expect(transactions).toBeLessThan(20);
  } finally {
    await store.close();
    await database.drop();
  }
});

it('PostgreSQL: an append the database refuses, written together with others, fails alone', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  try {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.append(`mixed-${i}`, [{ type: 'ContractTested', data: { n: i, text: i === 9 ? 'nul \u0000 inside' : 'ok' } }], { expectedRevision: 'no_stream', metadata: meta })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i === 9 ? 'rejected' : 'fulfilled')));
    const all = await store.readAll({ after: 0n, limit: 100 });
    expect(all.map((e) => e.streamId).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `mixed-${i}`).filter((s) => s !== 'mixed-9').sort());
  } finally {
    await store.close();
    await database.drop();
  }
});

it('PostgreSQL: a follower in another process is woken by each append, even one right after another', async () => {
  const database = await createTestDatabase();
  const writer = createPostgresEventStore(database.db, database.url);
  const follower = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  // Far longer than the test may take: returning before it means a notification woke the follower.
  const patience = 60_000;
  try {
    await follower.waitForEvents(await follower.headPosition(), { timeoutMs: 1 }); // now listening
    for (let n = 0; n < 3; n++) {
      const head = await follower.headPosition();
      const started = performance.now();
      const woken = follower.waitForEvents(head, { timeoutMs: patience });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the follower is asleep by now
      const { position } = await writer.append(`follow-${n}`, [{ type: 'ContractTested', data: { n } }], { expectedRevision: 'no_stream', metadata: meta });
      await woken;
      expect(performance.now() - started).toBeLessThan(patience / 2);
      expect(await follower.headPosition()).toBe(position);
    }
  } finally {
    await writer.close();
    await follower.close();
    await database.drop();
  }
}, 90_000);

it('PostgreSQL: appends notify other processes only while the store says someone else may be waiting', async () => {
  const database = await createTestDatabase();
  let leadsHere = true;
  const writer = createPostgresEventStore(database.db, database.url, { notifyOthers: () => !leadsHere });
  const other = new pg.Client({ connectionString: database.url });
  const heard: string[] = [];
  other.on('notification', (message) => heard.push(message.channel));
  await other.connect();
  await other.query('LISTEN fluxo_events');
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  const append = (n: number) => writer.append(`quiet-${n}`, [{ type: 'ContractTested', data: { n } }], { expectedRevision: 'no_stream', metadata: meta });
  try {
    await append(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    leadsHere = false;
    await append(2);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['fluxo_events']);
  } finally {
    await other.end();
    await writer.close();
    await database.drop();
  }
});

it("PostgreSQL: a reader in the appending process gets its own events from memory and another process's, or a position left unused, from the table", async () => {
  const database = await createTestDatabase();
  // As in a process whose projection runner leads: nobody elsewhere is told of its appends.
  const store = createPostgresEventStore(database.db, database.url, { notifyOthers: () => false });
  const other = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  const append = (on: typeof store, stream: string, n: number) => on.append(stream, [{ type: 'ContractTested', data: { n } }], { expectedRevision: 'any', metadata: meta });
  try {
    await append(store, 'mine-1', 0);
    await append(other, 'theirs-1', 1);
    await append(store, 'mine-2', 2);
    // A position drawn and never used (an aborted append's).
    await database.db.query(sql.unsafe`SELECT nextval('events_position_seq')`);
    const third = await append(store, 'mine-3', 3);
    await append(store, 'mine-4', 4);
    const fromTable = await other.readAll({ after: 0n, limit: 100 });
    const mine = await store.readAll({ after: 0n, limit: 100, ownAppends: true });
    expect(mine.map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4]);
    expect(mine.map((e) => e.position)).toEqual(fromTable.map((e) => e.position));
    expect(mine.map((e) => ({ ...e }))).toEqual(fromTable.map((e) => ({ ...e })));
    // From the unused position on, the rest is this store's own: from memory (the very events its appends returned), paged and bounded as from the table.
    const unused = fromTable[3].position - 1n;
    expect(unused).toBeGreaterThan(fromTable[2].position);
    const run = await store.readAll({ after: unused, limit: 5, ownAppends: true });
    // Any other reader (an auditor's) reads the table: equal events, not the appends' own objects.
    const audited = await store.readAll({ after: unused, limit: 5 });
    expect(audited).toEqual(run);
    expect(audited[0]).not.toBe(third.events[0]);
    expect(run.map((e) => e.data.n)).toEqual([3, 4]);
    expect(run[0]).toBe(third.events[0]);
    expect((await store.readAll({ after: unused, limit: 1, ownAppends: true })).map((e) => e.data.n)).toEqual([3]);
    expect((await store.readAll({ after: unused, limit: 5, until: fromTable[3].position, ownAppends: true })).map((e) => e.data.n)).toEqual([3]);
    expect((await store.readAll({ after: fromTable[1].position, limit: 5, until: fromTable[3].position, ownAppends: true })).map((e) => e.data.n)).toEqual([2, 3]);
  } finally {
    await store.close();
    await other.close();
    await database.drop();
  }
});

it('PostgreSQL: reads the log as it was written whatever another library registers in node-postgres for json', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: '2026-11-24T10:00:00.000Z' };
  // What Emmett's dumbo does when loaded: a process-wide jsonb parser that revives dates.
  const stock = pg.types.getTypeParser(3802);
  pg.types.setTypeParser(3802, (value: string) => JSON.parse(value, (_key, v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v)));
  try {
    await store.append('parsers-1', [{ type: 'ContractTested', data: { paidAt: '2026-11-24T09:30:00.000Z' } }], { expectedRevision: 'no_stream', metadata: meta });
    const [event] = await store.readAll({ after: 0n, limit: 10 });
    expect(event.data).toEqual({ paidAt: '2026-11-24T09:30:00.000Z' });
    expect(event.metadata.occurredAt).toBe('2026-11-24T10:00:00.000Z');
    const [streamEvent] = await store.readStream('parsers-1');
    expect(streamEvent.data.paidAt).toBe('2026-11-24T09:30:00.000Z');
  } finally {
    pg.types.setTypeParser(3802, stock);
    await store.close();
    await database.drop();
  }
});
