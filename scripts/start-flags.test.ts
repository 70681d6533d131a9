// The server runs with the same Node flags however it is started: `npm start`, the Docker image
// and the benchmark (which measures what `npm start` runs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types
import { SERVER_BUNDLE, SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.mjs';

const flags = SERVER_NODE_FLAGS as string[];
const env = Object.entries(SERVER_ENV as Record<string, string>).map(([name, value]) => `${name}=${value}`);

describe('server start flags', () => {
  it('npm start runs the bundle with the server flags and environment', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start.split(' && ').at(-1)).toBe([...env, 'node', ...flags, SERVER_BUNDLE].join(' '));
  });

  it('this Node accepts every flag', () => {
    expect(execFileSync(process.execPath, [...flags, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });

  it('the Docker image runs the bundle with the same flags and environment', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(JSON.parse(/^CMD (.+)$/m.exec(dockerfile)?.[1] ?? 'null')).toEqual(['node', ...flags, SERVER_BUNDLE]);
    const declared = (/^ENV (.+)$/m.exec(dockerfile)?.[1] ?? '').split(' ');
    for (const setting of env) expect(declared).toContain(setting);
  });
});
