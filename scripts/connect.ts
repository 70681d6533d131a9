// The database `npm start` and every maintenance script use: DATABASE_URL, else the embedded one
// with its data under ./.data/postgres (FLUXO_DATA_DIR) on EMBEDDED_PG_PORT.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmbeddedPostgres } from '../app/db/embedded';

export async function databaseForScripts(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dataDir = resolve(process.env.FLUXO_DATA_DIR ?? '.data/postgres');
  mkdirSync(dataDir, { recursive: true });
  console.log(`PostgreSQL embutido em ${dataDir}…`);
  const embedded = await startEmbeddedPostgres({ dataDir, port: Number(process.env.EMBEDDED_PG_PORT ?? 54329), database: 'fluxo' });
  return { url: embedded.url, stop: embedded.stop };
}
