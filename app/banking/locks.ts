// One importer at a time per bank account: an OFX import and a bank sync of the same account (or
// two of either) look for duplicates and append in turn, never interleaved, so neither misses the
// other's transactions. Session advisory locks, taken in a fixed order (no deadlock between files
// that share several accounts).
import { createHash } from 'node:crypto';
import { sql } from 'slonik';
import type { Db } from '../db/pool';

function lockId(organizationId: string, accountKey: string): string {
  const digest = createHash('sha256').update(`banking-account|${organizationId}|${accountKey}`).digest();
  return BigInt.asIntN(64, digest.readBigUInt64BE(0)).toString();
}

export async function withAccountLocks<T>(db: Db, organizationId: string, accountKeys: readonly string[], fn: () => Promise<T>): Promise<T> {
  const ids = [...new Set(accountKeys.map((key) => lockId(organizationId, key)))].sort();
  return db.connect(async (connection) => {
    for (const id of ids) await connection.query(sql.unsafe`SELECT pg_advisory_lock(${id}::bigint)`);
    try {
      return await fn();
    } finally {
      for (const id of ids.reverse()) await connection.query(sql.unsafe`SELECT pg_advisory_unlock(${id}::bigint)`);
    }
  });
}
