// `npm run audit:verify [-- --organization <id>]`: checks the log against its signed checkpoints
// (every organization, or one) and prints each finding with its position. Works next to a running
// app: it uses DATABASE_URL, else the running embedded server, and never starts a second one.
import { createDb } from '../app/db/pool';
import { loadAuditKey } from '../app/audit/key';
import { verifyAll, verifyOrganization, type Finding } from '../app/audit/verify';
import { createEventStore } from '../app/eventstore/create';
import { databaseBesideTheApp } from './connect';

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<number> {
  const organizationId = flag('organization');
  const auditKey = loadAuditKey();
  if (!auditKey) {
    console.error('Chave de auditoria não encontrada: defina FLUXO_AUDIT_KEY ou FLUXO_AUDIT_KEY_FILE (padrão: .data/audit.key).');
    return 2;
  }
  const database = await databaseBesideTheApp();
  const db = await createDb(database.url);
  const eventStore = createEventStore({ db, databaseUrl: database.url, eventStoreUrl: process.env.EVENTSTORE_URL || database.eventStoreUrl });
  try {
    const deps = { db, eventStore, auditKey };
    let findings: Finding[];
    let checked: number;
    let checkpoints: number;
    if (organizationId) {
      const result = await verifyOrganization(deps, organizationId);
      [findings, checked, checkpoints] = [result.findings, result.checkedEvents, result.checkpoints];
    } else {
      const result = await verifyAll(deps);
      findings = result.findings;
      checked = result.chains.reduce((sum, chain) => sum + chain.checkedEvents, 0);
      checkpoints = result.chains.reduce((sum, chain) => sum + chain.checkpoints, 0);
    }
    for (const item of findings) console.error(`✗ ${item.message}`);
    console.log(`${checked} eventos verificados contra ${checkpoints} checkpoint(s) assinado(s) (chave ${auditKey.id}); ${findings.length} problema(s).`);
    return findings.length > 0 ? 1 : 0;
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
