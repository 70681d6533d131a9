// The event-store contract on a store that already holds a realistic 100,000-event history (100
// organizations, the benchmark's generator, hash-chained as appends chain them): positions, $all
// paging, expected revisions and the horizon must hold as well on a big log as on an empty one.
import { describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { generateHistory } from '../../scripts/bench/history';
import { writeHistory } from '../../scripts/bench/write-history';
import { eventStoreContract } from './contract';
import { verifyChain } from './hash-chain';
import { createPostgresEventStore } from './postgres';

const HISTORY = 100_000;

/** One database for both blocks below (writing the history is most of the file's time). */
let history: Promise<{ database: TestDatabase; written: { events: number; streams: number } }> | null = null;
function storeWithHistory() {
  history ??= (async () => {
    const database = await createTestDatabase();
    const written = await writeHistory(database.url, generateHistory({ tenants: 100, events: HISTORY }), () => undefined);
    return { database, written };
  })();
  return history;
}

// First, while the log holds only the history; the contract suite then appends to it and drops it.
describe(`PostgreSQL holding ${HISTORY.toLocaleString('en')} events`, () => {
  it('reads the whole log through $all in order, every event once, and each stream chains', async () => {
    const { database, written } = await storeWithHistory();
    const store = createPostgresEventStore(database.db, database.url);
    try {
      let after = 0n;
      let count = 0;
      const revisions = new Map<string, number>();
      const disorder: string[] = [];
      for (;;) {
        const page = await store.readAll({ after, limit: 5000 });
        if (page.length === 0) break;
        for (const event of page) {
          const expected = (revisions.get(event.streamId) ?? -1) + 1;
          if (event.position <= after || event.revision !== expected) disorder.push(`${event.position} ${event.streamId}@${event.revision}`);
          after = event.position;
          revisions.set(event.streamId, event.revision);
          count++;
        }
      }
      expect(disorder.slice(0, 5)).toEqual([]);
      expect(count).toBe(written.events);
      expect(revisions.size).toBe(written.streams);
      expect(await store.headPosition()).toBe(after);
      const busiest = [...revisions].sort((a, b) => b[1] - a[1])[0][0];
      expect(verifyChain(await store.readStream(busiest))).toBeNull();
    } finally {
      await store.close();
    }
  }, 180_000);
});

eventStoreContract(`PostgreSQL holding ${HISTORY.toLocaleString('en')} events`, async () => {
  const { database } = await storeWithHistory();
  const store = createPostgresEventStore(database.db, database.url);
  return { store, cleanup: async () => { await store.close(); await database.drop(); } };
});
