// Takes checkpoints: seals every event appended since the last run (and every unused position
// below it) into its organization's chain, then signs one checkpoint per chain that moved.
// Runs periodically in the projection process and on demand (verify, export); one at a time.
import { sql } from 'slonik';
import type { Db } from '../db/pool';
import type { EventStore } from '../eventstore/port';
import { contentHash, sealMac, signCheckpoint, type Seal } from './chain';
import type { AuditKey } from './key';
import { insertCheckpoint, insertSeals, lastSealOf, latestCheckpoint, sealedThrough } from './store';

const SEAL_LOCK = 7_263_013;
const PAGE = 1000;

type Head = { position: bigint; mac: string; eventCount: bigint; moved: boolean };

export type SealResult = { sealed: number; checkpoints: number; through: bigint };

/** Events sealed per transaction: a long backlog (a restored or copied log) never holds the lock for minutes. */
const CHUNK = 20_000;

type SealDeps = { db: Db; eventStore: EventStore; auditKey: AuditKey; clock?: () => Date };

/** Seals everything appended so far, a bounded chunk per transaction, each chunk with its checkpoints. */
export async function sealLog(deps: SealDeps, options: { eventsPerTransaction?: number } = {}): Promise<SealResult> {
  const chunkSize = options.eventsPerTransaction ?? CHUNK;
  let total: SealResult = { sealed: 0, checkpoints: 0, through: 0n };
  for (;;) {
    const chunk = await sealChunk(deps, chunkSize);
    total = { sealed: total.sealed + chunk.sealed, checkpoints: total.checkpoints + chunk.checkpoints, through: chunk.through };
    if (chunk.sealed < chunkSize) return total;
  }
}

async function sealChunk(deps: SealDeps, limit: number): Promise<SealResult> {
  const { auditKey: key } = deps;
  return deps.db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${SEAL_LOCK})`);
    let through = await sealedThrough(tx);
    const heads = new Map<string | null, Head | null>();
    const headOf = async (organizationId: string | null): Promise<Head | null> => {
      if (!heads.has(organizationId)) {
        const [seal, checkpoint] = await Promise.all([lastSealOf(tx, organizationId), latestCheckpoint(tx, organizationId)]);
        heads.set(organizationId, seal ? { position: seal.position, mac: seal.mac, eventCount: checkpoint?.eventCount ?? 0n, moved: false } : null);
      }
      return heads.get(organizationId) ?? null;
    };
    const seal = async (input: Omit<Seal, 'mac' | 'prevPosition'>): Promise<Seal> => {
      const head = await headOf(input.organizationId);
      const unsigned = { ...input, prevPosition: head?.position ?? null };
      const mac = sealMac(key, unsigned, head?.mac ?? null);
      heads.set(input.organizationId, {
        position: input.position,
        mac,
        eventCount: (head?.eventCount ?? 0n) + (input.kind === 'event' ? 1n : 0n),
        moved: true,
      });
      return { ...unsigned, mac };
    };
    let sealed = 0;
    while (sealed < limit) {
      const page = await deps.eventStore.readAll({ after: through, limit: Math.min(PAGE, limit - sealed) });
      if (page.length === 0) break;
      const seals: Seal[] = [];
      for (const event of page) {
        // PostgreSQL hands out positions one by one in commit order: a hole below a visible event
        // is a rolled-back append, sealed as unused so that a later deletion cannot hide in it.
        if (deps.eventStore.kind === 'postgres' && event.position > through + 1n) {
          seals.push(await seal({ kind: 'gap', position: through + 1n, positionTo: event.position - 1n, organizationId: null, streamId: null, revision: null, eventHash: null }));
        }
        seals.push(await seal({
          kind: 'event',
          position: event.position,
          positionTo: event.position,
          organizationId: event.metadata.organizationId ?? null,
          streamId: event.streamId,
          revision: event.revision,
          eventHash: contentHash(event),
        }));
        through = event.position;
      }
      await insertSeals(tx, seals);
      sealed += page.length;
    }
    let checkpoints = 0;
    if (sealed > 0) {
      let prevSignature = (await latestCheckpoint(tx))?.signature ?? null;
      const createdAt = (deps.clock?.() ?? new Date()).toISOString();
      for (const [organizationId, head] of heads) {
        if (!head?.moved) continue;
        const checkpoint = signCheckpoint(key, {
          organizationId,
          position: head.position,
          eventCount: head.eventCount,
          headMac: head.mac,
          logPosition: through,
          prevSignature,
          createdAt,
        });
        await insertCheckpoint(tx, checkpoint);
        prevSignature = checkpoint.signature;
        checkpoints += 1;
      }
    }
    return { sealed, checkpoints, through };
  });
}

/** Seals every `intervalMs` until stopped; a failed run is logged and retried on the next tick. */
export function startAuditSealer(
  deps: { db: Db; eventStore: EventStore; auditKey: AuditKey; logger: { error: (obj: object, msg?: string) => void } },
  intervalMs: number,
): { stop: () => Promise<void> } {
  // A tick while a run is still going (a long backlog) is skipped, not queued on the lock.
  // The first run starts at once: what was appended while no sealer ran is sealed without waiting a period.
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sealLog(deps)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'audit checkpoint failed'))
      .finally(() => { running = null; });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
