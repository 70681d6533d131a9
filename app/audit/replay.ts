// Replaying an audit export: check it against the server key (the signed checkpoint, each seal's
// MAC chain, each event's content hash and its stream's hash chain, each attachment's sha256),
// then load the history into an empty database through the event store and rebuild every read
// model from it, so the figures can be compared with the source's.
import { createHash } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../db/pool';
import type { EventMetadata, EventStore, RecordedEvent } from '../eventstore/port';
import { checkpointFromJson, checkpointSignatureValid, contentHash, sealFromJson, sealMac, type Checkpoint, type Seal } from './chain';
import { EXPORT_FORMAT, EXPORT_VERSION } from './export';
import type { AuditKey } from './key';

export type ExportedAttachment = { id: string; sha256: string; name: string; type: string; size: number; createdAt: string; bytesBase64: string };
export type ExportedRequest = {
  impersonationSessionId: string; superAdminId: string; requestId: string | null; method: string; path: string;
  status: number; durationMs: number; ip: string | null; userAgent: string | null; at: string;
};

export type AuditExport = {
  organizationId: string;
  keyId: string;
  events: RecordedEvent[];
  seals: Seal[];
  impersonationRequests: ExportedRequest[];
  attachments: ExportedAttachment[];
  checkpoint: Checkpoint | null;
  footer: Record<string, number> | null;
};

const header = z.object({ kind: z.literal('header'), format: z.literal(EXPORT_FORMAT), version: z.literal(EXPORT_VERSION), organizationId: z.string(), keyId: z.string() }).passthrough();

/** Reads the JSON Lines of an export; a malformed line is an error naming its number. */
export function parseExport(text: string): AuditExport {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new Error('Arquivo de exportação vazio.');
  const parse = (line: string, index: number): Record<string, unknown> => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`Linha ${index + 1}: JSON inválido.`);
    }
  };
  const first = header.safeParse(parse(lines[0], 0));
  if (!first.success) throw new Error(`Linha 1: não é o cabeçalho de uma exportação de auditoria do Fluxo (${EXPORT_FORMAT} v${EXPORT_VERSION}).`);
  const out: AuditExport = {
    organizationId: first.data.organizationId, keyId: first.data.keyId, events: [], seals: [], impersonationRequests: [], attachments: [], checkpoint: null, footer: null,
  };
  lines.slice(1).forEach((line, i) => {
    const { kind, ...value } = parse(line, i + 1);
    switch (kind) {
      case 'event': {
        const e = value as { position: string; id: string; streamId: string; revision: number; type: string; data: Record<string, unknown>; metadata: EventMetadata };
        out.events.push({ id: e.id, streamId: e.streamId, revision: e.revision, position: BigInt(e.position), type: e.type, data: e.data, metadata: e.metadata });
        return;
      }
      case 'seal':
        out.seals.push(sealFromJson((value as { seal: Parameters<typeof sealFromJson>[0] }).seal));
        return;
      case 'impersonationRequest':
        out.impersonationRequests.push(value as ExportedRequest);
        return;
      case 'attachment':
        out.attachments.push(value as ExportedAttachment);
        return;
      case 'checkpoint':
        out.checkpoint = checkpointFromJson(value as Parameters<typeof checkpointFromJson>[0]);
        return;
      case 'footer':
        out.footer = value as Record<string, number>;
        return;
      default:
        throw new Error(`Linha ${i + 2}: tipo de linha desconhecido (${String(kind)}).`);
    }
  });
  return out;
}

