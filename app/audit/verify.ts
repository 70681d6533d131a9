// The verifier: checks an organization's history (or the whole log) against its signed seals and
// checkpoints and reports every position where the log no longer says what was sealed: edited
// content, hashes recomputed after an edit, reordered or moved events, deleted events (a stream's
// last events, whole streams), positions missing from the log, and tampered seals or checkpoints.
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../db/pool';
import type { EventStore, RecordedEvent } from '../eventstore/port';
import { checkpointSignatureValid, contentHash, sealMac, type Checkpoint, type Seal } from './chain';
import type { AuditKey } from './key';
import { allCheckpoints, sealedThrough, sealsOf } from './store';

export type FindingKind =
  | 'edited'
  | 'altered'
  | 'reordered'
  | 'deleted'
  | 'unsealed'
  | 'chain'
  | 'truncated'
  | 'stream-deleted'
  | 'gap'
  | 'seal'
  | 'checkpoint'
  | 'key';

export type Finding = { kind: FindingKind; position: string | null; streamId: string | null; revision: number | null; message: string };

export type Verification = {
  ok: boolean;
  organizationId: string | null;
  checkedEvents: number;
  sealedThrough: string;
  checkpoints: number;
  lastCheckpointAt: string | null;
  findings: Finding[];
};

type Deps = { db: Db; eventStore: EventStore; auditKey: AuditKey };

const where = (streamId: string | null, revision: number | null) =>
  streamId === null ? '' : ` (${streamId}, revisão ${revision ?? '?'})`;

function finding(kind: FindingKind, position: bigint | null, streamId: string | null, revision: number | null, text: string): Finding {
  const at = position === null ? '' : `Posição ${position}${where(streamId, revision)}: `;
  return { kind, position: position?.toString() ?? null, streamId, revision, message: `${at}${text}` };
}

const eventRow = z.object({
  position: z.bigint(), event_id: z.string(), stream_id: z.string(), revision: z.number(), type: z.string(),
  data: z.record(z.unknown()), metadata: z.record(z.unknown()),
});

function toRecorded(row: z.infer<typeof eventRow>): RecordedEvent {
  return { id: row.event_id, streamId: row.stream_id, revision: row.revision, position: row.position, type: row.type, data: row.data, metadata: row.metadata as RecordedEvent['metadata'] };
}

async function chainEvents(deps: Deps, organizationId: string | null): Promise<RecordedEvent[]> {
  const { eventStore } = deps;
  if (organizationId === null && eventStore.kind === 'postgres') {
    const rows = await deps.db.any(sql.type(eventRow)`
      SELECT position, event_id, stream_id, revision, type, data, metadata FROM events
      WHERE metadata->>'organizationId' IS NULL ORDER BY position`);
    return rows.map(toRecorded);
  }
  const events: RecordedEvent[] = [];
  let after = 0n;
  for (;;) {
    const page = organizationId
      ? await eventStore.readOrganization(organizationId, { after, limit: 2000 })
      : (await eventStore.readAll({ after, limit: 2000 })).map((e) => e);
    if (page.length === 0) break;
    after = page[page.length - 1].position;
    events.push(...(organizationId ? page : page.filter((e) => !e.metadata.organizationId)));
  }
  return events;
}

async function chainSeals(db: Db, organizationId: string | null): Promise<Seal[]> {
  const seals: Seal[] = [];
  let after = 0n;
  for (;;) {
    const page = await sealsOf(db, organizationId, { after, limit: 5000 });
    if (page.length === 0) break;
    after = page[page.length - 1].position;
    seals.push(...page);
  }
  return seals;
}

/** The seal chain itself: each seal follows the one before it in its chain and carries the key's MAC. */
function checkSeals(key: AuditKey, seals: Seal[], findings: Finding[]): void {
  let prev: Seal | null = null;
  for (const seal of seals) {
    const expectedPrev = prev?.position ?? null;
    if (seal.prevPosition !== expectedPrev && seal.prevPosition !== null && (expectedPrev === null || seal.prevPosition > expectedPrev)) {
      findings.push(finding('deleted', seal.prevPosition, null, null, 'evento e selo removidos (o selo seguinte aponta para esta posição)'));
    } else if (sealMac(key, seal, prev?.mac ?? null) !== seal.mac) {
      findings.push(finding('seal', seal.position, seal.streamId, seal.revision, 'selo adulterado (a assinatura não confere)'));
    }
    prev = seal;
  }
}

