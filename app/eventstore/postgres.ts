// The PostgreSQL EventStore adapter (the embedded default).
//
// An append is one statement: `fluxo_append` (postgres-schema.ts) locks the streams' rows,
// checks the expected revisions and the chain tips the hashes were computed against, and inserts
// every event with positions that readers only see once no older append is in flight — so $all
// stays exact without a global lock, and concurrent appends share their WAL flushes.
// Hashes are computed here against the stream's last hash, which this process remembers from its
// own reads and appends; when that guess is stale the function says so and the append is redone
// once with the tip it reported (a command handler has just read the stream, so that is rare).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { rawTypes } from '../db/pool';
import { groupCommit } from './group-commit';
import { canonicalJsonSafe, chainHash, metadataTextWith, toJsonSafe } from './hash-chain';
import {
  ConcurrencyError,
  type AppendMetadata,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type StreamAppend,
} from './port';

const CHANNEL = 'fluxo_events';
/**
 * A plain NOTIFY in one simple-protocol message: no parse, bind and row of `SELECT pg_notify($1, $2)`,
 * a third of its server CPU and half of this process's (3,000 in a row: 20-37 against 70-73 us per
 * call on the server, 62-95 against 142-161 us here); the same empty payload.
 */
const NOTIFY_STATEMENT = `NOTIFY ${CHANNEL}`;
const REMEMBERED_TIPS = 20_000;
const MAX_ATTEMPTS = 50;
/** How often a waiter looks again while committed events sit behind an older open transaction. */
const HELD_BACK_POLL_MS = 5;
/** At most one cross-process notification per this many ms while appends keep coming. */
const NOTIFY_SPACING_MS = 2;
/** Append statements at once (unless told otherwise); appends arriving meanwhile wait and then share one statement. */
const APPENDS_IN_FLIGHT = 2;
/**
 * A shared statement stops taking more appends at this many events. Sharing pays for small appends
 * (a statement's fixed cost is several events' worth); past a few hundred events it saves little, and
 * one big statement leaves the other slot idle, where two smaller ones overlap this process's work
 * with the database's: 100-event appends, 8 writers, quiet rounds 27.6k/28.9k events/s at 200 against
 * 22.5k at 1000 (and 21.0k/23.2k at 100, each append alone).
 */
const GROUP_MAX_EVENTS = 200;
/** Events this store appended, kept for a reader of $all in this process (see `recent`): at most this many… */
const RECENT_EVENTS = 10_000;
/** …and only while appends keep coming: this long after the last one, none are kept. */
const RECENT_KEPT_MS = 5_000;

type Tip = { revision: number; hash: string | null };

type EventRow = {
  position: bigint;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
};

const COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}

type Prepared = {
  stream: string;
  expected: string;
  baseRevision: number;
  baseHash: string | null;
  /** The stream's JSON-safe metadata, shared by its events (and by the other streams of one call). */
  shared: AppendMetadata;
  /** `text`: the data's canonical JSON, which its hash was taken over; it is also what is sent. */
  events: { id: string; revision: number; type: string; data: Record<string, unknown>; text: string; metadata: EventMetadata }[];
};

/** `safeMetadata`: the stream's metadata, JSON-safe (shared by every event of the append). */
function prepare(append: StreamAppend, safeMetadata: AppendMetadata, tip: Tip): Prepared {
  let revision = tip.revision;
  let prevHash = tip.hash;
  const events = append.events.map((event) => {
    revision += 1;
    const { data, text } = canonicalJsonSafe(event.data) as { data: Record<string, unknown>; text: string };
    const hash = chainHash(append.streamId, revision, event.type, text, metadataTextWith(safeMetadata, prevHash));
    const metadata = { ...safeMetadata, prevHash, hash } as EventMetadata;
    prevHash = hash;
    return { id: randomUUID(), revision, type: event.type, data, text, metadata };
  });
  return { stream: append.streamId, expected: String(append.expectedRevision), baseRevision: tip.revision, baseHash: tip.hash, shared: safeMetadata, events };
}

/**
 * fluxo_append's argument (postgres-schema.ts): each distinct metadata once, each event's data as
 * the canonical text its hash was taken over (valid JSON of the same value), no per-event
 * revision or prevHash (the function derives them from the stream's base and order).
 */
