// `npm start`: Fluxo on its embedded defaults (or on DATABASE_URL / EVENTSTORE_URL when given).
import { databaseForScripts, writeConnectionInfo } from './connect';
import { runFluxo } from './fluxo';
import { parseTrustProxy } from '../api/trust-proxy';

const DEFAULT_SUPERADMIN = { email: 'admin@fluxo.app', password: 'fluxo-admin' };

function argRole(): 'all' | 'api' | 'projections' {
  const flag = process.argv.find((arg) => arg.startsWith('--role='))?.split('=')[1] ?? process.env.FLUXO_ROLE ?? 'all';
  if (flag !== 'all' && flag !== 'api' && flag !== 'projections') throw new Error(`--role deve ser all, api ou projections (recebido: ${flag})`);
  return flag;
}

let database: Awaited<ReturnType<typeof databaseForScripts>> | null = null;

async function main(): Promise<void> {
  database = await databaseForScripts();
  const databaseUrl = database.url;
  const fromDefaults = !process.env.SUPERADMIN_EMAIL || !process.env.SUPERADMIN_PASSWORD;
  const app = await runFluxo({
    databaseUrl,
    eventStoreUrl: process.env.EVENTSTORE_URL || undefined,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    publicUrl: process.env.FLUXO_PUBLIC_URL || undefined,
    role: argRole(),
    seedDemo: process.env.SEED_DEMO !== 'false',
    superAdmin: {
      email: process.env.SUPERADMIN_EMAIL ?? DEFAULT_SUPERADMIN.email,
      password: process.env.SUPERADMIN_PASSWORD ?? DEFAULT_SUPERADMIN.password,
      fromDefaults,
    },
    logLevel: process.env.LOG_LEVEL ?? 'info',
    prettyLogs: process.stdout.isTTY,
  });
  if (app.url) app.deps.logger.info(`Fluxo disponível em ${app.url}`);
  // Where this instance's data is, for the tools run beside it (audit:verify, audit:replay…).
  const forgetConnection = writeConnectionInfo({ databaseUrl, eventStoreUrl: process.env.EVENTSTORE_URL || null, apiUrl: app.url || null });
  process.on('exit', forgetConnection);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.deps.logger.info({ signal }, 'encerrando: terminando requisições em andamento e o lote de projeções atual');
    await app.close();
    await database?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(async (error: unknown) => {
  // Never a bare `undefined`: say what failed, even when a library rejected with nothing.
  console.error(`Fluxo não iniciou: ${error instanceof Error ? (error.stack ?? error.message) : String(error ?? 'motivo desconhecido')}`);
  await database?.stop().catch(() => undefined);
  process.exit(1);
});
