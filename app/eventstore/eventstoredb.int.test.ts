// Runs the contract against EventStoreDB when EVENTSTORE_URL points at one (docker-compose.yml
// starts one). Without it, this file says so plainly instead of pretending to pass.
import { describe, it } from 'vitest';
import { eventStoreContract } from './contract';
import { createEventStoreDbEventStore } from './eventstoredb';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async () => {
    const store = createEventStoreDbEventStore(url);
    return { store, cleanup: () => store.close() };
  });
} else {
  console.warn('[eventstore contract] EventStoreDB NOT tested: set EVENTSTORE_URL=esdb://… to run the contract suite against it.');
  describe('EventStore contract: EventStoreDB', () => {
    it.skipIf(!url)('needs EVENTSTORE_URL (not set in this run: EventStoreDB adapter was NOT exercised)', () => undefined);
  });
}