function checkEventsAgainstSeals(events: RecordedEvent[], seals: Seal[], through: bigint, findings: Finding[]): void {
  const byPosition = new Map(events.map((e) => [e.position, e]));
  const sealed = new Set<bigint>();
  const gaps = seals.filter((s) => s.kind === 'gap');
  for (const seal of seals) {
    if (seal.kind === 'gap') continue;
    sealed.add(seal.position);
    const event = byPosition.get(seal.position);
    if (!event) {
      findings.push(finding('deleted', seal.position, seal.streamId, seal.revision, 'evento selado foi removido do log'));
    } else if (event.streamId !== seal.streamId || event.revision !== seal.revision) {
      findings.push(finding('reordered', seal.position, event.streamId, event.revision,
        `o selo registra ${seal.streamId} revisão ${seal.revision} nesta posição — eventos reordenados ou substituídos`));
    } else if (contentHash(event) !== seal.eventHash && event.metadata.hash === contentHash(event)) {
      findings.push(finding('altered', seal.position, seal.streamId, seal.revision,
        'conteúdo difere do que foi selado (alterado com os hashes recalculados)'));
    }
  }
  for (const event of events) {
    if (event.metadata.hash !== contentHash(event)) {
      findings.push(finding('edited', event.position, event.streamId, event.revision, 'o conteúdo não confere com o hash gravado (evento alterado)'));
    }
    if (event.position <= through && !sealed.has(event.position)) {
      const inGap = gaps.some((g) => event.position >= g.position && event.position <= g.positionTo);
      findings.push(finding('unsealed', event.position, event.streamId, event.revision,
        inGap ? 'evento numa posição selada como não usada (inserido depois)' : 'evento sem selo (inserido ou movido depois do checkpoint)'));
    }
  }
}

/** Whole streams, in one query on PostgreSQL (one read per stream on EventStoreDB). */
async function readStreams(deps: Deps, streamIds: string[]): Promise<Map<string, RecordedEvent[]>> {
  const streams = new Map<string, RecordedEvent[]>();
  if (deps.eventStore.kind !== 'postgres') {
    for (const streamId of streamIds) streams.set(streamId, await deps.eventStore.readStream(streamId));
    return streams;
  }
  const rows = await deps.db.any(sql.type(eventRow)`
    SELECT position, event_id, stream_id, revision, type, data, metadata FROM events
    WHERE stream_id = ANY(${sql.array(streamIds, 'text')}) ORDER BY stream_id, revision`);
  for (const row of rows) {
    const list = streams.get(row.stream_id) ?? [];
    list.push(toRecorded(row));
    streams.set(row.stream_id, list);
  }
  return streams;
}

