// Reading and writing the audit tables.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Checkpoint, Seal } from './chain';

const sealRow = z.object({
  position: z.bigint(),
  position_to: z.bigint(),
  organization_id: z.string().nullable(),
  kind: z.enum(['event', 'gap']),
  stream_id: z.string().nullable(),
  revision: z.number().nullable(),
  event_hash: z.string().nullable(),
  prev_position: z.bigint().nullable(),
  mac: z.string(),
});

const checkpointRow = z.object({
  organization_id: z.string().nullable(),
  position: z.bigint(),
  event_count: z.bigint(),
  head_mac: z.string(),
  log_position: z.bigint(),
  prev_signature: z.string().nullable(),
  created_at: z.string(),
  key_id: z.string(),
  signature: z.string(),
});

function toSeal(row: z.infer<typeof sealRow>): Seal {
  return {
    position: row.position,
    positionTo: row.position_to,
    organizationId: row.organization_id,
    kind: row.kind,
    streamId: row.stream_id,
    revision: row.revision,
    eventHash: row.event_hash,
    prevPosition: row.prev_position,
    mac: row.mac,
  };
}

function toCheckpoint(row: z.infer<typeof checkpointRow>): Checkpoint {
  return {
    organizationId: row.organization_id,
    position: row.position,
    eventCount: row.event_count,
    headMac: row.head_mac,
    logPosition: row.log_position,
    prevSignature: row.prev_signature,
    createdAt: row.created_at,
    keyId: row.key_id,
    signature: row.signature,
  };
}

const ofChain = (organizationId: string | null) =>
  organizationId === null ? sql.fragment`organization_id IS NULL` : sql.fragment`organization_id = ${organizationId}`;

export async function sealedThrough(db: CommonQueryMethods): Promise<bigint> {
  // Seals cover disjoint ranges in log order: the one at the highest position ends highest (an index look-up, not a scan).
  return db.oneFirst(sql.type(z.object({ p: z.bigint() }))`
    SELECT COALESCE((SELECT position_to FROM audit_seals ORDER BY position DESC LIMIT 1), 0)::bigint AS p`);
}

export async function lastSealOf(db: CommonQueryMethods, organizationId: string | null): Promise<Seal | null> {
  const row = await db.maybeOne(sql.type(sealRow)`
    SELECT position, position_to, organization_id, kind, stream_id, revision, event_hash, prev_position, mac
    FROM audit_seals WHERE ${ofChain(organizationId)} ORDER BY position DESC LIMIT 1`);
  return row ? toSeal(row) : null;
}

export async function sealsOf(db: CommonQueryMethods, organizationId: string | null, options: { after: bigint; limit: number }): Promise<Seal[]> {
  const rows = await db.any(sql.type(sealRow)`
    SELECT position, position_to, organization_id, kind, stream_id, revision, event_hash, prev_position, mac
    FROM audit_seals WHERE ${ofChain(organizationId)} AND position > ${options.after.toString()}::bigint
    ORDER BY position LIMIT ${options.limit}`);
  return rows.map(toSeal);
}

export async function insertSeals(db: CommonQueryMethods, seals: Seal[]): Promise<void> {
  if (seals.length === 0) return;
  await db.query(sql.unsafe`
    INSERT INTO audit_seals (position, position_to, organization_id, kind, stream_id, revision, event_hash, prev_position, mac)
    VALUES ${sql.join(
      seals.map((s) => sql.fragment`(${s.position.toString()}::bigint, ${s.positionTo.toString()}::bigint, ${s.organizationId}::uuid, ${s.kind},
        ${s.streamId}, ${s.revision}, ${s.eventHash}, ${s.prevPosition?.toString() ?? null}::bigint, ${s.mac})`),
      sql.fragment`, `,
    )}`);
}

export async function latestCheckpoint(db: CommonQueryMethods, organizationId?: string | null): Promise<Checkpoint | null> {
  const where = organizationId === undefined ? sql.fragment`TRUE` : ofChain(organizationId);
  const row = await db.maybeOne(sql.type(checkpointRow)`
    SELECT organization_id, position, event_count, head_mac, log_position, prev_signature, created_at, key_id, signature
    FROM audit_checkpoints WHERE ${where} ORDER BY id DESC LIMIT 1`);
  return row ? toCheckpoint(row) : null;
}

/** Every checkpoint in the order they were taken (each one names the one before it). */
export async function allCheckpoints(db: CommonQueryMethods): Promise<Checkpoint[]> {
  const rows = await db.any(sql.type(checkpointRow)`
    SELECT organization_id, position, event_count, head_mac, log_position, prev_signature, created_at, key_id, signature
    FROM audit_checkpoints ORDER BY id`);
  return rows.map(toCheckpoint);
}

export async function insertCheckpoint(db: CommonQueryMethods, c: Checkpoint): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO audit_checkpoints (organization_id, position, event_count, head_mac, log_position, prev_signature, created_at, key_id, signature)
    VALUES (${c.organizationId}::uuid, ${c.position.toString()}::bigint, ${c.eventCount.toString()}::bigint, ${c.headMac},
            ${c.logPosition.toString()}::bigint, ${c.prevSignature}, ${c.createdAt}, ${c.keyId}, ${c.signature})`);
}
