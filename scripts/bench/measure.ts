// What every figure carries: its value, the load average when it was taken, and what limits it.
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import pg from 'pg';

export type Figure = {
  id: string;
  name: string;
  value: number | null;
  unit: string;
  /** The reference measured in the same run (raw PostgreSQL, Emmett, a one-SELECT route). */
  reference?: { name: string; value: number | null };
  peer?: { name: string; value: number | null };
  target: string;
  /** Whether the target is met, when the target can be read as one. */
  meets?: boolean | null;
  detail: string;
  limit: string;
  load: string;
};

export const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');

export async function forDuration(seconds: number, step: () => Promise<number>): Promise<{ count: number; seconds: number }> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let count = 0;
  while (performance.now() < until) count += await step();
  return { count, seconds: (performance.now() - started) / 1000 };
}

export async function concurrently(writers: number, seconds: number, step: (writer: number) => Promise<number>): Promise<number> {
  const started = performance.now();
  const counts = await Promise.all(Array.from({ length: writers }, (_, w) => forDuration(seconds, () => step(w))));
  return counts.reduce((sum, c) => sum + c.count, 0) / ((performance.now() - started) / 1000);
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

/** Where a CPU profile spent its own time, by function: the top few with their share. */
export function summarizeProfile(profile: Profile, top = 3): string {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas?.[i] ?? 0;
    if (!node) return;
    total += dt;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const where = url ? `${basename(url.split('?')[0])}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where ? ` (${where})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const idle = (profile.samples ?? []).reduce((sum, id, i) => (byId.get(id)?.callFrame.functionName === '(idle)' ? sum + (profile.timeDeltas?.[i] ?? 0) : sum), 0);
  const ranked = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const share = (v: number) => `${((v / Math.max(total, 1)) * 100).toFixed(0)}%`;
  return `Node CPU ${share(total - idle)} busy; top self time: ${ranked.map(([k, v]) => `${k} ${share(v)}`).join(', ')}`;
}

/** Profiles this process while `fn` runs (the bench's own side of a figure: store client, rebuild). */
export async function profiled<T>(fn: () => Promise<T>): Promise<{ value: T; profile: string }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    const value = await fn();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    return { value, profile: summarizeProfile(profile) };
  } finally {
    session.disconnect();
  }
}

export type Statement = { calls: number; rows: number; totalMs: number; meanMs: number; query: string };

/** pg_stat_statements of one database: reset before a figure, read after it. */
export function statements(connectionString: string) {
  const run = async <R extends pg.QueryResultRow>(text: string): Promise<R[]> => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };
  /** This database's statements, costliest (`time`) or most called (`calls`) first; null without pg_stat_statements. */
  const top = async (by: 'time' | 'calls', limit?: number): Promise<Statement[] | null> => {
    const rows = await run<{ calls: string; rows: string; total: number; mean: number; query: string }>(`
      SELECT s.calls::text, s.rows::text, s.total_exec_time AS total, s.mean_exec_time AS mean, regexp_replace(s.query, '\\s+', ' ', 'g') AS query
      FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = current_database() AND s.query NOT ILIKE '%pg_stat_statements%'
      ORDER BY ${by === 'time' ? 's.total_exec_time' : 's.calls'} DESC${limit === undefined ? '' : ` LIMIT ${limit}`}`).catch(() => null);
    return rows && rows.map((r) => ({ calls: Number(r.calls), rows: Number(r.rows), totalMs: r.total, meanMs: r.mean, query: r.query }));
  };
  return {
    async reset(): Promise<void> {
      await run('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').catch(() => undefined);
      await run('SELECT pg_stat_statements_reset()').catch(() => undefined);
    },
    top,
    /** Statements per unit of work and the costliest ones, in one line. */
    async summary(units: number, unit: string): Promise<string> {
      const rows = await top('time');
      if (!rows) return 'pg_stat_statements indisponível neste servidor';
      const calls = rows.reduce((n, r) => n + r.calls, 0);
      const time = rows.reduce((n, r) => n + r.totalMs, 0);
      const costliest = rows.slice(0, 2).map((r) => `${r.query.slice(0, 70)}… ${((r.totalMs / Math.max(time, 1)) * 100).toFixed(0)}%`);
      return `${(calls / Math.max(units, 1)).toFixed(1)} SQL statements per ${unit}, ${(time / Math.max(units, 1)).toFixed(2)} ms SQL per ${unit}; top: ${costliest.join(' | ')}`;
    },
  };
}
