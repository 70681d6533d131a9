// The server runs with the same Node flags however it is started: `npm start`, the Docker image
// and the benchmark (which measures what `npm start` runs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from './build-server.mjs';

const flags = SERVER_NODE_FLAGS as string[];

describe('server start flags', () => {
  it('npm start runs the bundle with the server flags', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start.split(' && ').at(-1)).toBe(['node', ...flags, SERVER_BUNDLE].join(' '));
  });

  it('this Node accepts every flag', () => {
    expect(execFileSync(process.execPath, [...flags, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });

  it('the Docker image runs the bundle with the same flags', () => {
    const cmd = /^CMD (.+)$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...flags, SERVER_BUNDLE]);
  });
});
