// `npm run audit:replay -- --file export.ndjson [--json]`: checks an audit export against the
// server key (signed checkpoint, seal chain, hashes, attachments), loads its history into an EMPTY
// database — DATABASE_URL, else a throwaway embedded PostgreSQL in a temporary directory (never the
// running app's data) — rebuilds every read model from it and prints the figures of each month.
// Exit codes: 0 replayed, 1 the export failed verification, 2 usage or database error.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { organizationFigures, formatFigures } from '../app/audit/figures';
import { loadAuditKey } from '../app/audit/key';
import { loadExport, parseExport, verifyExport } from '../app/audit/replay';
import { startEmbeddedPostgres } from '../app/db/embedded';
import { createDb } from '../app/db/pool';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import { projectors } from '../projections/registry';
import { createProjectionRunner } from '../projections/runner';
import { migrateDatabase } from '../projections/schema';

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function targetDatabase(): Promise<{ url: string; stop: () => Promise<void>; label: string }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined, label: 'DATABASE_URL' };
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxo-replay-'));
  const embedded = await startEmbeddedPostgres({ dataDir, database: 'fluxo_replay', persistent: false });
  return {
    url: embedded.url,
    label: `PostgreSQL embutido temporário (${dataDir})`,
    stop: async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<number> {
  const file = flag('file');
  if (!file) {
    console.error('Uso: npm run audit:replay -- --file exportacao.ndjson [--json]');
    return 2;
  }
  const auditKey = loadAuditKey();
  if (!auditKey) {
    console.error('Chave de auditoria não encontrada: defina FLUXO_AUDIT_KEY ou FLUXO_AUDIT_KEY_FILE (padrão: .data/audit.key).');
    return 2;
  }
  const data = parseExport(readFileSync(file, 'utf8'));
  const problems = verifyExport(auditKey, data);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    console.error(`Exportação rejeitada: ${problems.length} problema(s). Nada foi carregado.`);
    return 1;
  }
  console.log(`✓ Assinatura e cadeia conferem: ${data.events.length} eventos, ${data.seals.length} selos, ${data.attachments.length} anexo(s) (chave ${auditKey.id}).`);
  const database = await targetDatabase();
  console.log(`Carregando em ${database.label}…`);
  const db = await createDb(database.url);
  const eventStore = createPostgresEventStore(db, database.url);
  try {
    await migrateDatabase(db);
    await loadExport({ db, eventStore }, data, (done, total) => console.log(`  ${done}/${total} eventos`));
    const runner = createProjectionRunner({ db, connectionString: database.url, eventStore, projectors });
    await runner.catchUp();
    const figures = await organizationFigures(db, data.organizationId);
    if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
    else console.log(formatFigures(figures));
    return 0;
  } finally {
    await eventStore.close();
    await db.end();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
