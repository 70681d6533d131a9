// Read-your-writes per session (plugins/stored-writes.ts): a write is answered once the read model
// of its own record has it, without waiting for the derived views; the same session's next read,
// wherever it goes, waits until every view has it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, settleLog, type Client, type TestApp } from '../test-support/app';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await seedTenant(t, 'Livraria Sessão', [])).admin;
  await settleLog(t);
});
afterAll(async () => t.close());

describe('read-your-writes per session', () => {
  it('answers a new expense while search is held up, and the next read of search shows it', async () => {
    // Another connection holds the search projector's table: its projector cannot apply.
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE search_documents IN ACCESS EXCLUSIVE MODE');
    let released = false;
    try {
      const created = await admin.request('POST', '/api/expenses', { description: 'Papelaria Quixote', amount: '42.00', category: 'operational', date: '2025-03-10' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ description: 'Papelaria Quixote', amount: '42.00' });

      const search = admin.request('GET', '/api/search?q=quixote');
      const early = await Promise.race([search.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 1_000))]);
      expect(early).toBe('waiting');
      await blocker.query('ROLLBACK');
      released = true;
      const found = await search;
      expect(found.statusCode).toBe(200);
      expect((found.json() as { title: string }[]).map((hit) => hit.title).join(' ')).toMatch(/Papelaria Quixote/);
    } finally {
      if (!released) await blocker.query('ROLLBACK');
      await blocker.end();
    }
  });

  it("another session's reads do not wait for this session's writes", async () => {
    const other = (await seedTenant(t, 'Livraria Vizinha', [])).admin;
    await settleLog(t);
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE search_documents IN ACCESS EXCLUSIVE MODE');
    try {
      expect((await admin.request('POST', '/api/expenses', { description: 'Cola', amount: '5.00', category: 'operational', date: '2025-03-11' })).statusCode).toBe(201);
      const started = Date.now();
      expect((await other.request('GET', '/api/expenses')).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
  });
});
