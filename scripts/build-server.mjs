// The server `npm start` runs: scripts/start.ts and everything it imports from this repository,
// compiled by esbuild into one ES module, .build/fluxo.mjs; packages stay in node_modules.
// Why not run the TypeScript through tsx as the other scripts do: tsx's loader keeps a second V8
// isolate (its hooks worker) and a compile cache for the life of the process, ~45 MB of the idle
// server's memory (191 → 145 MB RSS, measured side by side on the same database), and compiles on
// every start.
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_BUNDLE = '.build/fluxo.mjs';
/**
 * Node's flags for the server, the same in `npm start`, the Dockerfile and the benchmark
 * (scripts/start-flags.test.ts checks they agree and that this Node accepts them). The live heap
 * under the bench's GET mix is ~48 MB after a full GC, yet V8's defaults let the old generation
 * fill with up to four times that in garbage before collecting it: RSS sampled after each of 8
 * rounds climbed 220 → 314 MB. A 32 MB young generation (default 16) lets a request's objects die
 * young under 16 concurrent requests instead of being promoted, and a 1.5× old-generation growing
 * factor collects sooner: 214–219 MB over the same 8 rounds, at the same req/s.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32', '--heap-growing-percent=50'];
/**
 * The server's environment, set the same way (checked by the same test). glibc raises its mmap
 * threshold to the size of the largest block freed, so after the first argon2 hash (19 MB of
 * native memory: m=19456 KiB) every later one comes from the heap arenas of the libuv threads and
 * stays resident once freed. A fixed threshold keeps such blocks mapped and returned on free: the
 * bench's memory figure on a fresh copy of the 200k history went 208 -> 174 MB idle and 221-231 ->
 * 186-195 MB under the GET mix (same run of commands, back to back).
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
const SOURCES = ['api', 'app', 'domain', 'projections', 'scripts'];

/** The latest modification time of any file under `dir` (node_modules left out). */
export function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  mkdirSync('.build', { recursive: true });
  await build({
    entryPoints: ['scripts/start.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  // Files the code reads beside itself (new URL('./data/…', import.meta.url)) move with the bundle.
  cpSync('app/identity/data', '.build/data', { recursive: true });
}

export async function ensureServerBuild() {
  const stale = !existsSync(SERVER_BUNDLE) || statSync(SERVER_BUNDLE).mtimeMs < Math.max(...SOURCES.map(newest), statSync('package-lock.json').mtimeMs);
  if (!stale) return;
  console.log('Compilando o servidor (esbuild)…');
  await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
