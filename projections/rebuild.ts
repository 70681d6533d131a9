// Rebuilds one read model from the whole log into a shadow schema, then swaps it in atomically.
// The live tables keep serving reads until the swap; the swap holds the projector's checkpoint
// row, so the live runner waits for it instead of writing into tables that are being replaced.
import { sql } from 'slonik';
import type { Db } from '../app/db/pool';
import type { EventStore } from '../app/eventstore/port';
import { applyEvents, type Projector, type Tx } from './projector';

export type RebuildProgress = { position: bigint; head: bigint; applied: number };

async function useShadow(tx: Tx, schema: string): Promise<void> {
  await tx.query(sql.unsafe`SELECT set_config('search_path', ${`${schema}, public`}, true)`);
}

export async function rebuildProjector(deps: {
  db: Db;
  eventStore: EventStore;
  projector: Projector;
  batchSize: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<void> {
  const { db, eventStore, projector, batchSize } = deps;
  const schema = `rebuild_${projector.name.replace(/[^a-z0-9_]/gi, '_')}`;
  const shadow = sql.identifier([schema]);
  await db.query(sql.unsafe`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
  await db.query(sql.unsafe`CREATE SCHEMA ${shadow}`);
  await db.transaction(async (tx) => {
    await useShadow(tx, schema);
    await projector.migrate(tx);
  });

  let position = 0n;
  let appliedCount = 0;
  const head = await eventStore.headPosition();
  const replay = async (tx: Tx): Promise<number> => {
    const events = await eventStore.readAll({ after: position, limit: batchSize });
    await applyEvents(projector, events, tx);
    if (events.length > 0) position = events[events.length - 1].position;
    appliedCount += events.length;
    return events.length;
  };

  for (;;) {
    const read = await db.transaction(async (tx) => {
      await useShadow(tx, schema);
      return replay(tx);
    });
    deps.onProgress?.({ position, head, applied: appliedCount });
    if (read < batchSize) break;
  }

  await db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${projector.name} FOR UPDATE`);
    await useShadow(tx, schema);
    while ((await replay(tx)) > 0);
    await tx.query(sql.unsafe`SELECT set_config('search_path', 'public', true)`);
    for (const table of projector.tables) {
      await tx.query(sql.unsafe`DROP TABLE IF EXISTS public.${sql.identifier([table])} CASCADE`);
      await tx.query(sql.unsafe`ALTER TABLE ${sql.identifier([schema, table])} SET SCHEMA public`);
    }
    await tx.query(sql.unsafe`DROP SCHEMA ${shadow} CASCADE`);
    await tx.query(sql.unsafe`
      UPDATE projection_checkpoints SET position = ${position.toString()}::bigint, version = ${projector.version}, updated_at = now()
      WHERE name = ${projector.name}`);
  });
  deps.onProgress?.({ position, head: position > head ? position : head, applied: appliedCount });
}
