// The bench's copy of the seeded history, brought to where a running server would have left it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { auditKeyFrom } from '../../app/audit/key';
import { sealLog } from '../../app/audit/seal';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { dispatchPendingNotifications } from '../../app/notifications/dispatcher';
import { projectors } from '../../projections/registry';
import { createProjectionRunner } from '../../projections/runner';
import { adminQuery, type BenchServer } from './database';

/**
 * Brings the copied history to where a server running it would have left it, so the idle and load
 * figures are about the server that follows, not its one-time catch-up: the notifications the
 * seed's projection filed are raised and projected (a server's dispatcher raises them in its first
 * seconds, ~3,000 appends on the 200k history), then the log is sealed (a server's sealer does this
 * once for a log it never saw). Returns seconds.
 */
export async function settleCopiedHistory(url: string): Promise<number> {
  const db = await createDb(url);
  const eventStore = createPostgresEventStore(db, url);
  try {
    const started = performance.now();
    const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: console.error };
    const runner = createProjectionRunner({ db, connectionString: url, eventStore, projectors });
    // A round raises what the outbox holds and the notifications read model lacks (200 at most):
    // the read model catches up before the next round looks, or it would find the same 200 again.
    do await runner.catchUp();
    while (await dispatchPendingNotifications({ db, eventStore, clock: () => new Date(), logger }) > 0);
    await runner.catchUp();
    await sealLog({ db, eventStore, auditKey: auditKeyFrom(randomBytes(32)) });
    return (performance.now() - started) / 1000;
  } finally {
    await eventStore.close();
    await db.end();
  }
}


/**
 * A fresh copy (`name`) of the seeded history as settleCopiedHistory leaves it, from a template kept
 * beside the seed (`<seed>_settled`: settling takes minutes, so it is done once and kept for the next
 * runs). Returns the copy's URL.
 */
export async function settledCopy(server: BenchServer, seedDatabase: string, name: string): Promise<string> {
  const settled = `${seedDatabase}_settled`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [settled])).rowCount === 1;
  await admin.end();
  if (!exists) {
    await adminQuery(server, `CREATE DATABASE ${settled}_tmp TEMPLATE ${seedDatabase}`);
    console.log(`settled in ${(await settleCopiedHistory(server.urlOf(`${settled}_tmp`))).toFixed(1)} s`);
    await adminQuery(server, `ALTER DATABASE ${settled}_tmp RENAME TO ${settled}`);
  }
  await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE ${name} TEMPLATE ${settled}`);
  return server.urlOf(name);
}
