// The database `npm start` and every maintenance script use: DATABASE_URL, else the embedded one
// with its data under ./.data/postgres (FLUXO_DATA_DIR) on EMBEDDED_PG_PORT. A running `npm start`
// writes where its database is to ./.data/running.json (FLUXO_CONNECTION_FILE), so tools started
// beside it (audit:verify, audit:export) use that server instead of starting a second one.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EMBEDDED_PASSWORD, hostOf, isAlive, postmasterOf, startEmbeddedPostgres } from '../app/db/embedded';

type ScriptDatabase = { url: string; stop: () => Promise<void> };

const embeddedDataDir = () => resolve(process.env.FLUXO_DATA_DIR ?? '.data/postgres');

export async function databaseForScripts(): Promise<ScriptDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dataDir = embeddedDataDir();
  mkdirSync(dataDir, { recursive: true });
  console.log(`PostgreSQL embutido em ${dataDir}…`);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    database: 'fluxo',
    onLog: (line) => {
      if (/órfão|removido|FATAL|PANIC/.test(line)) console.log(line.trim());
    },
    // A PostgreSQL that dies while Fluxo runs is started again (the pools reconnect by themselves).
    supervise: ({ restarted, error }) => {
      if (restarted) console.log('PostgreSQL embutido parou e foi reiniciado');
      else console.error(`PostgreSQL embutido parou; nova tentativa em instantes: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  return { url: embedded.url, stop: embedded.stop };
}

/**
 * The embedded server a running `npm start` owns, read from its postmaster.pid (pid on line 1,
 * port on line 4), or null when none is running on that data directory.
 */
export function runningEmbeddedDatabase(dataDir = embeddedDataDir()): string | null {
  const postmaster = postmasterOf(dataDir);
  if (!postmaster) return null;
  const { pid, port } = postmaster;
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0 || !isAlive(pid)) return null;
  return `postgres://postgres:${EMBEDDED_PASSWORD}@${hostOf(postmaster)}:${port}/fluxo`;
}

const connectionFile = () => resolve(process.env.FLUXO_CONNECTION_FILE ?? '.data/running.json');

export type RunningInstance = { pid: number; databaseUrl: string; eventStoreUrl: string | null; apiUrl: string | null; startedAt: string };

/** Written by `npm start` once its database answers (owner-only: the URL may carry a password); removed on stop. */
export function writeConnectionInfo(info: Omit<RunningInstance, 'pid' | 'startedAt'>): () => void {
  const file = connectionFile();
  mkdirSync(dirname(file), { recursive: true });
  const body: RunningInstance = { pid: process.pid, startedAt: new Date().toISOString(), ...info };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  return () => {
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as RunningInstance;
      if (current.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The running `npm start` this directory belongs to, from its connection file, or null (none, or its process is gone). */
export function runningInstance(): RunningInstance | null {
  const file = connectionFile();
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as RunningInstance;
    return Number.isInteger(info.pid) && typeof info.databaseUrl === 'string' && isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * For tools that run next to the app: DATABASE_URL, else the running instance's database (its
 * connection file, or the embedded server's postmaster.pid), else the embedded one started here —
 * never a second server on data a running one owns.
 */
export async function databaseBesideTheApp(): Promise<ScriptDatabase & { eventStoreUrl?: string }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const instance = runningInstance();
  if (instance) return { url: instance.databaseUrl, eventStoreUrl: instance.eventStoreUrl ?? undefined, stop: async () => undefined };
  const running = runningEmbeddedDatabase();
  if (running) return { url: running, stop: async () => undefined };
  return databaseForScripts();
}
