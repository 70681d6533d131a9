// Group commit: appends that arrive while others are being written share the next statement.
//
// Each attempt is one caller's whole append (one or more streams, atomic). While fewer than
// `inFlight` statements run, an attempt goes out at the end of the current microtask run, so a
// lone writer waits for nothing. Under contention the queue fills, and the next free slot (at the
// end of the run that freed it) takes every queued attempt whose streams are
// disjoint from the others (up to `maxEvents`) as one transaction: one commit, one WAL flush, one
// round trip for many writers. All-or-nothing stays per caller: when a merged statement fails, the
// attempt it names gets the error and the others are sent again — alone if the failure named none.

export type StreamBatch = { stream: string; events: unknown[] };

export type GroupCommitOptions<P extends StreamBatch> = {
  /** Writes the batches in one transaction; positions in batch order, one per event. */
  write: (batches: P[]) => Promise<bigint[]>;
  /** The stream a failure is about, when it names one (a conflict or a stale chain). */
  streamOf: (error: unknown) => string | null;
  inFlight: number;
  maxEvents: number;
};

type Attempt<P> = {
  batches: P[];
  streams: Set<string>;
  events: number;
  alone: boolean;
  resolve: (positions: bigint[]) => void;
  reject: (error: unknown) => void;
};

export function groupCommit<P extends StreamBatch>(options: GroupCommitOptions<P>): (batches: P[]) => Promise<bigint[]> {
  const queue: Attempt<P>[] = [];
  let running = 0;

  function take(): Attempt<P>[] {
    const first = queue.shift() as Attempt<P>;
    const group = [first];
    if (first.alone) return group;
    const streams = new Set(first.streams);
    let events = first.events;
    for (let i = 0; i < queue.length && events < options.maxEvents; ) {
      const next = queue[i];
      const fits = !next.alone && events + next.events <= options.maxEvents && [...next.streams].every((s) => !streams.has(s));
      if (!fits) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      group.push(next);
      events += next.events;
      for (const s of next.streams) streams.add(s);
    }
    return group;
  }

  function settle(group: Attempt<P>[], positions: bigint[]): void {
    let next = 0;
    for (const attempt of group) {
      attempt.resolve(positions.slice(next, next + attempt.events));
      next += attempt.events;
    }
  }

  function fail(group: Attempt<P>[], error: unknown): void {
    if (group.length === 1) {
      group[0].reject(error);
      return;
    }
    const stream = options.streamOf(error);
    const culprit = stream === null ? undefined : group.find((a) => a.streams.has(stream));
    if (culprit) culprit.reject(error);
    // Sent again ahead of newer arrivals; with no culprit named, each alone so only the faulty one fails.
    const again = group.filter((a) => a !== culprit);
    if (!culprit) for (const a of again) a.alone = true;
    queue.unshift(...again);
  }

  // Dispatch waits for the current microtask run to end (process.nextTick): the writers a finished
  // statement resolves come back in that run, and share the next statement, where the first one
  // back took the free slot alone and the others queued behind it (8 writers: 2/3 of the
  // statements carried one append; now each carries all 8, and the CPU per append drops by 40%).
  let pumpScheduled = false;
  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    process.nextTick(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function pump(): void {
    while (running < options.inFlight && queue.length > 0) {
      const group = take();
      running++;
      options
        .write(group.flatMap((a) => a.batches))
        .then((positions) => settle(group, positions), (error: unknown) => fail(group, error))
        .finally(() => {
          running--;
          schedulePump();
        });
    }
  }

  return (batches) =>
    new Promise<bigint[]>((resolve, reject) => {
      const events = batches.reduce((n, b) => n + b.events.length, 0);
      queue.push({ batches, streams: new Set(batches.map((b) => b.stream)), events, alone: false, resolve, reject });
      schedulePump();
    });
}
