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

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision; metadata: Omit<EventMetadata, 'prevHash' | 'hash'> },
  ): Promise<AppendResult>;
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Events of $all strictly after `after` (0n = from the start), in position order. */
  readAll(options: { after: bigint; limit: number }): Promise<RecordedEvent[]>;
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
