// Picks the event store: EventStoreDB when EVENTSTORE_URL is set, else the PostgreSQL one.
import type { Db } from '../db/pool';
import { createEventStoreDbEventStore } from './eventstoredb';
import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres';

export function createEventStore(options: { db: Db; databaseUrl: string; eventStoreUrl?: string; appendsInFlight?: number; notifyOthers?: () => boolean }): EventStore {
  if (options.eventStoreUrl) return createEventStoreDbEventStore(options.eventStoreUrl);
  return createPostgresEventStore(options.db, options.databaseUrl, { appendsInFlight: options.appendsInFlight, notifyOthers: options.notifyOthers });
}
