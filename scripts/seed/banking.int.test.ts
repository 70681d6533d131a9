import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSyncs } from '../../app/banking/sync';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { seedBanking } from './banking';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await settleSyncs();
  await t.close();
});

describe('demo bank data', () => {
  it('a sandbox connection with three syncs, decided history and a few transactions awaiting approval', async () => {
    const { organizationId, admin } = await seedTenant(t, 'Demo Banco', []);
    await seedBanking(t.deps, { organizationId, adminUserId: admin.userId, now: new Date() });
    const get = async (path: string) => (await admin.request('GET', path)).json() as Array<Record<string, unknown>>;
    const [connection, ...others] = await get('/api/bank-connections');
    expect(others).toEqual([]);
    expect(connection).toMatchObject({ bankName: 'Banco do Brasil', accountNumber: '****3456', isActive: true });
    const logs = await get('/api/sync-logs');
    expect(logs.map((l) => l.status)).toEqual(['success', 'success', 'success']);
    expect(Number(logs[2].transactionsImported)).toBeGreaterThan(50);
    const imported = await get('/api/imported-transactions');
    const byStatus = (status: string) => imported.filter((i) => i.status === status);
    expect(byStatus('pending').length).toBeGreaterThan(0);
    expect(byStatus('pending').length).toBeLessThan(20);
    expect(byStatus('approved').every((i) => /^(TARIFA|IOF|COMPRA CARTAO DEBITO)/.test(String(i.description)))).toBe(true);
    expect(byStatus('approved').length).toBeGreaterThan(0);
    expect(byStatus('rejected').length).toBeGreaterThan(20);
    const expenses = await get('/api/expenses?filter={"q":"TARIFA PACOTE"}');
    expect(expenses.length).toBeGreaterThan(0);
  });
});