function batchText(batches: Prepared[]): string {
  const metadata = new Map<AppendMetadata, number>();
  let streams = '';
  for (const p of batches) {
    let index = metadata.get(p.shared);
    if (index === undefined) metadata.set(p.shared, (index = metadata.size));
    let events = '';
    for (const e of p.events) {
      events += `${events === '' ? '' : ','}{"id":"${e.id}","type":${JSON.stringify(e.type)},"hash":${JSON.stringify(e.metadata.hash)},"data":${e.text}}`;
    }
    streams += `${streams === '' ? '' : ','}{"stream":${JSON.stringify(p.stream)},"expected":${JSON.stringify(p.expected)},"baseRevision":${p.baseRevision},"baseHash":${JSON.stringify(p.baseHash)},"metadata":${index},"events":[${events}]}`;
  }
  return `{"metadata":${JSON.stringify([...metadata.keys()])},"streams":[${streams}]}`;
}

type TipReport = { stream: string; revision: number; hash: string | null };

function reportOf(error: unknown): { code: 'FX001' | 'FX002'; tip: TipReport } | null {
  const { code, detail } = error as { code?: string; detail?: string };
  if ((code !== 'FX001' && code !== 'FX002') || !detail) return null;
  return { code, tip: JSON.parse(detail) as TipReport };
}

/**
 * `appendsInFlight`: FLUXO_APPENDS_IN_FLIGHT; anything but a positive integer is the default.
 * `notifyOthers`: whether another process may be waiting for this store's appends (default: always).
 * Only a leading projection runner waits on the log (the notification dispatcher waits for filings,
 * API-only processes and standby runners poll): where it runs in this process, the appends wake it
 * here and the NOTIFY, a statement and a wake-up of every listening backend per append, is skipped.
 */
