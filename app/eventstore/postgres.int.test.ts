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

it('PostgreSQL: a later append that commits first waits, unread, until the earlier one commits ($all never skips)', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore(database.db, database.url);
  const slow = new pg.Client({ connectionString: database.url });
  const meta = { organizationId: null, actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };
  try {
    await slow.connect();
    const start = await store.headPosition();
    await slow.query('BEGIN');
    const held = { stream: 'slow-1', expected: 'no_stream', baseRevision: -1, baseHash: null, events: [{ id: randomUUID(), revision: 0, type: 'ContractTested', data: { n: 1 }, metadata: { ...meta, prevHash: null, hash: 'h' } }] };
    const { rows } = await slow.query<{ positions: string[] }>('SELECT fluxo_append($1::jsonb)::text[] AS positions', [JSON.stringify([held])]);
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
