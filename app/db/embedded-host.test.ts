import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { parseDsn } from 'slonik';
import { embeddedHost } from './embedded';

describe('where clients reach the embedded PostgreSQL', () => {
  const dirs: string[] = [];
  const dataDir = (pid?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'fluxo-host-'));
    dirs.push(dir);
    if (pid !== undefined) writeFileSync(join(dir, 'postmaster.pid'), pid);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("is the server's Unix socket directory, as a URL host that node-postgres and slonik both read as that path", () => {
    const host = embeddedHost(dataDir('4928\n/work/main/.data/bench\n1795859713\n54339\n/tmp\nlocalhost\n  5398535     32802\nready   \n'));
    expect(host).toBe('%2Ftmp');
    const url = `postgres://postgres:senha@${host}:54339/fluxo`;
    const client = new pg.Client({ connectionString: url });
    expect({ host: client.host, port: client.port, database: client.database, user: client.user }).toEqual({ host: '/tmp', port: 54339, database: 'fluxo', user: 'postgres' });
    expect(parseDsn(url)).toMatchObject({ host: '/tmp', port: 54339, databaseName: 'fluxo', username: 'postgres', password: 'senha' });
  });

  it('is 127.0.0.1 when no server runs there or it listens on no socket', () => {
    expect(embeddedHost(dataDir())).toBe('127.0.0.1');
    expect(embeddedHost(dataDir('4928\n/dados\n1795859713\n54339\n\nlocalhost\n'))).toBe('127.0.0.1');
  });
});
