import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { demoRevenues, seedMoneyIn } from './revenues';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo money-in data', () => {
  it('spans the last 12 months with an open current month and one overdue invoice', () => {
    const revenues = demoRevenues('2025-06-10');
    const months = new Set(revenues.map((r) => r.date.slice(0, 7)));
    expect(months.size).toBe(12);
    expect([...months].sort()[0]).toBe('2024-07');
    expect(revenues.every((r) => r.date <= '2025-06-10' && r.amount > 0n)).toBe(true);
    expect(revenues.filter((r) => r.status === 'pending' && r.date < '2025-05-01')).toHaveLength(1);
    expect(new Set(revenues.map((r) => r.category))).toEqual(new Set(['products', 'subscriptions', 'services', 'consulting', 'other']));
  });

  it('records revenues, goals (one completed) and investments through the use cases', async () => {
    const { organizationId, admin } = await seedTenant(t, 'Demo Receitas', []);
    await seedMoneyIn(t.deps, { organizationId, adminUserId: admin.userId, now: new Date() });
    const count = (table: string) =>
      t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${sql.identifier([table])} WHERE organization_id = ${organizationId}`);
    expect(await count('revenues')).toBeGreaterThan(40);
    expect(await count('transactions')).toBe(await count('revenues'));
    const goals = (await admin.request('GET', '/api/financial-goals')).json();
    expect(goals).toHaveLength(4);
    expect(goals.filter((g: { status: string }) => g.status === 'completed').map((g: { name: string }) => g.name)).toEqual(['Forno de lastro novo']);
    const summary = (await admin.request('GET', '/api/investments/summary')).json();
    expect(summary.totalInvested).toBe('160000.00');
    expect(summary.nextMaturities.map((m: { label: string }) => m.label)[0]).toBe('Vence em 20 dias');
  });
});
