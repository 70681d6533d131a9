// Builds what `npm start` runs when it is missing or older than its sources: the UI bundle, and the
// server as one plain-JavaScript file (scripts/build-server.mjs).
// The build tools (vite and the UI libraries) are devDependencies: a fresh clone's `npm ci` has
// them; a production install (`npm ci --omit=dev`, the Docker image) serves the bundle built
// beforehand and never rebuilds it.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ensureServerBuild, newest } from './build-server.mjs';

const dist = 'ui/dist/index.html';

function viteInstalled() {
  try {
    createRequire(import.meta.url).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

const built = existsSync(dist);
if (!viteInstalled()) {
  if (!built) {
    console.warn('Interface não construída e ferramentas de build ausentes (instalação sem devDependencies): rode `npm ci && npm run build` antes de `npm ci --omit=dev`. A API sobe sem a interface.');
  }
} else {
  const sources = Math.max(newest('ui/src'), statSync('ui/index.html').mtimeMs, statSync('ui/vite.config.ts').mtimeMs);
  if (!built || statSync(dist).mtimeMs < sources) {
    console.log('Construindo a interface (vite build)…');
    execSync('npx vite build --config ui/vite.config.ts', { stdio: 'inherit' });
  }
}

await ensureServerBuild();
