// `Idempotency-Key` on POST: a client that retries a submit (timeout, lost answer, double click)
// gets the first answer again instead of a second event. Keys belong to one user of one
// organization and are stored with a hash of the request and the first answer.
//   same key + same request      → the first answer, replayed (header Idempotent-Replayed: true)
//   same key + another request   → 422
//   same key while the first runs → waits for its answer (concurrent duplicates make one event)
//   same key after the first died  → 202 if its events are stored, else this attempt runs it
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { validationError, DomainError } from '../../domain/shared/errors';
import { ACCEPTED_MESSAGE, recordIdOfStream } from './stored-writes';

export const IDEMPOTENCY_KEY_REUSED = 'Esta chave de idempotência (Idempotency-Key) já foi usada em outra requisição, com conteúdo diferente. Gere uma nova chave para um novo envio.';
export const IDEMPOTENCY_IN_PROGRESS = 'Esta requisição ainda está sendo processada. Aguarde alguns segundos e tente novamente.';
const INVALID_KEY = 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis (por exemplo, um UUID)';

/** How long a duplicate waits for the first request's answer before being told to retry. */
const WAIT_FOR_FIRST_MS = 30_000;
/** Keys are kept a day (table in app/schema.ts); older ones are forgotten as new keys arrive. */
const KEEP_KEYS = '1 day';

const storedRow = z.object({
  request_hash: z.string(),
  request_id: z.string().nullable(),
  abandoned: z.boolean(),
  status_code: z.number().nullable(),
  content_type: z.string().nullable(),
  response_body: z.instanceof(Buffer).nullable(),
});

/** An unanswered key this old belongs to a request that died (no request runs this long). */
const ABANDONED_AFTER = '20 seconds';

/** The first event a request appended (PostgreSQL event store: metadata.requestId), or null. */
async function eventsOfRequest(deps: AppDeps, organizationId: string | null, requestId: string): Promise<{ id: string | null; position: string } | null> {
  if (deps.eventStore.kind !== 'postgres' || !organizationId) return null;
  const row = await deps.db.maybeOne(sql.type(z.object({ stream_id: z.string(), position: z.string() }))`
    SELECT stream_id, max(position)::text AS position FROM events
    WHERE metadata->>'organizationId' = ${organizationId} AND metadata->>'requestId' = ${requestId}
    GROUP BY stream_id ORDER BY min(position) LIMIT 1`);
  return row ? { id: recordIdOfStream(row.stream_id), position: row.position } : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Method, path and body (as parsed JSON, keys sorted) → SHA-256. */
function requestHash(request: FastifyRequest): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  const body = request.body === undefined ? null : canonical(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n`).update(JSON.stringify(body) ?? 'null').digest('hex');
}

type Claimed = { owner: string; key: string };

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claimed | null;
    idempotencyHash: string | null;
  }
}

export function registerIdempotency(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyHash', null);
  let sinceCleanup = 0;

  // The body as the client sent it (before the schemas coerce it).
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.headers['idempotency-key'] !== undefined) request.idempotencyHash = requestHash(request);
  });

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (request.method !== 'POST' || header === undefined || !request.auth) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw validationError(INVALID_KEY);
    const owner = `${request.auth.organizationId ?? '-'}/${request.auth.userId}`;
    const hash = request.idempotencyHash ?? requestHash(request);
    if (++sinceCleanup >= 500) {
      sinceCleanup = 0;
      void db.query(sql.unsafe`DELETE FROM idempotency_keys WHERE created_at < now() - ${KEEP_KEYS}::interval`).catch(() => undefined);
    }
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claimed = await db.maybeOneFirst(sql.type(z.object({ claimed: z.boolean() }))`
        INSERT INTO idempotency_keys (owner, key, request_hash, request_id) VALUES (${owner}, ${key}, ${hash}, ${String(request.id)})
        ON CONFLICT (owner, key) DO NOTHING RETURNING true AS claimed`);
      if (claimed) {
        request.idempotency = { owner, key };
        return;
      }
      const first = await db.maybeOne(sql.type(storedRow)`
        SELECT request_hash, request_id, status_code, content_type, response_body, created_at < now() - ${ABANDONED_AFTER}::interval AS abandoned
        FROM idempotency_keys WHERE owner = ${owner} AND key = ${key}`);
      if (!first) continue; // the first attempt failed without storing anything and let the key go
      if (first.request_hash !== hash) throw new DomainError('unprocessable', IDEMPOTENCY_KEY_REUSED);
      if (first.status_code !== null) {
        reply.code(first.status_code).header('Idempotent-Replayed', 'true');
        if (first.content_type) reply.header('Content-Type', first.content_type);
        return reply.send(first.response_body ?? '');
      }
      // No answer stored: the first attempt is still running (wait for it), or, when the claim is
      // old, its process died (or lost the database) after the claim. If its events are in the log
      // the write happened: say so (202); if not, this attempt takes the key over.
      const stored = first.abandoned && first.request_id ? await eventsOfRequest(deps, request.auth.organizationId, first.request_id) : null;
      if (stored) {
        const answer = JSON.stringify({ id: stored.id, position: stored.position, status: 'pending', message: ACCEPTED_MESSAGE });
        await db.query(sql.unsafe`
          UPDATE idempotency_keys SET status_code = 202, content_type = 'application/json; charset=utf-8', response_body = ${sql.binary(Buffer.from(answer))}
          WHERE owner = ${owner} AND key = ${key} AND status_code IS NULL`);
        continue;
      }
      if (first.abandoned) {
        // Nothing was stored and its request is long gone: this attempt takes the key over.
        const taken = await db.maybeOneFirst(sql.type(z.object({ taken: z.boolean() }))`
          UPDATE idempotency_keys SET request_id = ${String(request.id)}, created_at = now()
          WHERE owner = ${owner} AND key = ${key} AND status_code IS NULL AND request_id IS NOT DISTINCT FROM ${first.request_id}
          RETURNING true AS taken`);
        if (taken) {
          request.idempotency = { owner, key };
          return;
        }
        continue;
      }
      if (Date.now() > deadline) throw new DomainError('conflict', IDEMPOTENCY_IN_PROGRESS);
      await sleep(100);
    }
  });

  // The first answer is kept for replays; an answer of a failure on our side (5xx) lets the key go,
  // so the client's retry runs again (nothing was stored: a stored write answers 202).
  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = null;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    try {
      if (reply.statusCode >= 500 || bytes === null) {
        await db.query(sql.unsafe`DELETE FROM idempotency_keys WHERE owner = ${claimed.owner} AND key = ${claimed.key}`);
      } else {
        const contentType = reply.getHeader('content-type');
        await db.query(sql.unsafe`
          UPDATE idempotency_keys SET status_code = ${reply.statusCode}, content_type = ${contentType === undefined ? null : String(contentType)},
            response_body = ${sql.binary(bytes)}
          WHERE owner = ${claimed.owner} AND key = ${claimed.key} AND status_code IS NULL`);
      }
    } catch (error) {
      request.log.error({ err: error }, 'could not store the answer of an idempotency key');
    }
    return payload;
  });
}
