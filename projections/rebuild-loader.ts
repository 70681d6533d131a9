// The loader thread's side (rebuild-thread.ts): loads its groups of the registry's projectors into
// their shadow tables from the pages the rebuild sends, writes them out, builds their indexes, and
// reports each step.
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, singleTripPoolOf } from '../app/db/pool';
import type { RecordedEvent } from '../app/eventstore/port';
import { describeError } from './isolation';
import { BulkInsert } from './copy-rows';
import { applyMs, buildIndexes, loadLog, shadowSchemaOf, writeOut, type Failing } from './rebuild-load';
import { eventsOf, sendError, type LoaderData, type LoaderMessage, type ToLoader } from './rebuild-thread';
import { projectors } from './registry';
import { Resident } from './rows';

const data = workerData as LoaderData;
const post = (message: LoaderMessage) => parentPort?.postMessage(message);

/** The pages the rebuild sends, in order; empty once it has read the log. */
const received: (readonly RecordedEvent[])[] = [];
let waiting: ((events: readonly RecordedEvent[]) => void) | null = null;
parentPort?.on('message', (message: ToLoader) => {
  const events = message.type === 'page' ? eventsOf(message.page) : [];
  if (waiting) {
    const wake = waiting;
    waiting = null;
    wake(events);
  } else {
    received.push(events);
  }
});
const nextPage = (): Promise<readonly RecordedEvent[]> => {
  const page = received.shift();
  return page ? Promise.resolve(page) : new Promise((wake) => { waiting = wake; });
};

async function load(): Promise<void> {
  const byName = new Map(projectors.map((projector) => [projector.name, projector]));
  const groups = data.groups.map((group) => group.map((name) => {
    const projector = byName.get(name);
    if (!projector) throw new Error(`Projeção desconhecida: ${name}`);
    return projector;
  }));
  const db = await createDb(data.databaseUrl);
  try {
    const copyPool = singleTripPoolOf(db);
    const residents = new Map(groups.flat().map((projector) => [projector, new Resident(copyPool && new BulkInsert(copyPool, shadowSchemaOf(projector)))]));
    const failing: Failing = new Map();
    await loadLog({
      db, groups, residents, failing, folds: new Map(), batchSize: 0, maxResident: data.maxResident, head: data.until, until: data.until,
      readPage: nextPage, onProgress: (progress) => post({ type: 'progress', ...progress }),
    });
    post({
      type: 'loaded',
      failing: [...failing].map(([projector, held]) => [projector, [...held].map(([key, f]) => [key, { organizationId: f.organizationId, event: f.event, error: describeError(f.error) }])]),
    });
    await Promise.all(groups.map(async (group) => {
      const first = [...group].sort((a, b) => Number(data.first.includes(b.name)) - Number(data.first.includes(a.name)));
      for (const projector of first) {
        await writeOut(db, projector, residents.get(projector));
        residents.delete(projector);
        post({ type: 'complete', name: projector.name });
        await buildIndexes(db, projector, data.indexes[projector.name] ?? []);
        post({ type: 'indexed', name: projector.name });
      }
    }));
    post({ type: 'done', applyMs: [...applyMs] });
  } finally {
    await db.end();
  }
}

load().catch((error: unknown) => post({ type: 'error', error: sendError(error) })).finally(() => parentPort?.unref());
