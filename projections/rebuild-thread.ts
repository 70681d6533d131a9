// A loader thread: some of a rebuild's groups load on a thread of their own (rebuild-loader.ts),
// so that two cores fold the log instead of one. The rebuild's thread reads each page once and
// sends it on as the JSON text it was read as (the loader parses its own copy); the loader holds
// its projectors' rows, writes them out and builds their indexes. The rebuild's thread keeps the
// derived projectors, the swap and the failures' record.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '../app/eventstore/port';
import type { Failure } from './isolation';
import type { Failing, LoadProgress, Peer } from './rebuild-load';

export type LoaderData = {
  databaseUrl: string;
  /** Projector names (the registry's), group by group. */
  groups: string[][];
  /** The statements that build each projector's indexes after the load. */
  indexes: Record<string, string[]>;
  /** Projectors other work waits for (written out first). */
  first: string[];
  until: bigint;
  maxResident: number;
};

/** A page as the loader receives it: one array per field (and the events' JSON as read). */
export type SentPage = {
  positions: BigInt64Array; ids: string[]; streams: string[]; revisions: Int32Array; types: string[]; data: string[]; metadata: string[];
};
export type ToLoader = { type: 'page'; page: SentPage } | { type: 'end' };

type SentError = { message: string; code?: string; stack?: string };
export type LoaderMessage =
  | ({ type: 'progress' } & LoadProgress)
  | { type: 'loaded'; failing: [string, [string, { organizationId: string | null; event: Failure['event']; error: string }][]][] }
  | { type: 'complete'; name: string }
  | { type: 'indexed'; name: string }
  | { type: 'done'; applyMs: [string, number][] }
  | { type: 'error'; error: SentError };

export const sendError = (error: unknown): SentError => {
  const e = error as { message?: unknown; code?: unknown; stack?: unknown };
  return { message: String(e?.message ?? error), code: typeof e?.code === 'string' ? e.code : undefined, stack: typeof e?.stack === 'string' ? e.stack : undefined };
};
const receivedError = (sent: SentError): Error => Object.assign(new Error(sent.message), { code: sent.code, stack: sent.stack });

export function pageOf(events: readonly RecordedEvent[], texts: readonly (readonly [string, string])[]): SentPage {
  const n = events.length;
  const page: SentPage = {
    positions: new BigInt64Array(n), ids: new Array<string>(n), streams: new Array<string>(n), revisions: new Int32Array(n),
    types: new Array<string>(n), data: new Array<string>(n), metadata: new Array<string>(n),
  };
  for (let i = 0; i < n; i++) {
    const event = events[i];
    page.positions[i] = event.position;
    page.ids[i] = event.id;
    page.streams[i] = event.streamId;
    page.revisions[i] = event.revision;
    page.types[i] = event.type;
    page.data[i] = texts[i][0];
    page.metadata[i] = texts[i][1];
  }
  return page;
}

/** The events of a page sent to the loader, as the event store gives them (toRecorded). */
export function eventsOf(page: SentPage): RecordedEvent[] {
  const events = new Array<RecordedEvent>(page.ids.length);
  for (let i = 0; i < events.length; i++) {
    events[i] = {
      id: page.ids[i], streamId: page.streams[i], revision: page.revisions[i], position: page.positions[i], type: page.types[i],
      data: JSON.parse(page.data[i]) as RecordedEvent['data'], metadata: JSON.parse(page.metadata[i]) as RecordedEvent['metadata'],
    };
  }
  return events;
}

export type LoaderThread = {
  /** Sends the loader the next page (empty: the log is read). */
  send: (events: readonly RecordedEvent[], texts: readonly (readonly [string, string])[]) => void;
  /** The pages the loader's groups have all applied. */
  peer: Peer;
  /** The failures of its projectors, once its load is done. */
  loaded: Promise<Failing>;
  /** When `name`'s rows are all in its shadow tables. */
  complete: (name: string) => Promise<void>;
  /** Indexes built; what each projector's load cost (applyMs). */
  done: Promise<[string, number][]>;
  stop: () => Promise<void>;
};

const source = new URL(import.meta.url.endsWith('.ts') ? './rebuild-loader.ts' : './rebuild-loader.mjs', import.meta.url);

/** Starts a loader thread, or null where its module is not beside this one (a bundle without it). */
export function startLoaderThread(data: LoaderData, onIndexed: (name: string) => void): LoaderThread | null {
  if (!existsSync(fileURLToPath(source))) return null;
  // A TypeScript checkout runs the loader through tsx, as the scripts that start a rebuild do.
  const boot = source.pathname.endsWith('.ts')
    ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`
    : `import(${JSON.stringify(source.href)})`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const settle = <T>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // awaited later; a failure is reported there
    return { promise, resolve, reject };
  };
  const loaded = settle<Failing>();
  const done = settle<[string, number][]>();
  const completes = new Map(data.groups.flat().map((name) => [name, settle<void>()]));
  const fail = (error: unknown) => {
    loaded.reject(error);
    done.reject(error);
    for (const complete of completes.values()) complete.reject(error);
  };
  let pagesDone = 0;
  const listeners: (() => void)[] = [];
  const post = (message: ToLoader) => worker.postMessage(message);
  const thread: LoaderThread = {
    send: (events, texts) => post(events.length === 0 ? { type: 'end' } : { type: 'page', page: pageOf(events, texts) }),
    peer: { pagesDone: () => pagesDone, onAdvance: (listener) => listeners.push(listener) },
    loaded: loaded.promise,
    complete: (name) => completes.get(name)?.promise ?? Promise.resolve(),
    done: done.promise,
    stop: async () => {
      await worker.terminate();
    },
  };
  worker.on('message', (message: LoaderMessage) => {
    switch (message.type) {
      case 'progress':
        pagesDone = message.pages;
        for (const listener of listeners) listener();
        break;
      case 'loaded':
        loaded.resolve(new Map(message.failing.map(([projector, held]) => [projector, new Map(held.map(([key, f]) => [key, { ...f, error: new Error(f.error) }]))])));
        break;
      case 'complete':
        completes.get(message.name)?.resolve();
        break;
      case 'indexed':
        onIndexed(message.name);
        break;
      case 'done':
        done.resolve(message.applyMs);
        break;
      case 'error':
        fail(receivedError(message.error));
        break;
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`A thread de carga da reconstrução terminou (código ${code}) antes de concluir.`)));
  return thread;
}
