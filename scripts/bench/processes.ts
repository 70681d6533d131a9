// Child processes the HTTP figures talk to: started, awaited until they answer, measured, stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
// @ts-expect-error plain JavaScript module without types
import { ensureServerBuild, SERVER_BUNDLE, SERVER_ENV, SERVER_NODE_FLAGS } from '../build-server.mjs';

export type Child = { process: ChildProcess; url: string; rssMb: () => number; stop: () => Promise<void> };

/** `ready` finds the URL in the child's output, or `probe` is polled until it answers 200. */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  ready: { fromLine: (line: string) => string | null } | { probe: string; url: string },
  { timeoutMs = 600_000, cwd }: { timeoutMs?: number; cwd?: string } = {},
): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`processo não respondeu em ${timeoutMs / 1000} s:\n${log.slice(-2000)}`)), timeoutMs);
    const onLine = (chunk: Buffer) => {
      log += chunk.toString();
      for (const line of chunk.toString().split('\n')) {
        const found = 'fromLine' in ready ? ready.fromLine(line) : null;
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    if ('probe' in ready) {
      const poll = setInterval(() => {
        fetch(ready.probe).then((r) => {
          if (r.ok) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(ready.url);
          }
        }, () => undefined);
      }, 500);
      child.once('exit', () => clearInterval(poll));
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`processo saiu (${code}):\n${log.slice(-2000)}`));
    });
  });
  return {
    process: child,
    url,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      }),
  };
}

/**
 * `npm start`'s server (the esbuild bundle, as scripts/build-server.mjs makes it, or another
 * checkout's bundle, run from that checkout) on the bench's database: the bench super admin, no demo data.
 * `nodeFlags` come after the server's own flags, so one of them given again there wins.
 */
export async function startFluxoServer(url: string, port: number, { bundle = SERVER_BUNDLE as string, nodeFlags = [] }: { bundle?: string; nodeFlags?: string[] } = {}): Promise<Child> {
  const file = resolve(bundle);
  if (file === resolve(SERVER_BUNDLE)) await ensureServerBuild();
  return startChild([...SERVER_NODE_FLAGS, ...nodeFlags, file], {
    ...SERVER_ENV, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn',
    SUPERADMIN_EMAIL: 'bench-admin@fluxo.test', SUPERADMIN_PASSWORD: 'Bench-Admin-2026', NODE_ENV: 'production',
  }, { probe: `http://127.0.0.1:${port}/api/health`, url: `http://127.0.0.1:${port}` }, { cwd: dirname(dirname(file)) });
}
