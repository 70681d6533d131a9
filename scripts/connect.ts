// The database `npm start` and every maintenance script use: DATABASE_URL, else the embedded one
// with its data under ./.data/postgres (FLUXO_DATA_DIR) on EMBEDDED_PG_PORT.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EMBEDDED_PASSWORD, startEmbeddedPostgres } from '../app/db/embedded';

type ScriptDatabase = { url: string; stop: () => Promise<void> };

const embeddedDataDir = () => resolve(process.env.FLUXO_DATA_DIR ?? '.data/postgres');

export async function databaseForScripts(): Promise<ScriptDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dataDir = embeddedDataDir();
  mkdirSync(dataDir, { recursive: true });
  console.log(`PostgreSQL embutido em ${dataDir}…`);
  const embedded = await startEmbeddedPostgres({ dataDir, port: Number(process.env.EMBEDDED_PG_PORT ?? 54329), database: 'fluxo' });
  return { url: embedded.url, stop: embedded.stop };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded server a running `npm start` owns, read from its postmaster.pid (pid on line 1,
 * port on line 4), or null when none is running on that data directory.
 */
export function runningEmbeddedDatabase(dataDir = embeddedDataDir()): string | null {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0 || !isAlive(pid)) return null;
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/fluxo`;
}

/** For tools that run next to the app: DATABASE_URL, else the running embedded server, else start it. */
export async function databaseBesideTheApp(): Promise<ScriptDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const running = runningEmbeddedDatabase();
  if (running) return { url: running, stop: async () => undefined };
  return databaseForScripts();
}