/** Each stream in full: revisions 0..n with no hole, each event naming the previous one's hash, and event_streams agreeing. */
async function checkStreams(deps: Deps, streamIds: Set<string>, seals: Seal[], findings: Finding[]): Promise<void> {
  const sealOf = new Map(seals.filter((s) => s.kind === 'event').map((s) => [`${s.streamId}#${s.revision}`, s]));
  const heads = new Map<string, { revision: number; last_hash: string | null }>();
  if (deps.eventStore.kind === 'postgres' && streamIds.size > 0) {
    const rows = await deps.db.any(sql.type(z.object({ stream_id: z.string(), revision: z.number(), last_hash: z.string().nullable() }))`
      SELECT stream_id, revision, last_hash FROM event_streams WHERE stream_id = ANY(${sql.array([...streamIds], 'text')})`);
    for (const row of rows) heads.set(row.stream_id, row);
  }
  const streams = await readStreams(deps, [...streamIds]);
  for (const streamId of streamIds) {
    const events = streams.get(streamId) ?? [];
    if (events.length === 0) {
      const lost = seals.filter((s) => s.streamId === streamId).length;
      findings.push(finding('stream-deleted', null, streamId, null, `Stream ${streamId} removido por inteiro (${lost} evento(s) selado(s) sumiram)`));
      continue;
    }
    let prev: RecordedEvent | null = null;
    for (const event of events) {
      const expected = prev ? prev.revision + 1 : 0;
      if (event.revision !== expected) {
        for (let missing = expected; missing < event.revision; missing++) {
          const seal = sealOf.get(`${streamId}#${missing}`);
          if (!seal) findings.push(finding('deleted', null, streamId, missing, `Stream ${streamId}: revisão ${missing} ausente`));
        }
      }
      if ((event.metadata.prevHash ?? null) !== (prev?.metadata.hash ?? null)) {
        findings.push(finding('chain', event.position, streamId, event.revision, 'não aponta para o hash do evento anterior do stream'));
      }
      prev = event;
    }
    const head = heads.get(streamId);
    if (deps.eventStore.kind !== 'postgres' || !prev) continue;
    if (!head) {
      findings.push(finding('stream-deleted', null, streamId, null, `Stream ${streamId}: registro em event_streams removido`));
    } else if (head.revision > prev.revision) {
      for (let missing = prev.revision + 1; missing <= head.revision; missing++) {
        const seal = sealOf.get(`${streamId}#${missing}`);
        findings.push(finding('truncated', seal?.position ?? null, streamId, missing,
          `${seal ? '' : `Stream ${streamId}: `}event_streams registra a revisão ${head.revision}, mas o log termina na revisão ${prev.revision} — últimos eventos removidos`));
      }
    } else if (head.revision < prev.revision || head.last_hash !== prev.metadata.hash) {
      findings.push(finding('chain', prev.position, streamId, prev.revision, `event_streams (revisão ${head.revision}) não confere com o fim do stream`));
    }
  }
}

/** Signed checkpoints: each signature valid, each naming the one before it, and each chain's head still sealed. */
function checkCheckpoints(key: AuditKey, checkpoints: Checkpoint[], organizationId: string | null | undefined, seals: Seal[], findings: Finding[]): void {
  let prevSignature: string | null = null;
  checkpoints.forEach((checkpoint, index) => {
    const label = `Checkpoint nº ${index + 1} (posição ${checkpoint.position})`;
    const mine = organizationId === undefined || checkpoint.organizationId === organizationId;
    if (checkpoint.prevSignature !== prevSignature) {
      findings.push(finding('checkpoint', null, null, null, `${label}: o checkpoint anterior foi removido ou alterado`));
    }
    prevSignature = checkpoint.signature;
    if (!mine) return;
    if (!checkpointSignatureValid(key, checkpoint)) {
      findings.push(finding('checkpoint', checkpoint.position, null, null, `${label}: assinatura inválida`));
      return;
    }
    const head = seals.find((s) => s.position === checkpoint.position);
    const count = BigInt(seals.filter((s) => s.kind === 'event' && s.position <= checkpoint.position).length);
    if (!head) {
      findings.push(finding('deleted', checkpoint.position, null, null, `${label}: o selo desta posição, assinado no checkpoint, foi removido`));
    } else if (head.mac !== checkpoint.headMac) {
      findings.push(finding('seal', checkpoint.position, head.streamId, head.revision, `${label}: o selo não é o que o checkpoint assinou`));
    } else if (count !== checkpoint.eventCount) {
      findings.push(finding('deleted', null, null, null, `${label}: assinou ${checkpoint.eventCount} evento(s), restam ${count} selo(s)`));
    }
  });
}

