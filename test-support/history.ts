// A scripted event history for projection tests: append events as they would be recorded (with a
// chosen occurredAt), then let only the projectors under test catch up.
import { createPostgresEventStore } from '../app/eventstore/postgres';
import { encodeEvent } from '../app/eventstore/codec';
import type { EventStore } from '../app/eventstore/port';
import type { Projector } from '../projections/projector';
import { createProjectionRunner, type ProjectionRunner } from '../projections/runner';
import { createTestDatabase, type TestDatabase } from './database';
import { systemMetadata } from './metadata';

export type History = {
  database: TestDatabase;
  eventStore: EventStore;
  runner: ProjectionRunner;
  /** Appends one event to `stream` (any revision) as if recorded at `occurredAt`; returns its position. */
  append: (stream: string, type: string, data: Record<string, unknown>, occurredAt?: string) => Promise<bigint>;
  catchUp: () => Promise<void>;
  close: () => Promise<void>;
};

export async function createHistory(projectors: readonly Projector[]): Promise<History> {
  const database = await createTestDatabase();
  const eventStore = createPostgresEventStore(database.db, database.url);
  const runner = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore, projectors });
  return {
    database,
    eventStore,
    runner,
    append: async (stream, type, data, occurredAt = new Date().toISOString()) => {
      const result = await eventStore.append(stream, [encodeEvent({ type, data })], {
        expectedRevision: 'any',
        metadata: systemMetadata(typeof data.organizationId === 'string' ? data.organizationId : null, occurredAt),
      });
      return result.position;
    },
    catchUp: () => runner.catchUp(),
    close: async () => {
      await runner.stop();
      await eventStore.close();
      await database.drop();
    },
  };
}
