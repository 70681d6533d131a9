// Builds the UI bundle before `npm start` serves it, when it is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = 'ui/dist/index.html';
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}
const sources = Math.max(newest('ui/src'), statSync('ui/index.html').mtimeMs, statSync('ui/vite.config.ts').mtimeMs);
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Construindo a interface (vite build)…');
  execSync('npx vite build --config ui/vite.config.ts', { stdio: 'inherit' });
}
