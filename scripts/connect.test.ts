// Tools run beside `npm start` find its database from the connection file it writes, and never
// trust a file left behind by a process that is gone.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseBesideTheApp, runningInstance, writeConnectionInfo } from './connect';

const saved = { ...process.env };
// Put back in place: the process's own env object stays (files sharing this process read it).
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe('the running instance’s connection file', () => {
  it('is found while its process lives, and used instead of starting a database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fluxo-connect-'));
    process.env.FLUXO_CONNECTION_FILE = join(dir, 'running.json');
    delete process.env.DATABASE_URL;
    const forget = writeConnectionInfo({ databaseUrl: 'postgres://postgres:x@127.0.0.1:6543/fluxo', eventStoreUrl: null, apiUrl: 'http://localhost:3000' });
    expect(runningInstance()).toMatchObject({ pid: process.pid, databaseUrl: 'postgres://postgres:x@127.0.0.1:6543/fluxo' });
    const database = await databaseBesideTheApp();
    expect(database.url).toBe('postgres://postgres:x@127.0.0.1:6543/fluxo');
    forget();
    expect(runningInstance()).toBeNull();
  });

  it('ignores a file whose process is gone, and DATABASE_URL wins over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fluxo-connect-'));
    process.env.FLUXO_CONNECTION_FILE = join(dir, 'running.json');
    writeFileSync(process.env.FLUXO_CONNECTION_FILE, JSON.stringify({ pid: 2 ** 22 + 12345, databaseUrl: 'postgres://gone', startedAt: '' }));
    expect(runningInstance()).toBeNull();
    writeConnectionInfo({ databaseUrl: 'postgres://running', eventStoreUrl: null, apiUrl: null });
    process.env.DATABASE_URL = 'postgres://explicit';
    expect((await databaseBesideTheApp()).url).toBe('postgres://explicit');
  });
});
