// `npm run projections:rebuild -- [name …] [--batch 5000] [--concurrency 4]`: replays the log once
// into shadow tables for every projector named (all by default), builds their indexes, then
// swaps them in. Progress (events/s, ETA) as a bar on a terminal, as log lines otherwise.
import { SingleBar, Presets } from 'cli-progress';
import { createDb } from '../app/db/pool';
import { createEventStore } from '../app/eventstore/create';
import { projectors } from '../projections/registry';
import { describeError } from '../projections/isolation';
import { applyMs, DEFAULT_BATCH, DEFAULT_CONCURRENCY, rebuildAll, type RebuildProgress } from '../projections/rebuild';
import { migrateDatabase } from '../projections/schema';
import { argNumber } from './bench/args';
import { databaseForScripts } from './connect';

const phases: Record<NonNullable<RebuildProgress['phase']>, string> = {
  loading: 'carregando', indexing: 'criando índices', swapping: 'trocando tabelas', done: 'concluído',
};
const phaseOf = (p: RebuildProgress) => {
  const phase = phases[p.phase ?? 'loading'];
  return p.phase === 'indexing' && p.projectorsTotal ? `${phase}: ${p.projectorsDone ?? 0} de ${p.projectorsTotal} projeções prontas` : phase;
};

/** A bar on a terminal; one line every few seconds (and at each phase) when the output is a file or a pipe. */
export function progressReporter(label: string, stream: NodeJS.WriteStream = process.stdout): { update: (p: RebuildProgress) => void; stop: () => void } {
  const eta = (p: RebuildProgress) => (p.etaSeconds === null || p.etaSeconds === undefined ? '?' : `${Math.ceil(p.etaSeconds)} s`);
  if (stream.isTTY) {
    const bar = new SingleBar({
      format: `${label} {bar} {percentage}% | {value}/{total} eventos | {rate} ev/s | ETA {eta_text} | {phase}`,
      hideCursor: true,
    }, Presets.shades_classic);
    let started = false;
    return {
      update(p) {
        const payload = { rate: Math.round(p.eventsPerSecond ?? 0), eta_text: eta(p), phase: phaseOf(p) };
        if (!started) {
          bar.start(Math.max(Number(p.head), 1), 0, payload);
          started = true;
        }
        bar.setTotal(Math.max(Number(p.head), p.applied, 1));
        bar.update(p.applied, payload);
      },
      stop: () => bar.stop(),
    };
  }
  let last = 0;
  let lastPhase: string | undefined;
  return {
    update(p) {
      if (Date.now() - last < 5_000 && p.phase === lastPhase) return;
      last = Date.now();
      lastPhase = p.phase;
      stream.write(`${new Date().toISOString()} ${label}: ${p.applied}/${p.head} eventos, ${Math.round(p.eventsPerSecond ?? 0)} ev/s, ETA ${eta(p)} (${phaseOf(p)})\n`);
    },
    stop: () => undefined,
  };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const names = argv.filter((arg, i) => !arg.startsWith('-') && !(argv[i - 1]?.startsWith('--') && !argv[i - 1].includes('=')));
  const unknown = names.filter((name) => !projectors.some((p) => p.name === name));
  if (unknown.length > 0) {
    console.error(`Projeções desconhecidas: ${unknown.join(', ')}. Disponíveis: ${projectors.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const database = await databaseForScripts();
  const db = await createDb(database.url);
  await migrateDatabase(db);
  const eventStore = createEventStore({ db, databaseUrl: database.url, eventStoreUrl: process.env.EVENTSTORE_URL || undefined });
  const targets = names.length > 0 ? projectors.filter((p) => names.includes(p.name)) : projectors;
  const progress = progressReporter(targets.length === 1 ? targets[0].name : `${targets.length} projeções`);
  try {
    const result = await rebuildAll({
      db, eventStore, projectors: targets, batchSize: argNumber('batch', DEFAULT_BATCH), concurrency: argNumber('concurrency', DEFAULT_CONCURRENCY), onProgress: progress.update,
    });
    progress.stop();
    if (process.env.FLUXO_REBUILD_TIMINGS) {
      for (const [name, ms] of [...applyMs].sort((x, y) => y[1] - x[1])) console.log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    }
    console.log(`${result.applied} eventos reconstruídos em ${result.seconds.toFixed(1)} s (${Math.round(result.eventsPerSecond)} eventos/s do log).`);
    for (const failure of result.failures) {
      console.error(`${failure.projector}: a organização ${failure.organizationId ?? '(plataforma)'} ainda falha no evento ${failure.position} e segue degradada: ${describeError(failure.error)}`);
    }
  } finally {
    progress.stop();
    await eventStore.close();
    await db.end();
    await database.stop();
  }
}

if (process.argv[1]?.endsWith('rebuild-projections.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
