// /api/health says the process lives (no database); /api/ready says whether it can serve truthfully.
import { sql } from 'slonik';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { buildServer } from '../server';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { startTcpProxy } from '../../test-support/tcp-proxy';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  await seedTenant(t, 'Pronta Ltda');
});
afterAll(async () => t?.close());
// The bounds a test sets are that test's alone, even when it fails (the next file may share this process).
afterEach(() => {
  delete process.env.READY_MAX_LAG;
  delete process.env.READY_MAX_WAIT_SECONDS;
});

describe('health and readiness', () => {
  it('is live and ready when the projections are caught up', async () => {
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok', eventStore: 'postgres' });
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok', reasons: [] });
    expect(ready.json().projectors.length).toBeGreaterThan(10);
  });

  it('is not ready (503, with the reason) while an organization is degraded for a projector', async () => {
    const { organizationId } = await seedTenant(t, 'Degradada Ltda');
    await t.database.db.query(sql.unsafe`
      INSERT INTO projection_failures (projector, organization_id, position, event_id, event_type, error)
      VALUES ('expenses', ${organizationId}, 1, gen_random_uuid(), 'ExpenseRecorded', 'time zone displacement out of range')`);
    const degraded = await get('/api/ready');
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json().reasons).toContain('Projeção expenses degradada em 1 organização(ões)');
    await t.database.db.query(sql.unsafe`UPDATE projection_failures SET resolved_at = now() WHERE resolved_at IS NULL`);
    expect((await get('/api/ready')).statusCode).toBe(200);
  });

  it('is not ready while a projector trails the head beyond the bound', async () => {
    process.env.READY_MAX_LAG = '5';
    await t.runner.stop();
    await t.database.db.query(sql.unsafe`UPDATE projection_checkpoints SET position = 0 WHERE name = 'budgets'`);
    const behind = await get('/api/ready');
    expect(behind.statusCode, behind.body).toBe(503);
    expect(behind.json().reasons).toContain(`Projeção budgets está ${behind.json().projectors.find((p: { name: string }) => p.name === 'budgets').behind} eventos atrás (limite 5)`);
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('is not ready while a projector is stalled, even a few events behind', async () => {
    await t.runner.stop();
    // Every projector caught up but 'financial_goals', which has the log's last event still to apply.
    await t.database.db.query(sql.unsafe`UPDATE projection_checkpoints SET position = (SELECT max(position) FROM events)`);
    await t.database.db.query(sql.unsafe`
      UPDATE projection_checkpoints SET position = (SELECT max(position) FROM events WHERE position < (SELECT max(position) FROM events))
      WHERE name = 'financial_goals'`);
    process.env.READY_MAX_WAIT_SECONDS = '3600';
    expect((await get('/api/ready')).statusCode, 'an event waiting for less than the bound').toBe(200);
    process.env.READY_MAX_WAIT_SECONDS = '1';
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const stalled = await get('/api/ready');
    expect(stalled.statusCode, stalled.body).toBe(503);
    const goals = stalled.json().projectors.find((p: { name: string }) => p.name === 'financial_goals');
    expect(goals).toMatchObject({ behind: 1 });
    expect(goals.waitingSeconds).toBeGreaterThanOrEqual(2);
    expect(stalled.json().reasons).toEqual([`Projeção financial_goals parada: há 1 evento(s) esperando, o mais antigo há ${goals.waitingSeconds} s (limite 1 s)`]);
  });

  it('answers a pt-BR 503, not a 500, while the database is down', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(t.database.url).port || 5432) });
    const viaProxy = new URL(t.database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const db = await createDb(viaProxy.toString());
    const eventStore = createPostgresEventStore(db, viaProxy.toString());
    proxy.cut();
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
    const app = await buildServer({ db, eventStore, clock: () => new Date(), logger: silent, waitForProjections: async () => undefined }, { serveUi: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'unavailable', reasons: ['Banco de dados inacessível'] });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.com.br', password: 'senha123' } });
      expect(login.statusCode).toBe(503);
      expect(login.json().message).toBe('O serviço está temporariamente indisponível (banco de dados inacessível). Tente novamente em instantes.');
    } finally {
      await app.close();
      await db.end().catch(() => undefined);
      await proxy.close();
    }
  });
});
