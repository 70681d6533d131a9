import { sql } from 'slonik';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database';
import { eventStoreContract } from './contract';
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
