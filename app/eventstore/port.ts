// The EventStore port: the only way anything in Fluxo is written.
export type EventMetadata = {
  organizationId: string | null;
  actorUserId: string | null;
  impersonatorUserId?: string | null;
  impersonationSessionId?: string | null;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  occurredAt: string;
  prevHash?: string | null;
  hash?: string;
};

export type NewEvent = {
  type: string;
  data: Record<string, unknown>;
};

export type RecordedEvent = {
  id: string;
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  /** Position in the global ($all) log; strictly increasing in read order. */
  position: bigint;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
};

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export type AppendResult = { nextRevision: number; position: bigint; events: RecordedEvent[] };

export type AppendMetadata = Omit<EventMetadata, 'prevHash' | 'hash'>;

/** One stream's part of a multi-stream append; `metadata` overrides the call's for this stream. */
export type StreamAppend = { streamId: string; events: NewEvent[]; expectedRevision: ExpectedRevision; metadata?: AppendMetadata };

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision; metadata: AppendMetadata },
  ): Promise<AppendResult>;
  /**
   * Appends to several distinct streams, each checked against its expected revision: all or
   * nothing (PostgreSQL: one transaction; EventStoreDB: every expectation is checked before the
   * first write, but a race after that check can leave earlier streams written). Results are in
   * the order given.
   */
  appendMany(appends: StreamAppend[], options: { metadata: AppendMetadata }): Promise<AppendResult[]>;
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * The revision of each of `streamIds` that exists: its last event's, or with `until` its last
   * at or before that position (a record's version, also as of a time-travel cut).
   */
  streamRevisions(streamIds: readonly string[], options?: { until?: bigint }): Promise<Map<string, number>>;
  /**
   * Events of $all strictly after `after` (0n = from the start), in position order. With `until`,
   * a position headPosition() answered (so every position up to it is final), only up to it: read
   * straight, without looking for appends in flight (a rebuild reads the log it knows this way).
   * `ownAppends`: the events this process appended may be answered from memory (the live runner
   * following its own writes); every other reader (an auditor's verify or seal, a rebuild) reads
   * what the log holds.
   */
  readAll(options: { after: bigint; limit: number; until?: bigint; ownAppends?: boolean }): Promise<RecordedEvent[]>;
  /**
   * One organization's events strictly after `after` and at or before `until` (default: the head),
   * in position order: per-tenant replay (time travel, catching up a degraded tenant).
   */
  readOrganization(organizationId: string, options: { after: bigint; limit: number; until?: bigint }): Promise<RecordedEvent[]>;
  /**
   * The position of the organization's last event recorded at or before `instant` (0n when none):
   * the cut of a time-travel read. Only final positions count (never one still being appended).
   */
  organizationPositionAt(organizationId: string, instant: Date): Promise<bigint>;
  /** Resolves when events after `after` may exist, or when `signal` aborts / `timeoutMs` passes. */
  waitForEvents(after: bigint, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, found ${actual ?? 'no stream'}`);
    this.name = 'ConcurrencyError';
  }
}

export function streamName(category: string, id: string): string {
  return `${category}-${id}`;
}
