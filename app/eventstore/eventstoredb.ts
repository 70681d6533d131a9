// The EventStoreDB (KurrentDB) adapter: the production store that scales out as a cluster.
// Positions are $all commit positions; all events of one append share it, and a page of
// `readAll` never splits a commit, so a checkpoint at a commit position loses nothing.
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import { eventHash, toJsonSafe } from './hash-chain';
import { appendGuard } from './expected-revision';
import { backwardsReadCount, revisionAt } from './stream-revision';
import { ConcurrencyError, type EventMetadata, type EventStore, type RecordedEvent } from './port';

type Json = Record<string, unknown>;

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || !event.isJson) return null;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: event.position?.commit ?? resolved.commitPosition ?? 0n,
    type: event.type,
    data: event.data as Json,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

export function createEventStoreDbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString`${connectionString}`;

  async function lastEvent(streamId: string): Promise<RecordedEvent | null> {
    try {
      for await (const resolved of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        return toRecorded(resolved);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }

  return {
    kind: 'eventstoredb',

    async append(streamId, events, { expectedRevision, metadata }) {
      const last = await lastEvent(streamId);
      const guard = appendGuard(streamId, expectedRevision, last?.revision ?? null);
      let revision = last?.revision ?? -1;
      let prevHash = last?.metadata.hash ?? null;
      const prepared = events.map((event) => {
        revision += 1;
        const data = toJsonSafe(event.data) as Json;
        const base = { ...metadata, prevHash } as Omit<EventMetadata, 'hash'>;
        const hash = eventHash({ streamId, revision, type: event.type, data, metadata: base });
        prevHash = hash;
        return { id: randomUUID(), type: event.type, data, metadata: { ...base, hash }, revision };
      });
      try {
        const result = await client.appendToStream(
          streamId,
          prepared.map((p) => jsonEvent({ id: p.id, type: p.type, data: p.data, metadata: toJsonSafe(p.metadata) as Json })),
          { expectedRevision: guard === 'no_stream' ? NO_STREAM : BigInt(guard) },
        );
        const position = result.position?.commit ?? 0n;
        return {
          nextRevision: Number(result.nextExpectedRevision),
          position,
          events: prepared.map((p) => ({ id: p.id, streamId, revision: p.revision, position, type: p.type, data: p.data, metadata: p.metadata })),
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) throw new ConcurrencyError(streamId, expectedRevision, last?.revision ?? null);
        throw error;
      }
    },

    // EventStoreDB (this client) has no multi-stream transaction: check every expectation first,
    // then write stream by stream.
    async appendMany(appends, { metadata }) {
      if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new Error('appendMany: each stream at most once');
      for (const { streamId, expectedRevision } of appends) {
        const last = await lastEvent(streamId);
        appendGuard(streamId, expectedRevision, last?.revision ?? null);
      }
      const results = [];
      for (const a of appends) results.push(await this.append(a.streamId, a.events, { expectedRevision: a.expectedRevision, metadata: a.metadata ?? metadata }));
      return results;
    },

    async readStream(streamId) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, { direction: FORWARDS, fromRevision: START })) {
          const recorded = toRecorded(resolved);
          if (recorded) events.push(recorded);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    // One backwards read per stream (EventStoreDB has no multi-stream lookup); stream-revision.ts decides.
    async streamRevisions(streamIds, { until } = {}) {
      const found = new Map<string, number>();
      await Promise.all(
        streamIds.map(async (streamId) => {
          try {
            const newestFirst = client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: backwardsReadCount(until) });
            const revision = await revisionAt((async function* () {
              for await (const resolved of newestFirst) yield toRecorded(resolved);
            })(), until);
            if (revision !== null) found.set(streamId, revision);
          } catch (error) {
            if (!(error instanceof StreamNotFoundError)) throw error;
          }
        }),
      );
      return found;
    },

    async readAll({ after, limit, until }) {
      const events: RecordedEvent[] = [];
      const fromPosition = after === 0n ? START : { commit: after, prepare: after };
      let boundary: bigint | null = null;
      for await (const resolved of client.readAll({ fromPosition, direction: FORWARDS, maxCount: limit * 2 + 100, resolveLinkTos: false })) {
        const recorded = toRecorded(resolved);
        if (!recorded || recorded.position <= after) continue;
        if (until !== undefined && recorded.position > until) break;
        if (boundary !== null && recorded.position !== boundary) break;
        events.push(recorded);
        if (events.length >= limit) boundary = recorded.position;
      }
      return events;
    },

    // EventStoreDB has no index by metadata: page through $all and keep the organization's events.
    async readOrganization(organizationId, { after, limit, until }) {
      const found: RecordedEvent[] = [];
      let cursor = after;
      for (;;) {
        const page = await this.readAll({ after: cursor, limit: 1000 });
        for (const event of page) {
          if (until !== undefined && event.position > until) return found;
          if (event.metadata.organizationId === organizationId) found.push(event);
          if (found.length >= limit) return found;
        }
        if (page.length === 0) return found;
        cursor = page[page.length - 1].position;
      }
    },

    // Same scan as readOrganization: $all forwards until an event recorded after the instant.
    async organizationPositionAt(organizationId, instant) {
      let found = 0n;
      for await (const resolved of client.readAll({ fromPosition: START, direction: FORWARDS, resolveLinkTos: false })) {
        const event = resolved.event;
        if (!event || event.type.startsWith('$')) continue;
        if (event.created > instant) break;
        const metadata = event.isJson ? (event.metadata as { organizationId?: string | null }) : null;
        if (metadata?.organizationId === organizationId) found = event.position?.commit ?? resolved.commitPosition ?? found;
      }
      return found;
    },

    async waitForEvents(after, { timeoutMs, signal }) {
      if ((await this.headPosition()) > after) return;
      await new Promise<void>((resolve) => {
        const subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          void subscription.unsubscribe().catch(() => undefined);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal?.addEventListener('abort', done);
        subscription.on('data', done);
        subscription.on('error', done);
      });
    },

    async headPosition() {
      for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 50, resolveLinkTos: false })) {
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.position;
      }
      return 0n;
    },

    async close() {
      await client.dispose();
    },
  };
}
