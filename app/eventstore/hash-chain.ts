// Per-stream tamper evidence: each event's hash covers its content and the previous event's hash.
import { hash } from 'node:crypto';
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
  const { keys, prefixes } = shapeOf(Object.keys(record));
  let out = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const member = record[keys[i]];
    if (member === undefined) continue;
    out += (first ? '' : ',') + prefixes[i] + canonicalJson(member);
    first = false;
  }
  return `${out}}`;
}

/**
 * An object's keys in their own order, sorted, and each sorted key's `"key":` text. `indexKeys`:
 * some key is an array index ('0', '10'…), which objects enumerate first in numeric order whatever
 * order they were written in.
 */
type Shape = { own: readonly string[]; keys: readonly string[]; prefixes: readonly string[]; indexKeys: boolean };
/** Known shapes by key count, then by first key. */
const shapes = new Map<number, Map<string, Shape[]>>();
let shapeCount = 0;
const MAX_SHAPES = 1_000;

/**
 * Events of one type share their keys, in the same order: the sort and the keys' JSON text are
 * worked out once per key list (a 10,000-transaction import hashes 20,000 events of two shapes),
 * which halves canonicalJson's time. A known shape is found by its key count and first key, then
 * compared key by key: nothing is allocated to look it up (joining the keys into one lookup
 * string cost as much as the sort it saved).
 */
function shapeOf(own: string[]): Shape {
  if (own.length === 0) return EMPTY_SHAPE;
  let byFirst = shapes.get(own.length);
  const candidates = byFirst?.get(own[0]);
  if (candidates) {
    for (const known of candidates) {
      let same = true;
      for (let i = 1; i < own.length && same; i++) same = known.own[i] === own[i];
      if (same) return known;
    }
  }
  const keys = own.slice().sort();
  const shape = { own, keys, prefixes: keys.map((key) => `${JSON.stringify(key)}:`), indexKeys: keys.some(isArrayIndex) };
  if (shapeCount < MAX_SHAPES) {
    if (!byFirst) shapes.set(own.length, (byFirst = new Map()));
    if (candidates) candidates.push(shape);
    else byFirst.set(own[0], [shape]);
    shapeCount += 1;
  }
  return shape;
}
const EMPTY_SHAPE: Shape = { own: [], keys: [], prefixes: [], indexKeys: false };
const isArrayIndex = (key: string) => /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 4_294_967_295;

export function eventHash(input: {
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Omit<EventMetadata, 'hash'>;
}): string {
  const { hash: _ignored, ...metadata } = input.metadata as EventMetadata;
  return chainHash(input.streamId, input.revision, input.type, canonicalJson(input.data), canonicalJson(metadata));
}

/**
 * eventHash from the canonical texts of the data and of the metadata (without its hash): the
 * canonicalJson of { streamId, revision, type, data, metadata }, whose keys sort in this order.
 */
export function chainHash(streamId: string, revision: number, type: string, dataText: string, metadataText: string): string {
  // One-shot: no Hash object per event (an import hashes 20,000).
  return hash('sha256', `{"data":${dataText},"metadata":${metadataText},"revision":${canonicalJson(revision)},"streamId":${canonicalJson(streamId)},"type":${canonicalJson(type)}}`, 'hex');
}

const PREV_HASH_SLOT = '\u0000fluxo-prev-hash\u0000';
const metadataTemplates = new WeakMap<object, readonly [string, string] | null>();

/**
 * The canonical text of `{ ...metadata, prevHash }` (without any hash member). An append's events
 * share one metadata and differ only by prevHash: the text is written once per metadata object and
 * the prevHash put into its slot.
 */
export function metadataTextWith(metadata: Omit<EventMetadata, 'hash' | 'prevHash'>, prevHash: string | null): string {
  let template = metadataTemplates.get(metadata);
  if (template === undefined) {
    const { hash: _hash, ...rest } = metadata as EventMetadata;
    const parts = canonicalJson({ ...rest, prevHash: PREV_HASH_SLOT }).split(JSON.stringify(PREV_HASH_SLOT));
    template = parts.length === 2 ? [parts[0], parts[1]] : null;
    metadataTemplates.set(metadata, template);
  }
  if (template === null) {
    const { hash: _hash, ...rest } = metadata as EventMetadata;
    return canonicalJson({ ...rest, prevHash });
  }
  return template[0] + JSON.stringify(prevHash) + template[1];
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
  const copied = jsonSafeCopy(value);
  return copied === NOT_PLAIN ? jsonRoundTrip(value) : copied;
}

/**
 * toJsonSafe's copy with every object's keys written in sorted order, and its canonicalJson text:
 * JSON.stringify of such a copy is that text, written natively in one pass (the append hashes and
 * sends every event's; canonicalJson's string building was a sixth of an import's allocations).
 * An object with array-index keys (enumerated first whatever their order) or anything not plain
 * takes toJsonSafe and canonicalJson instead.
 */
export function canonicalJsonSafe(value: unknown): { data: unknown; text: string } {
  const copied = jsonSafeCopy(value, true);
  if (copied !== NOT_PLAIN && copied !== null && typeof copied === 'object') return { data: copied, text: JSON.stringify(copied) };
  const data = toJsonSafe(value);
  return { data, text: canonicalJson(data) };
}

const jsonRoundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

const NOT_PLAIN = Symbol('not plain');

/**
 * What jsonRoundTrip gives, without writing and parsing text, for plain data (objects, arrays,
 * strings, numbers, booleans, null, bigint); NOT_PLAIN for anything else (a Date, a toJSON, a class),
 * which the caller then sends through the round trip itself. `sorted`: each object's keys written in
 * sorted order, and NOT_PLAIN also for an object with array-index keys (enumerated first whatever
 * their order).
 */
function jsonSafeCopy(value: unknown, sorted = false): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'bigint':
      return value.toString();
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const out: unknown[] = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          const item = value[i] as unknown;
          const copied = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : jsonSafeCopy(item, sorted);
          if (copied === NOT_PLAIN) return NOT_PLAIN;
          out[i] = copied;
        }
        return out;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if ((prototype !== Object.prototype && prototype !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return NOT_PLAIN;
      let keys: readonly string[] = Object.keys(value);
      if (sorted) {
        const shape = shapeOf(keys as string[]);
        if (shape.indexKeys) return NOT_PLAIN;
        keys = shape.keys;
      }
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        if (key === '__proto__') return NOT_PLAIN;
        const member = (value as Record<string, unknown>)[key];
        if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
        const copied = jsonSafeCopy(member, sorted);
        if (copied === NOT_PLAIN) return NOT_PLAIN;
        out[key] = copied;
      }
      return out;
    }
    default:
      return NOT_PLAIN;
  }
}
