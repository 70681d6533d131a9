// CPU time a process (and, for PostgreSQL, its backends) used, from /proc: on a machine shared with
// other work, CPU milliseconds per request compare two builds where requests per second cannot.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime (and, with `children`, the reaped children's) of `pid`, in ms; 0 when it is gone. */
function cpuMsOf(pid: number, children = false): number {
  try {
    // The command name (field 2) may hold spaces: the fields after it start past the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [fields[11], fields[12], fields[13], fields[14]].map(Number);
    return (utime + stime + (children ? cutime + cstime : 0)) * TICK_MS;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** The embedded bench server's postmaster (BENCH_DATA_DIR or .data/bench), or null for an external one. */
function postmasterPid(): number | null {
  if (process.env.BENCH_DATABASE_URL) return null;
  try {
    return Number(readFileSync(join(resolve(process.env.BENCH_DATA_DIR ?? '.data/bench'), 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

/** The postmaster's, its live backends' and its reaped backends' CPU time, in ms. */
function postgresCpuMs(postmaster: number): number {
  let total = cpuMsOf(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid !== postmaster && parentOf(pid) === postmaster) total += cpuMsOf(pid);
  }
  return total;
}

/** Starts counting; `per(n)` is the server's and PostgreSQL's CPU ms per each of n requests since. */
export function cpuMeter(serverPid: number) {
  const postmaster = postmasterPid();
  const server0 = cpuMsOf(serverPid);
  const pg0 = postmaster === null ? 0 : postgresCpuMs(postmaster);
  return {
    per(n: number): string {
      const server = (cpuMsOf(serverPid) - server0) / n;
      const pg = postmaster === null ? null : (postgresCpuMs(postmaster) - pg0) / n;
      return `CPU per request: server ${server.toFixed(2)} ms${pg === null ? '' : `, PostgreSQL ${pg.toFixed(2)} ms, together ${(server + pg).toFixed(2)} ms`}`;
    },
  };
}
