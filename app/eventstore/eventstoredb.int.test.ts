// Runs the contract against EventStoreDB: at EVENTSTORE_URL when set, else in a KurrentDB container
// when a Docker engine answers. With neither, this file says so plainly instead of pretending to pass.
import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';
import { eventStoreContract } from './contract';
import { createEventStoreDbEventStore } from './eventstoredb';

const url = process.env.EVENTSTORE_URL;
const docker = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

async function startKurrentContainer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:latest')
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_CLUSTER_SIZE: '1' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  return { url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, stop: async () => void (await container.stop()) };
}

if (url || docker) {
  eventStoreContract('EventStoreDB', async () => {
    const server = url ? { url, stop: async () => undefined } : await startKurrentContainer();
    const store = createEventStoreDbEventStore(server.url);
    return { store, cleanup: async () => { await store.close(); await server.stop(); } };
  });
} else {
  console.warn('[eventstore contract] EventStoreDB NOT tested: set EVENTSTORE_URL=esdb://… (or run where Docker answers) to run the contract suite against it.');
  describe('EventStore contract: EventStoreDB', () => {
    it.skipIf(!url)('needs EVENTSTORE_URL or Docker (neither here: the EventStoreDB adapter was NOT exercised)', () => undefined);
  });
}
