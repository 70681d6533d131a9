// Row-for-row comparison of read models: every projector's tables as sorted JSON rows, so a
// rebuild from the log can be checked against what the live runner built incrementally.
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../app/db/pool';
import type { Projector } from './projector';

export type Snapshot = Record<string, string[]>;

export async function snapshotReadModels(db: Db, projectors: readonly Projector[]): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const projector of projectors) {
    for (const table of projector.tables) {
      snapshot[`${projector.name}.${table}`] = [...await db.anyFirst(sql.type(z.object({ row: z.string() }))`
        SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(['public', table])} t ORDER BY 1`)];
    }
  }
  return snapshot;
}

/** The tables whose rows differ, with the first few rows only one side has. */
export function differences(expected: Snapshot, actual: Snapshot): Record<string, { missing: string[]; unexpected: string[] }> {
  const out: Record<string, { missing: string[]; unexpected: string[] }> = {};
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const a = new Set(expected[table] ?? []);
    const b = new Set(actual[table] ?? []);
    const missing = [...a].filter((row) => !b.has(row));
    const unexpected = [...b].filter((row) => !a.has(row));
    if (missing.length > 0 || unexpected.length > 0 || (expected[table]?.length ?? 0) !== (actual[table]?.length ?? 0)) {
      out[table] = { missing: missing.slice(0, 3), unexpected: unexpected.slice(0, 3) };
    }
  }
  return out;
}

export type Digest = Record<string, { rows: number; digest: string }>;

/**
 * Every projector table as a row count and an order-free sum of its rows' hashes, computed in
 * PostgreSQL: compares read models of a whole bench history without holding their rows in memory.
 */
export async function digestReadModels(db: Db, projectors: readonly Projector[]): Promise<Digest> {
  const out: Digest = {};
  for (const projector of projectors) {
    for (const table of projector.tables) {
      const row = await db.one(sql.type(z.object({ rows: z.number(), digest: z.string() }))`
        SELECT count(*)::int AS rows, COALESCE(sum(hashtextextended(to_jsonb(t)::text, 0)::numeric), 0)::text AS digest
        FROM ${sql.identifier(['public', table])} t`);
      out[`${projector.name}.${table}`] = row;
    }
  }
  return out;
}

/** The tables whose digests differ, with both row counts. */
export function digestDifferences(expected: Digest, actual: Digest): string[] {
  return [...new Set([...Object.keys(expected), ...Object.keys(actual)])]
    .filter((table) => expected[table]?.digest !== actual[table]?.digest || expected[table]?.rows !== actual[table]?.rows)
    .map((table) => `${table} (${expected[table]?.rows ?? 0} → ${actual[table]?.rows ?? 0} rows)`);
}
