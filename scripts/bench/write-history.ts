// Writes a generated history straight into the event store's tables with COPY (one statement for
// the whole log), each event validated by its domain schema and chained per stream as an append
// would chain it (app/eventstore/hash-chain.ts), so `audit:verify` accepts the result.
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { eventSchemas } from '../../domain/events';
import { eventHash } from '../../app/eventstore/hash-chain';
import type { HistoryEvent } from './history';

const csv = (value: string) => `"${value.replace(/"/g, '""')}"`;

async function writeAll(target: Writable, rows: Iterable<string>, onChunk: (rows: number) => void, chunkRows = 2000): Promise<void> {
  let chunk: string[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const n = chunk.length;
    if (!target.write(chunk.join(''))) await new Promise((resolve) => target.once('drain', resolve));
    chunk = [];
    onChunk(n);
  };
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length >= chunkRows) await flush();
  }
  await flush();
  await new Promise<void>((resolve, reject) => {
    target.once('finish', resolve);
    target.once('error', reject);
    target.end();
  });
}

export async function writeHistory(connectionString: string, history: Iterable<HistoryEvent>, onProgress: (written: number) => void): Promise<{ events: number; streams: number }> {
  const streams = new Map<string, { revision: number; hash: string }>();
  const validated = new Map<string, number>();
  let events = 0;
  function* rows(): Generator<string> {
    for (const event of history) {
      const schema = eventSchemas[event.type];
      if (!schema) throw new Error(`unknown event type ${event.type}`);
      // Every shape is checked early; after that a sample (the schema parse costs more than the rest).
      const seen = (validated.get(event.type) ?? 0) + 1;
      validated.set(event.type, seen);
      if (seen <= 500 || seen % 50 === 0) schema.parse(event.data);
      const previous = streams.get(event.streamId);
      const revision = previous ? previous.revision + 1 : 0;
      const base = {
        organizationId: event.organizationId, actorUserId: event.actorUserId, correlationId: randomUUID(), causationId: null, requestId: null,
        occurredAt: event.occurredAt, prevHash: previous?.hash ?? null,
      };
      const hash = eventHash({ streamId: event.streamId, revision, type: event.type, data: event.data, metadata: base });
      streams.set(event.streamId, { revision, hash });
      events++;
      yield `${randomUUID()},${csv(event.streamId)},${revision},${event.type},${csv(JSON.stringify(event.data))},${csv(JSON.stringify({ ...base, hash }))},${event.occurredAt}\n`;
    }
  }
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN');
    const copy = client.query(copyFrom('COPY events (event_id, stream_id, revision, type, data, metadata, recorded_at) FROM STDIN WITH (FORMAT csv)'));
    let written = 0;
    await writeAll(copy, rows(), (n) => onProgress((written += n)));
    const streamRows = function* () {
      for (const [id, s] of streams) yield `${csv(id)},${s.revision},${s.hash}\n`;
    };
    const streamCopy = client.query(copyFrom('COPY event_streams (stream_id, revision, last_hash) FROM STDIN WITH (FORMAT csv)'));
    await writeAll(streamCopy, streamRows(), () => undefined, 5000);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { events, streams: streams.size };
}
