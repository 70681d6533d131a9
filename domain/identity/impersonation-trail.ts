// What a super admin did while acting as a tenant, request by request: one event per request in
// the session's trail stream, so the organization's hash chain, checkpoints and export cover it.
// Bodies and query strings are kept for the audit, minus what must never be stored: passwords,
// tokens and other secrets, and file bytes (attachments, avatars, OFX or document contents).
import { z } from 'zod';
import type { EventsOf } from '../shared/decider';

export const impersonationTrailEvents = {
  ImpersonatedRequestRecorded: z.object({
    impersonationSessionId: z.string(),
    organizationId: z.string(),
    superAdminId: z.string(),
    requestId: z.string(),
    method: z.string(),
    path: z.string(),
    query: z.record(z.unknown()).nullable(),
    body: z.unknown().nullable(),
    status: z.number().int(),
    durationMs: z.number().int(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    at: z.string(),
  }),
};
export type ImpersonationTrailEvent = EventsOf<typeof impersonationTrailEvents>;

export const SECRET_REMOVED = '[removido: dado sigiloso]';
const SECRET_KEY = /pass(word)?|senha|token|secret|cookie|authori[sz]ation|api[-_]?key|credential|session/i;
const FILE_KEY = /attachment|file|avatar|bytes|content|base64|dataurl|image|ofx|logo/i;
const LONG_TEXT = 2000;
const MAX_ITEMS = 200;
const MAX_DEPTH = 8;

const fileRemoved = (text: string) => `[removido: arquivo de ${text.length} caracteres]`;

/** A copy of a request body or query safe to keep forever in the audit log. */
export function redactForTrail(value: unknown, key = '', depth = 0): unknown {
  if (key && SECRET_KEY.test(key)) return value === null || value === undefined || value === '' ? value ?? null : SECRET_REMOVED;
  if (typeof value === 'string') {
    if (/^data:[^,]*;base64,/i.test(value) || (key && FILE_KEY.test(key) && value.length > 0)) return fileRemoved(value);
    return value.length > LONG_TEXT ? `${value.slice(0, 200)}… [${value.length - 200} caracteres omitidos]` : value;
  }
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth >= MAX_DEPTH) return '[omitido: profundidade]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => redactForTrail(item, key, depth + 1));
  if (value instanceof Uint8Array) return `[removido: arquivo de ${value.byteLength} bytes]`;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactForTrail(v, k, depth + 1)]));
}
