// Starts a real Fluxo (built UI + API + projections) on a fresh test database for browser tests.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { auditKeyFrom } from '../../app/audit/key';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { defaultUiDist } from '../../api/server';
import { runFluxo, type RunningFluxo } from '../../scripts/fluxo';

export const SUPER_ADMIN = { email: 'root@fluxo.app', password: 'root-senha' };

export type E2eApp = RunningFluxo & {
  database: TestDatabase;
  /** Every line the server logged (pino JSON), as an operator would read it. */
  logLines: string[];
  stop: () => Promise<void>;
};

export async function startApp(options: { seedDemo?: boolean } = {}): Promise<E2eApp> {
  if (!existsSync(`${defaultUiDist}/index.html`)) throw new Error('ui/dist is missing: run `npm run build` first (npm run test:e2e does).');
  const database = await createTestDatabase();
  const logLines: string[] = [];
  const running = await runFluxo({
    databaseUrl: database.url,
    port: 0,
    host: '127.0.0.1',
    seedDemo: options.seedDemo ?? false,
    superAdmin: SUPER_ADMIN,
    logLevel: 'warn',
    logStream: { write: (line: string) => { logLines.push(line); process.stdout.write(line); } },
    auditKey: auditKeyFrom(randomBytes(32)),
  });
  return {
    ...running,
    database,
    logLines,
    stop: async () => {
      await running.close();
      await database.drop();
    },
  };
}
