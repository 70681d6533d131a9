// Where an OFX import's CPU goes, phase by phase, on a copy of the settled bench history
// (settledCopy, settle.ts): reading the file, planning, appending, then each projector
// applying the import's events on its own (pages of the runner's size), with Node and PostgreSQL
// CPU seconds each:   BENCH_PG_PORT=… npx tsx scripts/bench/ofx-phases.ts [--transactions 10000]
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { prepareOfxImport, runOfxImport } from '../../app/banking/import-ofx';
import { createDb } from '../../app/db/pool';
import type { AppDeps } from '../../app/deps';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { applyEvents } from '../../projections/projector';
import { projectors } from '../../projections/registry';
import { largeStatement } from '../../test-support/ofx-statement';
import { argNumber, argValue } from './args';
import { cpuMeter } from './cpu';
import { adminQuery, benchAdmin, startBenchServer } from './database';
import { settledCopy } from './settle';

const count = argNumber('transactions', 10_000);
const seedDatabase = argValue('database', 'fluxo_bench');
const RUN = 'fluxo_bench_ofx_phases';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const cpu = cpuMeter();
  const started = performance.now();
  const value = await fn();
  const used = cpu();
  console.log(`${name.padEnd(34)} wall ${((performance.now() - started) / 1000).toFixed(2).padStart(6)} s  node ${used.node.toFixed(2).padStart(6)} s  pg ${(used.server ?? 0).toFixed(2).padStart(6)} s`);
  return value;
}

async function main() {
  const server = await startBenchServer();
  try {
    const url = await settledCopy(server, seedDatabase, RUN);
    const admin = await benchAdmin(url);
    const db = await createDb(url);
    const eventStore = createPostgresEventStore(db, url);
    const deps: AppDeps = { db, eventStore, clock: () => new Date(), logger: silent, waitForProjections: async () => undefined } as AppDeps;
    const context = { organizationId: admin.organizationId, actorUserId: admin.id, requestId: randomUUID(), correlationId: randomUUID(), now: new Date() };
    const content = largeStatement(count, { bankId: '341', accountId: `${randomUUID().slice(0, 5)}-1` });
    const before = await eventStore.headPosition();
    const prepared = await timed('read and check the file', async () => prepareOfxImport(content, { skipDuplicates: true, autoCategorize: true }, context));
    const session = process.env.PROFILE_APPEND ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    await timed('plan and append', () => runOfxImport(deps, prepared, context, { settle: async () => undefined }));
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.PROFILE_APPEND!, JSON.stringify(profile));
      session.disconnect();
    }
    const events = await timed('read the events back', async () => {
      const all = [];
      for (let after = before; ;) {
        const page = await eventStore.readAll({ after, limit: 2_000 });
        if (page.length === 0) break;
        all.push(...page);
        after = page[page.length - 1].position;
      }
      return all;
    });
    console.log(`${events.length} events`);
    for (const projector of projectors) {
      const mine = projector.handles ? events.filter((e) => projector.handles!(e.type)) : events;
      if (mine.length === 0) continue;
      await timed(`  ${projector.name} (${mine.length})`, async () => {
        for (let i = 0; i < mine.length; i += 2_000) await db.transaction((tx) => applyEvents(projector, mine.slice(i, i + 2_000), tx));
      });
    }
    await eventStore.close();
    await db.end();
    await adminQuery(server, `DROP DATABASE IF EXISTS ${RUN} WITH (FORCE)`);
  } finally {
    await server.stop();
  }
}

await main();
