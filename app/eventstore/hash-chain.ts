// Per-stream tamper evidence: each event's hash covers its content and the previous event's hash.
import { createHash } from 'node:crypto';
import type { EventMetadata, RecordedEvent } from './port';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(typeof value === 'bigint' ? value.toString() : value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function eventHash(input: {
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Omit<EventMetadata, 'hash'>;
}): string {
  const { hash: _ignored, ...metadata } = input.metadata as EventMetadata;
  return createHash('sha256')
    .update(canonicalJson({ streamId: input.streamId, revision: input.revision, type: input.type, data: input.data, metadata }))
    .digest('hex');
}

export type ChainBreak = { revision: number; reason: string };

/** Verifies a whole stream; returns the first break, or null when the chain is intact. */
export function verifyChain(events: RecordedEvent[]): ChainBreak | null {
  let prev: string | null = null;
  for (const event of events) {
    const { hash, ...rest } = event.metadata;
    if ((rest.prevHash ?? null) !== prev) return { revision: event.revision, reason: 'prevHash não confere' };
    const expected = eventHash({ streamId: event.streamId, revision: event.revision, type: event.type, data: event.data, metadata: rest });
    if (hash !== expected) return { revision: event.revision, reason: 'hash não confere' };
    prev = hash;
  }
  return null;
}

/** JSON with bigint written as strings (money in centavos survives the round trip exactly). */
export function toJsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
}
