import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { metadataFor, systemContext } from '../../app/context';
import { asPlatform } from '../../app/db/platform';
import { encodeEvent } from '../../app/eventstore/codec';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { budgetData, expenseData } from '../../test-support/finance-events';

let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;

type Notification = { id: string; title: string; isRead: boolean; type: string; priority: string; actionUrl: string | null };
const list = async (client: Client): Promise<Notification[]> => (await client.request('GET', '/api/notifications')).json();
const eventually = <T>(fn: () => Promise<T>) => vi.waitFor(fn, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Padaria Sino');
  admin = tenant.admin;
  viewer = tenant.users[0];
  other = (await seedTenant(t, 'Concorrente')).admin;
});
afterAll(async () => t.close());

describe('notifications API', () => {
  it('a new organization finds its welcome in the bell (raised by the dispatcher the server runs)', async () => {
    await eventually(async () => expect((await list(viewer)).map((n) => n.title)).toEqual(['Bem-vindo ao Fluxo!']));
    const [welcome] = await list(admin);
    expect(welcome).toMatchObject({ type: 'system', priority: 'low', isRead: false, actionUrl: '/dashboard' });
  });

  it('an expense that takes a budget past 80% raises a budget notification', async () => {
    const org = admin.organizationId!;
    const append = async (stream: string, type: string, data: Record<string, unknown>) => {
      const result = await t.deps.eventStore.append(stream, [encodeEvent({ type, data })], { expectedRevision: 'any', metadata: metadataFor(systemContext(new Date(), org)) });
      await t.deps.waitForProjections(result.position);
    };
    const budget = budgetData(org, { category: 'marketing', budgetAmount: 1000_00n });
    await append(`budget-${budget.budgetId}`, 'BudgetCreated', budget);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const expense = expenseData(org, { amount: 900_00n, date: today, category: 'marketing', description: 'Campanha de Natal' });
    await append(`expense-${expense.expenseId}`, 'ExpenseRecorded', expense);
    await eventually(async () => expect((await list(viewer)).map((n) => n.title)).toContain('Orçamento de Marketing em 90%'));
    const response = await viewer.request('GET', '/api/notifications');
    expect(response.headers['x-unread-count']).toBe('2');
    expect(response.headers['content-range']).toBe('notifications 0-1/2');
  });

  it('marks one as read for the user only, then all; a view-only user may do it', async () => {
    const [budget] = await list(viewer);
    const read = await viewer.request('PATCH', `/api/notifications/${budget.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: budget.id, isRead: true });
    expect((await list(viewer)).filter((n) => !n.isRead)).toHaveLength(1);
    expect((await list(admin)).filter((n) => !n.isRead)).toHaveLength(2);
    const all = await viewer.request('PATCH', '/api/notifications/mark-all-read');
    expect(all.json()).toEqual({ updated: 1 });
    expect((await list(viewer)).every((n) => n.isRead)).toBe(true);
    expect((await admin.request('GET', '/api/notifications?filter={"unread":true}')).json()).toHaveLength(2);
  });

  it("another tenant neither sees nor reads them (404), and the signed out get 401", async () => {
    const [welcome] = await list(admin);
    expect((await list(other)).map((n) => n.id)).not.toContain(welcome.id);
    const foreign = await other.request('PATCH', `/api/notifications/${welcome.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notificação não encontrada');
    expect((await admin.request('PATCH', '/api/notifications/not-an-id/read')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
  it('a backlog larger than one pass (450 failed bank syncs at once) is raised in full, not 200 per periodic look', async () => {
    const tenant = await seedTenant(t, 'Backlog Ltda');
    const org = tenant.admin.organizationId!;
    const connectionId = crypto.randomUUID();
    const failures = Array.from({ length: 450 }, (_, i) => encodeEvent({
      type: 'BankSyncFailed',
      data: { syncId: crypto.randomUUID(), connectionId, organizationId: org, endedAt: new Date().toISOString(), error: `Falha ${i}` },
    }));
    const result = await t.deps.eventStore.append(`bank-connection-${connectionId}`, failures, { expectedRevision: 'any', metadata: metadataFor(systemContext(new Date(), org)) });
    await t.deps.waitForProjections(result.position);
    const raised = async () => Number(await asPlatform(t.deps.db, (tx) => tx.oneFirst(sql.unsafe`
      SELECT count(*)::int FROM notifications WHERE organization_id = ${org} AND title <> 'Bem-vindo ao Fluxo!'`)));
    await vi.waitFor(async () => expect(await raised()).toBe(450), { timeout: 20_000, interval: 200 });
  });
});
