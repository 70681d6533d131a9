// Validates event data against the domain's schemas on the way in and on the way out.
import { fastDecoders } from '../../domain/event-decoders';
import { eventSchemas } from '../../domain/events';
import type { NewEvent, RecordedEvent } from './port';

export class UnknownEventTypeError extends Error {}

export function encodeEvent(event: { type: string; data: unknown }): NewEvent {
  const schema = eventSchemas[event.type];
  if (!schema) throw new UnknownEventTypeError(`Tipo de evento desconhecido: ${event.type}`);
  if (fastDecoders[event.type]?.(event.data) === undefined) schema.parse(event.data);
  return { type: event.type, data: event.data as Record<string, unknown> };
}

/**
 * The decoded event, kept on the recorded event itself: a page fanned out to every projector is
 * parsed once. A property where a WeakMap was: a rebuild decodes each of its events once per
 * projector, and the WeakMap's lookups and its ephemerons' collection cost more than the decoding
 * of most events. Not enumerable, so a copy of the event ({ ...event, data }) does not carry it.
 */
const DECODED = Symbol('decoded');
type Decoded = { type: string; data: unknown };

/** Parses a stored event's data with its schema (bigint money, defaults of newer versions). Treat the result as read-only. */
export function decodeEvent<E extends { type: string; data: unknown }>(event: RecordedEvent): E {
  const known = (event as { [DECODED]?: Decoded })[DECODED];
  if (known) return known as E;
  const schema = eventSchemas[event.type];
  if (!schema) throw new UnknownEventTypeError(`Tipo de evento desconhecido: ${event.type}`);
  const result: Decoded = { type: event.type, data: fastDecoders[event.type]?.(event.data) ?? schema.parse(event.data) };
  Object.defineProperty(event, DECODED, { value: result });
  return result as E;
}

export function isKnownEvent(event: RecordedEvent): boolean {
  return event.type in eventSchemas;
}
