// CPU seconds of a measured run, beside its wall time: on a shared machine they are the steadier
// measure of the work done (wall time moves with whatever else runs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const TICKS = 100; // USER_HZ on Linux

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null when it is gone. */
function statOf(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process (with `reaped`, also its reaped children's), in seconds; 0 when it is gone. */
export function processCpuSeconds(pid: number, reaped = false): number {
  const f = statOf(pid);
  if (!f) return 0;
  // After the ')': state ppid … utime(11) stime(12) cutime(13) cstime(14).
  return (Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / TICKS;
}

/**
 * CPU seconds of the embedded server's processes so far (postmaster, its live children, and the
 * children it has reaped): with other work on the machine, CPU time is steadier than wall time.
 */
export function serverCpuSeconds(): number | null {
  if (process.env.BENCH_DATABASE_URL) return null;
  const pidFile = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let total = processCpuSeconds(postmaster, true);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) !== postmaster && Number(statOf(pid)?.[1]) === postmaster) total += processCpuSeconds(Number(pid));
  }
  return total;
}

/** Starts counting this process's and the bench server's CPU; the result gives the seconds used since. */
export function cpuMeter(): () => { node: number; server: number | null } {
  const node = process.cpuUsage();
  const server = serverCpuSeconds();
  return () => {
    const used = process.cpuUsage(node);
    const now = server === null ? null : serverCpuSeconds();
    return { node: (used.user + used.system) / 1e6, server: server === null || now === null ? null : now - server };
  };
}

/**
 * Starts counting another process's (the server under test) and the bench server's CPU; `per(n)`
 * tells each one's ms per request over n requests since: it compares two builds where requests per
 * second, on a machine shared with other work, cannot.
 */
export function requestCpuMeter(serverPid: number) {
  const server0 = processCpuSeconds(serverPid);
  const pg0 = serverCpuSeconds();
  return {
    per(n: number): string {
      const server = ((processCpuSeconds(serverPid) - server0) * 1000) / n;
      const now = pg0 === null ? null : serverCpuSeconds();
      const pg = pg0 === null || now === null ? null : ((now - pg0) * 1000) / n;
      return `CPU per request: server ${server.toFixed(2)} ms${pg === null ? '' : `, PostgreSQL ${pg.toFixed(2)} ms, together ${(server + pg).toFixed(2)} ms`}`;
    },
  };
}
