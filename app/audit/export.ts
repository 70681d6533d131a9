// The audit export of one organization, as JSON Lines (one JSON object per line, streamed):
//   header → every event (data and metadata, including the impersonation trail's events) →
//   the organization's seals → the impersonation request lines kept before the trail moved into
//   the log → every attachment's bytes (base64) → the signed checkpoint → footer with the counts.
// Everything exported is sealed: the log is sealed first, and events stop at the checkpoint.
import { Readable } from 'node:stream';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../db/pool';
import type { EventStore } from '../eventstore/port';
import { checkpointJson, sealJson, type Checkpoint } from './chain';
import type { AuditKey } from './key';
import { sealLog } from './seal';
import { latestCheckpoint, sealsOf } from './store';

export const EXPORT_FORMAT = 'fluxo-audit-export';
export const EXPORT_VERSION = 1;

type Deps = { db: Db; eventStore: EventStore; auditKey: AuditKey; clock: () => Date };

export function exportFileName(organizationId: string, now: Date): string {
  return `fluxo-auditoria-${organizationId.slice(0, 8)}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.ndjson`;
}

const legacyRequestRow = z.object({
  impersonation_session_id: z.string(), super_admin_id: z.string(), request_id: z.string().nullable(), method: z.string(), path: z.string(),
  status: z.number(), duration_ms: z.number(), ip: z.string().nullable(), user_agent: z.string().nullable(), at: z.string(),
});

const attachmentRow = z.object({
  id: z.string(), sha256: z.string(), name: z.string(), type: z.string(), size: z.number(), bytes_base64: z.string(), created_at: z.string(),
});

const PAGE = 1000;

async function* lines(deps: Deps, organizationId: string, checkpoint: Checkpoint | null): AsyncGenerator<string> {
  const through = checkpoint?.position ?? 0n;
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  yield line({
    kind: 'header', format: EXPORT_FORMAT, version: EXPORT_VERSION, organizationId, exportedAt: deps.clock().toISOString(),
    keyId: deps.auditKey.id, eventsThrough: through.toString(),
  });
  const counts = { events: 0, seals: 0, impersonationRequests: 0, attachments: 0 };
  let after = 0n;
  while (checkpoint && after < through) {
    const page = await deps.eventStore.readOrganization(organizationId, { after, limit: PAGE, until: through });
    if (page.length === 0) break;
    after = page[page.length - 1].position;
    let chunk = '';
    for (const e of page) {
      chunk += line({ kind: 'event', position: e.position.toString(), id: e.id, streamId: e.streamId, revision: e.revision, type: e.type, data: e.data, metadata: e.metadata });
    }
    counts.events += page.length;
    yield chunk;
  }
  after = 0n;
  for (;;) {
    const seals = (await sealsOf(deps.db, organizationId, { after, limit: 5000 })).filter((s) => s.position <= through);
    if (seals.length === 0) break;
    after = seals[seals.length - 1].position;
    counts.seals += seals.length;
    yield seals.map((s) => line({ kind: 'seal', seal: sealJson(s) })).join('');
  }
  const legacy = await deps.db.any(sql.type(legacyRequestRow)`
    SELECT impersonation_session_id, super_admin_id, request_id, method, path, status, duration_ms, ip, user_agent, at
    FROM impersonation_requests WHERE organization_id = ${organizationId} ORDER BY id`);
  for (const r of legacy) {
    counts.impersonationRequests += 1;
    yield line({
      kind: 'impersonationRequest', impersonationSessionId: r.impersonation_session_id, superAdminId: r.super_admin_id, requestId: r.request_id,
      method: r.method, path: r.path, status: r.status, durationMs: r.duration_ms, ip: r.ip, userAgent: r.user_agent, at: r.at,
    });
  }
  let lastId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const files = await deps.db.any(sql.type(attachmentRow)`
      SELECT id::text AS id, sha256, name, type, size, translate(encode(bytes, 'base64'), E'\n', '') AS bytes_base64, created_at FROM attachments
      WHERE organization_id = ${organizationId} AND id > ${lastId}::uuid ORDER BY id LIMIT 20`);
    if (files.length === 0) break;
    lastId = files[files.length - 1].id;
    for (const f of files) {
      counts.attachments += 1;
      yield line({ kind: 'attachment', id: f.id, sha256: f.sha256, name: f.name, type: f.type, size: f.size, createdAt: f.created_at, bytesBase64: f.bytes_base64 });
    }
  }
  if (checkpoint) yield line({ kind: 'checkpoint', ...checkpointJson(checkpoint) });
  yield line({ kind: 'footer', ...counts });
}

/** The export as a stream of lines (the HTTP answer pipes it; nothing is held in memory whole). */
export async function exportOrganization(deps: Deps, organizationId: string): Promise<Readable> {
  await sealLog(deps);
  const checkpoint = await latestCheckpoint(deps.db, organizationId);
  return Readable.from(lines(deps, organizationId, checkpoint), { objectMode: false });
}