/** Every problem found in the export (pt-BR, with the position or line it is about); empty = intact. */
export function verifyExport(key: AuditKey, data: AuditExport): string[] {
  const problems: string[] = [];
  if (data.keyId !== key.id) problems.push(`A exportação foi assinada com a chave ${data.keyId}; a chave disponível é ${key.id}.`);
  const checkpoint = data.checkpoint;
  if (!checkpoint) {
    problems.push('A exportação não traz o checkpoint assinado.');
  } else {
    if (checkpoint.organizationId !== data.organizationId) problems.push('O checkpoint é de outra organização.');
    if (!checkpointSignatureValid(key, checkpoint)) problems.push('Assinatura do checkpoint inválida.');
  }
  if (data.footer) {
    const expected = { events: data.events.length, seals: data.seals.length, attachments: data.attachments.length, impersonationRequests: data.impersonationRequests.length };
    for (const [name, count] of Object.entries(expected)) {
      if (data.footer[name] !== count) problems.push(`O rodapé registra ${data.footer[name]} ${name}, o arquivo tem ${count} — linhas removidas ou acrescentadas.`);
    }
  } else {
    problems.push('A exportação está incompleta (sem rodapé).');
  }
  // The seal chain: each seal names the one before it and carries the key's MAC over both.
  let prev: Seal | null = null;
  for (const seal of data.seals) {
    if (seal.organizationId !== data.organizationId) problems.push(`Posição ${seal.position}: selo de outra organização.`);
    if (seal.prevPosition !== (prev?.position ?? null)) problems.push(`Posição ${seal.position}: o selo não segue o anterior da cadeia (selo removido ou reordenado).`);
    if (sealMac(key, seal, prev?.mac ?? null) !== seal.mac) problems.push(`Posição ${seal.position}: selo adulterado (a assinatura não confere).`);
    prev = seal;
  }
  if (checkpoint) {
    const eventSeals = data.seals.filter((s) => s.kind === 'event').length;
    if (!prev || prev.position !== checkpoint.position || prev.mac !== checkpoint.headMac) {
      problems.push(`O último selo não é o que o checkpoint assinou (posição ${checkpoint.position}) — história truncada ou alterada.`);
    }
    if (BigInt(eventSeals) !== checkpoint.eventCount) problems.push(`O checkpoint assinou ${checkpoint.eventCount} evento(s); a exportação tem ${eventSeals} selo(s).`);
  }
  // Each event matches its seal, its own hash, and the event before it in its stream.
  const sealAt = new Map(data.seals.map((s) => [s.position, s]));
  const eventAt = new Set<bigint>();
  const lastOfStream = new Map<string, RecordedEvent>();
  let lastPosition = 0n;
  for (const event of data.events) {
    const at = `Posição ${event.position} (${event.streamId}, revisão ${event.revision})`;
    if (event.position <= lastPosition) problems.push(`${at}: fora de ordem.`);
    lastPosition = event.position;
    eventAt.add(event.position);
    const hash = contentHash(event);
    if (event.metadata.hash !== hash) problems.push(`${at}: o conteúdo não confere com o hash gravado (evento alterado).`);
    const seal = sealAt.get(event.position);
    if (!seal) problems.push(`${at}: evento sem selo (inserido depois).`);
    else if (seal.streamId !== event.streamId || seal.revision !== event.revision) problems.push(`${at}: o selo registra ${seal.streamId} revisão ${seal.revision} nesta posição.`);
    else if (seal.eventHash !== hash) problems.push(`${at}: conteúdo difere do que foi selado.`);
    const before = lastOfStream.get(event.streamId);
    const expected = before ? before.revision + 1 : 0;
    if (event.revision !== expected) problems.push(`${at}: revisão ${expected} ausente no stream.`);
    if (before && (event.metadata.prevHash ?? null) !== (before.metadata.hash ?? null)) problems.push(`${at}: não aponta para o hash do evento anterior do stream.`);
    lastOfStream.set(event.streamId, event);
  }
  for (const seal of data.seals) {
    if (seal.kind === 'event' && !eventAt.has(seal.position)) problems.push(`Posição ${seal.position} (${seal.streamId}, revisão ${seal.revision}): evento selado ausente da exportação.`);
  }
  for (const file of data.attachments) {
    const bytes = Buffer.from(file.bytesBase64, 'base64');
    if (createHash('sha256').update(bytes).digest('hex') !== file.sha256 || bytes.byteLength !== file.size) {
      problems.push(`Anexo ${file.id} (${file.name}): o conteúdo não confere com o sha256 registrado.`);
    }
  }
  return problems;
}

/** Loads the history into an empty database: events in log order (same streams, revisions and hashes), attachments and the old request log. */
export async function loadExport(deps: { db: Db; eventStore: EventStore }, data: AuditExport, onProgress?: (done: number, total: number) => void): Promise<void> {
  const existing = await deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM events`);
  if (existing > 0) throw new Error(`O banco de destino não está vazio (${existing} eventos). Use um banco vazio.`);
  let done = 0;
  for (const event of data.events) {
    const { prevHash: _prevHash, hash, ...metadata } = event.metadata;
    const result = await deps.eventStore.append(event.streamId, [{ type: event.type, data: event.data }], {
      expectedRevision: event.revision === 0 ? 'no_stream' : event.revision - 1,
      metadata,
    });
    const stored = result.events[0];
    if (stored && stored.metadata.hash !== hash) {
      throw new Error(`Posição ${event.position}: o evento carregado tem outro hash (${stored.metadata.hash}) do que o exportado (${hash}).`);
    }
    done += 1;
    if (onProgress && (done % 500 === 0 || done === data.events.length)) onProgress(done, data.events.length);
  }
  for (const file of data.attachments) {
    await deps.db.query(sql.unsafe`
      INSERT INTO attachments (organization_id, id, sha256, name, type, size, bytes, created_at)
      VALUES (${data.organizationId}, ${file.id}, ${file.sha256}, ${file.name}, ${file.type}, ${file.size},
              decode(${file.bytesBase64}, 'base64'), ${file.createdAt})`);
  }
  for (const r of data.impersonationRequests) {
    await deps.db.query(sql.unsafe`
      INSERT INTO impersonation_requests (impersonation_session_id, organization_id, super_admin_id, request_id, method, path, status, duration_ms, ip, user_agent, at)
      VALUES (${r.impersonationSessionId}, ${data.organizationId}, ${r.superAdminId}, ${r.requestId}, ${r.method}, ${r.path}, ${r.status}, ${r.durationMs}, ${r.ip}, ${r.userAgent}, ${r.at})`);
  }
}
