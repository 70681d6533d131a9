// Per-stream tamper evidence: each event's hash covers its content and the previous event's hash.
import { createHash } from 'node:crypto';
import type { EventMetadata, RecordedEvent } from './port';

/**
 * JSON with object keys sorted (UTF-16 order) and undefined members left out: the text every hash
 * and MAC is taken over. Written with plain loops: it runs over every event appended and verified.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(typeof value === 'bigint' ? value.toString() : value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return `${out}}`;
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