/** Positions below the head that hold neither an event nor a seal (PostgreSQL's dense positions). */
async function checkGaps(deps: Deps, findings: Finding[]): Promise<void> {
  if (deps.eventStore.kind !== 'postgres') return;
  const holes = await deps.db.any(sql.type(z.object({ from: z.bigint(), to: z.bigint() }))`
    WITH covered AS (
      SELECT position AS a, position AS b FROM events
      UNION ALL SELECT position, position_to FROM audit_seals
    ), ordered AS (
      SELECT a, max(b) OVER (ORDER BY a ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_b FROM covered
    )
    SELECT (COALESCE(prev_b, 0) + 1)::bigint AS "from", (a - 1)::bigint AS "to" FROM ordered WHERE a > COALESCE(prev_b, 0) + 1 ORDER BY a`);
  for (const hole of holes) {
    const range = hole.from === hole.to ? `${hole.from}` : `${hole.from}–${hole.to}`;
    findings.push({ kind: 'gap', position: hole.from.toString(), streamId: null, revision: null, message: `Lacuna no log: posição ${range} ausente` });
  }
}

async function checkKey(key: AuditKey, checkpoints: Checkpoint[], findings: Finding[]): Promise<boolean> {
  const foreign = checkpoints.find((c) => c.keyId !== key.id);
  if (!foreign) return true;
  findings.push(finding('key', null, null, null, `Os checkpoints foram assinados com outra chave (${foreign.keyId}); a chave atual é ${key.id}`));
  return false;
}

function byPosition(a: Finding, b: Finding): number {
  const pa = a.position === null ? Infinity : Number(a.position);
  const pb = b.position === null ? Infinity : Number(b.position);
  return pa - pb;
}

/** Verifies one chain: an organization's history, or (null) the platform's. */
export async function verifyOrganization(deps: Deps, organizationId: string | null): Promise<Verification> {
  const findings: Finding[] = [];
  const [events, seals, checkpoints, through] = await Promise.all([
    chainEvents(deps, organizationId),
    chainSeals(deps.db, organizationId),
    allCheckpoints(deps.db),
    sealedThrough(deps.db),
  ]);
  if (await checkKey(deps.auditKey, checkpoints, findings)) {
    checkSeals(deps.auditKey, seals, findings);
    checkCheckpoints(deps.auditKey, checkpoints, organizationId, seals, findings);
  }
  checkEventsAgainstSeals(events, seals, through, findings);
  const streamIds = new Set([...events.map((e) => e.streamId), ...seals.flatMap((s) => (s.streamId ? [s.streamId] : []))]);
  await checkStreams(deps, streamIds, seals, findings);
  await checkGaps(deps, findings);
  const mine = checkpoints.filter((c) => c.organizationId === organizationId);
  return {
    ok: findings.length === 0,
    organizationId,
    checkedEvents: events.length,
    sealedThrough: through.toString(),
    checkpoints: mine.length,
    lastCheckpointAt: mine.at(-1)?.createdAt ?? null,
    findings: dedupe(findings).sort(byPosition),
  };
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.kind}|${f.position}|${f.streamId}|${f.revision}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every chain of the database, plus event_streams rows whose stream has no event left. */
export async function verifyAll(deps: Deps): Promise<{ ok: boolean; chains: Verification[]; findings: Finding[] }> {
  const organizations = await deps.db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT DISTINCT organization_id::text AS id FROM audit_seals WHERE organization_id IS NOT NULL
    UNION SELECT DISTINCT metadata->>'organizationId' FROM events WHERE metadata->>'organizationId' IS NOT NULL`);
  const chains: Verification[] = [];
  for (const organizationId of [null, ...organizations]) chains.push(await verifyOrganization(deps, organizationId));
  const findings = dedupe(chains.flatMap((c) => c.findings));
  if (deps.eventStore.kind === 'postgres') {
    const orphans = await deps.db.anyFirst(sql.type(z.object({ stream_id: z.string() }))`
      SELECT s.stream_id FROM event_streams s WHERE s.revision >= 0
        AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = s.stream_id)
        AND NOT EXISTS (SELECT 1 FROM audit_seals a WHERE a.stream_id = s.stream_id)`);
    for (const streamId of orphans) {
      findings.push(finding('stream-deleted', null, streamId, null, `Stream ${streamId}: event_streams registra eventos, mas o log não tem nenhum`));
    }
  }
  return { ok: findings.length === 0, chains, findings: findings.sort(byPosition) };
}
