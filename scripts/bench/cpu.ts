// CPU seconds of a measured run, beside its wall time: on a shared machine they are the steadier
// measure of the work done (wall time moves with whatever else runs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * CPU seconds of the embedded server's processes so far (postmaster, its live children, and the
 * children it has reaped): with other work on the machine, CPU time is steadier than wall time.
 */
export function serverCpuSeconds(): number | null {
  if (process.env.BENCH_DATABASE_URL) return null;
  const pidFile = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const ticks = 100; // USER_HZ on Linux
  const fields = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      return null;
    }
  };
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const f = fields(pid);
    if (!f) continue;
    // After the ')': state ppid … utime(11) stime(12) cutime(13) cstime(14).
    if (Number(pid) === postmaster) total += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    else if (Number(f[1]) === postmaster) total += Number(f[11]) + Number(f[12]);
  }
  return total / ticks;
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
