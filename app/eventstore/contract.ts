// The behaviour every EventStore adapter must have; run against PostgreSQL and EventStoreDB.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from './hash-chain';
import { ConcurrencyError, type EventMetadata, type EventStore, type RecordedEvent } from './port';

const metadata = (organizationId = randomUUID()): Omit<EventMetadata, 'prevHash' | 'hash'> => ({
  organizationId,
  actorUserId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
  requestId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

const stream = () => `contract-${randomUUID()}`;
const event = (n: number) => ({ type: 'ContractTested', data: { n, amount: 850_50n as unknown as number, text: 'Café & Pão' } });

/** Reads $all from `after` until `expected` events arrived (or time runs out), like a live subscriber. */
async function subscribeUntil(store: EventStore, after: bigint, isMine: (e: RecordedEvent) => boolean, expected: number, timeoutMs: number): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let position = after;
  const deadline = Date.now() + timeoutMs;
  while (seen.length < expected && Date.now() < deadline) {
    const page = await store.readAll({ after: position, limit: 7 });
    if (page.length === 0) {
      await store.waitForEvents(position, { timeoutMs: 200 });
      continue;
    }
    for (const e of page) {
      if (e.position < position) throw new Error('position went backwards');
      if (isMine(e)) seen.push(e);
    }
    position = page[page.length - 1].position;
  }
  return seen;
}

export function eventStoreContract(name: string, factory: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => cleanup?.());

    it('appends to a new stream and reads it back in revision order with metadata and money intact', async () => {
      const id = stream();
      const meta = metadata();
      const result = await store.append(id, [event(1), event(2), event(3)], { expectedRevision: 'no_stream', metadata: meta });
      expect(result.nextRevision).toBe(2);
      const read = await store.readStream(id);
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read.map((e) => e.data.n)).toEqual([1, 2, 3]);
      expect(read[0].data.amount).toBe('85050');
      expect(read[0].data.text).toBe('Café & Pão');
      expect(read[0].metadata.organizationId).toBe(meta.organizationId);
      expect(read[0].metadata.correlationId).toBe(meta.correlationId);
      expect(read[1].position).toBeGreaterThanOrEqual(read[0].position);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('refuses an append whose expected revision is stale', async () => {
      const id = stream();
      await store.append(id, [event(1)], { expectedRevision: 'no_stream', metadata: metadata() });
      await expect(store.append(id, [event(2)], { expectedRevision: 'no_stream', metadata: metadata() })).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(id, [event(2)], { expectedRevision: 5, metadata: metadata() })).rejects.toBeInstanceOf(ConcurrencyError);
      await store.append(id, [event(2)], { expectedRevision: 0, metadata: metadata() });
      expect((await store.readStream(id)).length).toBe(2);
    });

    it("refuses 'stream_exists' on a missing stream and accepts it on an existing one", async () => {
      const id = stream();
      await expect(store.append(id, [event(1)], { expectedRevision: 'stream_exists', metadata: metadata() })).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(id)).toEqual([]);
      await store.append(id, [event(1)], { expectedRevision: 'no_stream', metadata: metadata() });
      await store.append(id, [event(2)], { expectedRevision: 'stream_exists', metadata: metadata() });
      expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1]);
    });

    it('lets exactly one of many concurrent appends at the same revision win', async () => {
      const id = stream();
      await store.append(id, [event(0)], { expectedRevision: 'no_stream', metadata: metadata() });
      const attempts = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => store.append(id, [event(i + 1)], { expectedRevision: 0, metadata: metadata() })),
      );
      const won = attempts.filter((a) => a.status === 'fulfilled');
      const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(9);
      for (const failure of lost) expect(failure.reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(id)).length).toBe(2);
    });

    it('chains every event of a stream to the previous one by hash, and detects tampering', async () => {
      const id = stream();
      await store.append(id, [event(1), event(2)], { expectedRevision: 'no_stream', metadata: metadata() });
      await store.append(id, [event(3)], { expectedRevision: 1, metadata: metadata() });
      const events = await store.readStream(id);
      expect(verifyChain(events)).toBeNull();
      expect(events[1].metadata.prevHash).toBe(events[0].metadata.hash);
      const tampered = events.map((e, i) => (i === 1 ? { ...e, data: { ...e.data, n: 99 } } : e));
      expect(verifyChain(tampered)).toEqual({ revision: 1, reason: 'hash não confere' });
    });

    it('delivers every event of 20 concurrent writers to a live $all reader exactly once, in position order', async () => {
      const runId = randomUUID();
      const start = await store.headPosition();
      const writers = 20;
      const perWriter = 5;
      const reader = subscribeUntil(store, start, (e) => e.data.runId === runId, writers * perWriter, 30_000);
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const id = stream();
          for (let i = 0; i < perWriter; i++) {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
            await store.append(id, [{ type: 'ContractTested', data: { runId, w, i } }], {
              expectedRevision: i === 0 ? 'no_stream' : i - 1,
              metadata: metadata(),
            });
          }
        }),
      );
      const seen = await reader;
      expect(seen).toHaveLength(writers * perWriter);
      expect(new Set(seen.map((e) => e.id)).size).toBe(writers * perWriter);
      for (let i = 1; i < seen.length; i++) expect(seen[i].position).toBeGreaterThan(seen[i - 1].position);
      for (let w = 0; w < writers; w++) {
        expect(seen.filter((e) => e.data.w === w).map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4]);
      }
    });

    it('delivers 8 concurrent writers of multi-event appends to a paging $all reader exactly once, in order, chains intact', async () => {
      const runId = randomUUID();
      const start = await store.headPosition();
      const writers = 8;
      const appendsPerWriter = 6;
      const eventsPerAppend = 5;
      const total = writers * appendsPerWriter * eventsPerAppend;
      const reader = subscribeUntil(store, start, (e) => e.data.runId === runId, total, 30_000);
      const streams = Array.from({ length: writers }, () => stream());
      await Promise.all(
        streams.map(async (id, w) => {
          for (let a = 0; a < appendsPerWriter; a++) {
            const events = Array.from({ length: eventsPerAppend }, (_, k) => ({ type: 'ContractTested', data: { runId, w, n: a * eventsPerAppend + k } }));
            await store.append(id, events, { expectedRevision: a === 0 ? 'no_stream' : a * eventsPerAppend - 1, metadata: metadata() });
          }
        }),
      );
      const seen = await reader;
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((e) => e.id)).size).toBe(total);
      for (let i = 1; i < seen.length; i++) expect(seen[i].position).toBeGreaterThan(seen[i - 1].position);
      for (let w = 0; w < writers; w++) {
        expect(seen.filter((e) => e.data.w === w).map((e) => e.data.n)).toEqual(Array.from({ length: appendsPerWriter * eventsPerAppend }, (_, n) => n));
        expect(verifyChain(await store.readStream(streams[w]))).toBeNull();
      }
    });

    it("keeps one stream's hash chain intact under concurrent appends with expected revision 'any'", async () => {
      const id = stream();
      await Promise.all(Array.from({ length: 8 }, (_, i) => store.append(id, [event(i), event(i + 100)], { expectedRevision: 'any', metadata: metadata() })));
      const events = await store.readStream(id);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 16 }, (_, i) => i));
      expect(verifyChain(events)).toBeNull();
    });

    it('appends to several streams at once, each at its expected revision, and writes nothing when one is stale', async () => {
      const [a, b, c] = [stream(), stream(), stream()];
      await store.append(b, [event(1)], { expectedRevision: 'no_stream', metadata: metadata() });
      const results = await store.appendMany(
        [
          { streamId: a, events: [event(1), event(2)], expectedRevision: 'no_stream' },
          { streamId: b, events: [event(2)], expectedRevision: 0 },
        ],
        { metadata: metadata() },
      );
      expect(results.map((r) => r.nextRevision)).toEqual([1, 1]);
      expect(results[0].events.map((e) => e.streamId)).toEqual([a, a]);
      expect(verifyChain(await store.readStream(a))).toBeNull();
      expect(verifyChain(await store.readStream(b))).toBeNull();
      expect((await store.readStream(b)).map((e) => e.data.n)).toEqual([1, 2]);

      await expect(
        store.appendMany(
          [
            { streamId: c, events: [event(1)], expectedRevision: 'no_stream' },
            { streamId: b, events: [event(3)], expectedRevision: 0 },
          ],
          { metadata: metadata() },
        ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(c)).toEqual([]);
      expect((await store.readStream(b)).length).toBe(2);
    });

    it('appends one event to each of several streams, new and existing, each chained to its own tip', async () => {
      const [a, b, c] = [stream(), stream(), stream()];
      const shared = metadata();
      await store.append(b, [event(1), event(2)], { expectedRevision: 'no_stream', metadata: metadata() });
      const results = await store.appendMany(
        [
          { streamId: a, events: [event(1)], expectedRevision: 'no_stream' },
          { streamId: b, events: [event(3)], expectedRevision: 1 },
          { streamId: c, events: [event(1)], expectedRevision: 'any' },
        ],
        { metadata: shared },
      );
      expect(results.map((r) => r.nextRevision)).toEqual([0, 2, 0]);
      for (const id of [a, b, c]) expect(verifyChain(await store.readStream(id))).toBeNull();
      const [, , third] = await store.readStream(b);
      expect(third.data.n).toBe(3);
      expect(third.metadata.prevHash).toBe((await store.readStream(b))[1].metadata.hash);
      expect(third.metadata.correlationId).toBe(shared.correlationId);
    });

    it("reads one organization's events in position order, bounded by a position", async () => {
      const mine = randomUUID();
      const first = await store.append(stream(), [event(1), event(2)], { expectedRevision: 'no_stream', metadata: metadata(mine) });
      await store.append(stream(), [event(3)], { expectedRevision: 'no_stream', metadata: metadata() });
      const second = await store.append(stream(), [event(4)], { expectedRevision: 'no_stream', metadata: metadata(mine) });
      const all = await store.readOrganization(mine, { after: 0n, limit: 100 });
      expect(all.map((e) => e.data.n)).toEqual([1, 2, 4]);
      expect(all.every((e) => e.metadata.organizationId === mine)).toBe(true);
      const untilFirst = await store.readOrganization(mine, { after: 0n, limit: 100, until: first.position });
      expect(untilFirst.map((e) => e.data.n)).toEqual([1, 2]);
      const afterFirst = await store.readOrganization(mine, { after: first.position, limit: 1 });
      expect(afterFirst.map((e) => e.position)).toEqual([second.position]);
    });

    it("finds the position of an organization's last event recorded at or before an instant", async () => {
      const mine = randomUUID();
      expect(await store.organizationPositionAt(mine, new Date())).toBe(0n);
      const before = new Date(Date.now() - 60_000);
      const first = await store.append(stream(), [event(1), event(2)], { expectedRevision: 'no_stream', metadata: metadata(mine) });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const between = new Date();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await store.append(stream(), [event(3)], { expectedRevision: 'no_stream', metadata: metadata() });
      const second = await store.append(stream(), [event(4)], { expectedRevision: 'no_stream', metadata: metadata(mine) });
      expect(await store.organizationPositionAt(mine, before)).toBe(0n);
      expect(await store.organizationPositionAt(mine, between)).toBe(first.position);
      expect(await store.organizationPositionAt(mine, new Date(Date.now() + 1_000))).toBe(second.position);
    });

    it("knows each stream's revision, now and as of an earlier position", async () => {
      const [a, b, missing] = [stream(), stream(), stream()];
      const first = await store.append(a, [event(1), event(2)], { expectedRevision: 'no_stream', metadata: metadata() });
      await store.append(b, [event(1)], { expectedRevision: 'no_stream', metadata: metadata() });
      await store.append(a, [event(3)], { expectedRevision: 1, metadata: metadata() });
      expect(await store.streamRevisions([a, b, missing])).toEqual(new Map([[a, 2], [b, 0]]));
      expect(await store.streamRevisions([a, b], { until: first.position })).toEqual(new Map([[a, 1]]));
      expect(await store.streamRevisions([])).toEqual(new Map());
    });

    it('pages through $all with no duplicate and no gap', async () => {
      const runId = randomUUID();
      const start = await store.headPosition();
      const id = stream();
      await store.append(id, Array.from({ length: 23 }, (_, i) => ({ type: 'ContractTested', data: { runId, i } })), { expectedRevision: 'no_stream', metadata: metadata() });
      const seen: number[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll({ after, limit: 4 });
        if (page.length === 0) break;
        for (const e of page) if (e.data.runId === runId) seen.push(e.data.i as number);
        after = page[page.length - 1].position;
      }
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => i));
    });
  });
}