export function createPostgresEventStore(
  _sharedDb: unknown,
  connectionString: string,
  options: { appendsInFlight?: number; notifyOthers?: () => boolean } = {},
): EventStore {
  const { appendsInFlight } = options;
  const notifyOthers = options.notifyOthers ?? (() => true);
  const pool = new pg.Pool({ connectionString, max: 6, types: rawTypes });
  pool.on('error', () => undefined);
  const tips = new Map<string, Tip>();
  const waiters = new Set<() => void>();
  // The events this store appended, by position: the projection runner of this process follows
  // right behind its appends (an import's 20,000 events), and reads them from here instead of
  // reading back, parsing and decoding what it has just sent. They are kept only while that runner
  // leads here (notifyOthers says no): elsewhere nobody follows them. A reader takes from here only a run
  // of positions with no hole from where it reads: each such position is an event that committed,
  // and no other event can ever take it, so the run is exactly what the table holds there (a hole
  // — another process's append, a position an aborted append left unused — is read from the table).
  const recent = new Map<bigint, RecordedEvent>();
  let recentTimer: NodeJS.Timeout | null = null;
  function keepRecent(results: readonly AppendResult[]): void {
    for (const result of results) for (const event of result.events) recent.set(event.position, event);
    // Oldest first: a Map keeps its insertion order, which follows the positions but for appends in flight together.
    if (recent.size > RECENT_EVENTS) {
      let excess = recent.size - RECENT_EVENTS;
      for (const position of recent.keys()) {
        if (excess-- === 0) break;
        recent.delete(position);
      }
    }
    if (recentTimer) recentTimer.refresh();
    else {
      recentTimer = setTimeout(() => {
        recent.clear();
        recentTimer = null;
      }, RECENT_KEPT_MS);
      recentTimer.unref();
    }
  }
  /** The events after `after` this store appended with no hole in their positions, at most `limit`, none past `until`. */
  function recentRun(after: bigint, limit: number, until: bigint | undefined): RecordedEvent[] {
    const run: RecordedEvent[] = [];
    if (recent.size === 0) return run;
    for (let position = after + 1n; run.length < limit && (until === undefined || position <= until); position++) {
      const event = recent.get(position);
      if (!event) break;
      run.push(event);
    }
    return run;
  }
  const write = groupCommit<Prepared>({
    write: async (batches) => (await pool.query<{ positions: bigint[] }>('SELECT fluxo_append($1::jsonb) AS positions', [batchText(batches)])).rows[0].positions,
    streamOf: (error) => reportOf(error)?.tip.stream ?? null,
    inFlight: appendsInFlight !== undefined && Number.isInteger(appendsInFlight) && appendsInFlight > 0 ? appendsInFlight : APPENDS_IN_FLIGHT,
    maxEvents: GROUP_MAX_EVENTS,
  });
  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let closed = false;

  function remember(streamId: string, tip: Tip): void {
    tips.delete(streamId);
    tips.set(streamId, tip);
    if (tips.size > REMEMBERED_TIPS) tips.delete(tips.keys().next().value as string);
  }

  function guessTip(streamId: string, expected: ExpectedRevision): Tip {
    if (expected === 'no_stream') return { revision: -1, hash: null };
    const known = tips.get(streamId);
    if (known && (typeof expected !== 'number' || known.revision === expected)) return known;
    return { revision: typeof expected === 'number' ? expected : -1, hash: null };
  }

  /** Bumped by every wake: an append of this store, another's notification, a lost listener. */
  let wakes = 0;
  function wakeAll(): void {
    wakes += 1;
    for (const wake of [...waiters]) wake();
  }

  /** A read horizon once returned: every position below it is final (committed or never to be). */
  let knownHorizon = 0n;
  // NOTIFY outside the append's transaction: a notifying commit holds PostgreSQL's global
  // notification lock through its WAL flush, which would serialize every append again. Each
  // notification wakes every listening backend and process, so they are spaced: at most one per
  // NOTIFY_SPACING_MS, covering every append committed before it is sent (those a group commit
  // stores together share one). Waiters in this process are woken at once (wakeAll).
  let notifier: Promise<pg.Client> | null = null;
  /** The notifier's backend: its notifications come back to this store's listener, whose waiters wakeAll() woke already. */
  let notifierPid: number | null = null;
  let notificationDue = false;
  let notificationSending = false;
  let lastNotified = -Infinity;
  function connectNotifier(): Promise<pg.Client> {
    notifier ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('error', () => {
        notifier = null;
        notifierPid = null;
      });
      await client.connect();
      await client.query('SET synchronous_commit = off');
      notifierPid = (client as pg.Client & { processID: number }).processID;
      return client;
    })().catch((error: unknown) => {
      notifier = null;
      throw error;
    });
    return notifier;
  }
  async function sendNotification(): Promise<void> {
    notificationDue = false;
    lastNotified = performance.now();
    if (closed) return;
    notificationSending = true;
    try {
      const client = await connectNotifier();
      await client.query(NOTIFY_STATEMENT);
    } catch {
      // Listeners also poll on a timeout; a lost notification only delays them.
    } finally {
      notificationSending = false;
    }
    // Appends that came while it was in flight: the next one (one query at a time on the connection).
    if (notificationDue) schedule();
  }
  function schedule(): void {
    if (notificationSending) return;
    const wait = lastNotified + NOTIFY_SPACING_MS - performance.now();
    if (wait > 0) setTimeout(() => void sendNotification(), wait);
    else setImmediate(() => void sendNotification());
  }
  function notify(): void {
    if (notificationDue) return;
    notificationDue = true;
    schedule();
  }

  function ensureListener(): Promise<void> {
    listening ??= (async () => {
      const client = new pg.Client({ connectionString });
      // An append of this store woke its waiters at once; its notification coming back (once per
      // NOTIFY_SPACING_MS under load) would wake every idle lane and the dispatcher again for a
      // pass that reads nothing new. Only other processes' (and other stores') appends wake here.
      client.on('notification', (message) => {
        if (message.processId !== notifierPid) wakeAll();
      });
      client.on('error', () => {
        listener = null;
        listening = null;
        wakeAll();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
    })().catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  /**
   * The heads headPosition() or a read at the head (readAll) just read, while no wake came since
   * that read was sent: every append committed after its snapshot wakes this store afterwards (its
   * own appends at once, others' by their notification on the listener, which listened before the
   * read). A follower that reads the head and then waits for events beyond it (the runner's idle
   * lanes) asks once, not twice. Used once: a wait that timed out asks again.
   */
  let lastHeads: { wakes: number; stable: bigint; latest: bigint } | null = null;
  /** Call as a read of the heads is sent; give what it answered to the function returned. */
  function headsRead(): (seen: { stable: bigint; latest: bigint }) => void {
    const at = listener ? wakes : null;
    return (seen) => {
      lastHeads = at === null ? null : { wakes: at, stable: seen.stable, latest: seen.latest };
    };
  }
  async function heads(): Promise<{ stable: bigint; latest: bigint }> {
    const { rows } = await pool.query<{ stable: bigint; latest: bigint }>('SELECT stable, latest FROM fluxo_heads()');
    return rows[0];
  }

  async function appendMany(appends: StreamAppend[], metadata: AppendMetadata): Promise<AppendResult[]> {
    if (appends.length === 0) throw new Error('appendMany needs at least one stream');
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new Error('appendMany: each stream at most once');
    if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
    const known = new Map<string, Tip>();
    for (let attempt = 1; ; attempt++) {
      // The call's metadata is made JSON-safe once, not once per event (a chunk has thousands).
      const shared = toJsonSafe(metadata) as AppendMetadata;
      const prepared = appends.map((a) =>
        prepare(a, a.metadata ? (toJsonSafe(a.metadata) as AppendMetadata) : shared, known.get(a.streamId) ?? guessTip(a.streamId, a.expectedRevision)));
      let positions: bigint[];
      try {
        positions = await write(prepared);
      } catch (error) {
        const report = reportOf(error);
        if (!report) throw error;
        const { stream, revision, hash } = report.tip;
        const tip = { revision, hash };
        if (revision >= 0) remember(stream, tip);
        else tips.delete(stream);
        if (report.code === 'FX001') {
          const failed = appends.find((a) => a.streamId === stream);
          throw new ConcurrencyError(stream, failed?.expectedRevision ?? 'any', revision < 0 ? null : revision);
        }
        if (attempt >= MAX_ATTEMPTS) throw new ConcurrencyError(stream, 'any', revision < 0 ? null : revision);
        known.set(stream, tip);
        continue;
      }
      const othersWait = notifyOthers();
      if (othersWait) notify();
      let next = 0;
      const results = prepared.map((p) => {
        const events: RecordedEvent[] = p.events.map((e) => ({
          id: e.id,
          streamId: p.stream,
          revision: e.revision,
          position: positions[next++],
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        }));
        const last = events[events.length - 1];
        remember(p.stream, { revision: last.revision, hash: last.metadata.hash ?? null });
        return { nextRevision: last.revision, position: last.position, events };
      });
      if (!othersWait) keepRecent(results);
      wakeAll();
      return results;
    }
  }

  return {
    kind: 'postgres',

    async append(streamId, events, { expectedRevision, metadata }) {
      const [result] = await appendMany([{ streamId, events, expectedRevision }], metadata);
      return result;
    },

    appendMany: (appends, { metadata }) => appendMany(appends, metadata),

    async readStream(streamId) {
      const { rows } = await pool.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_id = $1 ORDER BY revision`, [streamId]);
      const events = rows.map(toRecorded);
      const last = events[events.length - 1];
      if (last) remember(streamId, { revision: last.revision, hash: last.metadata.hash ?? null });
      return events;
    },

    async streamRevisions(streamIds, { until } = {}) {
      if (streamIds.length === 0) return new Map();
      const { rows } =
        until === undefined
          ? await pool.query<{ stream_id: string; revision: number }>('SELECT stream_id, revision FROM event_streams WHERE stream_id = ANY($1::text[]) AND revision >= 0', [streamIds])
          : await pool.query<{ stream_id: string; revision: number }>(
              'SELECT stream_id, max(revision)::int AS revision FROM events WHERE stream_id = ANY($1::text[]) AND position <= $2 GROUP BY stream_id',
              [streamIds, until.toString()],
            );
      return new Map(rows.map((row) => [row.stream_id, Number(row.revision)]));
    },

    async readAll({ after: from, limit: wanted, until, ownAppends }) {
      const kept = ownAppends ? recentRun(from, wanted, until) : [];
      if (kept.length === wanted || (kept.length > 0 && kept[kept.length - 1].position === until)) return kept;
      const after = kept.length > 0 ? kept[kept.length - 1].position : from;
      const limit = wanted - kept.length;
      const below = async (bound: string, from: bigint, rows: number, inclusive = false) => (await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE position > $1 AND position ${inclusive ? '<=' : '<'} $2 ORDER BY position LIMIT $3`,
        [from.toString(), bound, rows],
      )).rows;
      // A plain indexed range below a bound, streamed: the caller's stable head, or the read horizon
      // (nothing below it is still in flight). Reading inside fluxo_read_all instead materializes
      // the rows first (1.7x the server time per page).
      if (until !== undefined) return kept.concat((await below(until.toString(), after, limit, true)).map(toRecorded));
      // Below a horizon once seen every position stays final: a reader catching up pages below it
      // in one statement, and asks for a new horizon only when the page runs past it.
      let rows = after + 1n < knownHorizon ? await below(knownHorizon.toString(), after, limit) : [];
      if (rows.length < limit) {
        // The rest up to a fresh horizon, and the heads, in one round trip (fluxo_read_head). When
        // no wake came since it was sent, its heads are those waitForEvents would ask for next.
        const remember = headsRead();
        const from = rows.length > 0 ? BigInt(rows[rows.length - 1].position) : after;
        const head = (await pool.query<EventRow & { horizon: bigint | null; stable: bigint | null; latest: bigint | null }>(
          `SELECT horizon, stable, latest, ${COLUMNS} FROM fluxo_read_head($1, $2, $3)`,
          [from.toString(), limit - rows.length, knownHorizon.toString()],
        )).rows;
        const [{ horizon, stable, latest }] = head;
        if (horizon! > knownHorizon) knownHorizon = horizon!;
        remember({ stable: stable!, latest: latest! });
        rows = rows.concat(head.slice(1));
      }
      return kept.concat(rows.map(toRecorded));
    },

    async readOrganization(organizationId, { after, limit, until }) {
      const { rows } = await pool.query<EventRow>(`SELECT ${COLUMNS} FROM fluxo_read_organization($1, $2, $3, $4)`, [
        organizationId,
        after.toString(),
        until === undefined ? null : until.toString(),
        limit,
      ]);
      return rows.map(toRecorded);
    },

    async organizationPositionAt(organizationId, instant) {
      const { rows } = await pool.query<{ position: bigint | null }>(
        `SELECT max(position) AS position FROM events
         WHERE metadata->>'organizationId' = $1 AND recorded_at <= $2 AND position < fluxo_read_horizon()`,
        [organizationId, instant.toISOString()],
      );
      return rows[0]?.position ?? 0n;
    },

    async waitForEvents(after, { timeoutMs, signal }) {
      await ensureListener();
      let wake = (): void => undefined;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      waiters.add(wake); // before looking, so a notification in between is not lost
      try {
        const seen = lastHeads;
        lastHeads = null;
        const { stable, latest } = seen && seen.wakes === wakes ? seen : await heads();
        if (stable > after || signal?.aborted) return;
        const wait = latest > after ? Math.min(HELD_BACK_POLL_MS, timeoutMs) : timeoutMs;
        let timer: NodeJS.Timeout | undefined;
        let onAbort = (): void => undefined;
        await Promise.race([
          woken,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, wait);
            onAbort = resolve;
            signal?.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
        clearTimeout(timer);
        // A follower waits on one long-lived signal again and again: its listeners must not pile up.
        signal?.removeEventListener('abort', onAbort);
      } finally {
        waiters.delete(wake);
      }
    },

    async headPosition() {
      const remember = headsRead();
      const seen = await heads();
      remember(seen);
      return seen.stable;
    },

    async close() {
      closed = true;
      if (recentTimer) clearTimeout(recentTimer);
      recent.clear();
      wakeAll();
      await listener?.end().catch(() => undefined);
      listener = null;
      listening = null;
      const client = await notifier?.catch(() => null);
      notifier = null;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
