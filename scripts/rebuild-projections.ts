// `npm run projections:rebuild -- [name …]`: replays the log into shadow tables, then swaps them in.
import { SingleBar, Presets } from 'cli-progress';
import { createDb } from '../app/db/pool';
import { createEventStore } from '../app/eventstore/create';
import { projectors } from '../projections/registry';
import { createProjectionRunner } from '../projections/runner';
import { migrateDatabase } from '../projections/schema';
import { databaseForScripts } from './connect';

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = names.filter((name) => !projectors.some((p) => p.name === name));
  if (unknown.length > 0) {
    console.error(`Projeções desconhecidas: ${unknown.join(', ')}. Disponíveis: ${projectors.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const database = await databaseForScripts();
  const db = await createDb(database.url);
  await migrateDatabase(db);
  const eventStore = createEventStore({ db, databaseUrl: database.url, eventStoreUrl: process.env.EVENTSTORE_URL || undefined });
  const runner = createProjectionRunner({ db, connectionString: database.url, eventStore, projectors });
  const targets = names.length > 0 ? names : projectors.map((p) => p.name);
  for (const name of targets) {
    const bar = new SingleBar({ format: `${name.padEnd(24)} {bar} {percentage}% | {value}/{total} eventos`, hideCursor: true }, Presets.shades_classic);
    let started = false;
    await runner.rebuild(name, ({ applied, head }) => {
      if (!started) {
        bar.start(Math.max(Number(head), 1), 0);
        started = true;
      }
      bar.setTotal(Math.max(Number(head), applied, 1));
      bar.update(applied);
    });
    bar.stop();
  }
  await eventStore.close();
  await db.end();
  await database.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
