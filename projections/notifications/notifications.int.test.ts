import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { v7 } from 'uuid';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { dispatchPendingNotifications } from '../../app/notifications/dispatcher';
import { markAllNotificationsRead, markNotificationRead } from '../../app/notifications/notifications';
import { systemContext } from '../../app/context';
import { withTenant } from '../../app/db/tenant';
import { createHistory, type History } from '../../test-support/history';
import { budgetData, expenseData } from '../../test-support/finance-events';
import { listNotifications } from './queries';
import { notificationsProjector } from './notifications';
import { notificationIdOf, notificationTriggersProjector } from './triggers';
import { differences, snapshotReadModels } from '../rebuild-equality';
import { rebuildAll } from '../rebuild';

const ORG = v7();
const OTHER = v7();
const THIRD = v7();
const ANA = v7();
const BIA = v7();
const BUDGET = v7();
let h: History;
let deps: AppDeps;

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

async function settle(): Promise<number> {
  await h.catchUp();
  const raised = await dispatchPendingNotifications(deps);
  await h.catchUp();
  return raised;
}

const titles = async (organizationId = ORG, userId = ANA) =>
  (await withTenant(h.database.db, organizationId, (tx) => listNotifications(tx, organizationId, userId, { limit: 100, offset: 0 }))).rows
    .map((n) => n.title);

beforeAll(async () => {
  h = await createHistory([notificationTriggersProjector, notificationsProjector]);
  deps = { db: h.database.db, eventStore: h.eventStore, clock: () => new Date('2025-02-01T12:00:00Z'), logger: silent, waitForProjections: () => h.catchUp() };
});
afterAll(async () => h.close());

describe('notifications from a scripted history', () => {
  it('welcomes a new organization', async () => {
    await h.append(`organization-${ORG}`, 'OrganizationRegistered', { organizationId: ORG, name: 'Padaria Pão Dourado', slug: 'padaria', createdBy: null, createdAt: '2025-01-02T10:00:00.000Z' }, '2025-01-02T10:00:00.000Z');
    expect(await settle()).toBe(1);
    expect(await titles()).toEqual(['Bem-vindo ao Fluxo!']);
  });

  it('raises a budget warning at 80% and an exceeded one at 100%, once each', async () => {
    const expense = (fields: Parameters<typeof expenseData>[1], occurredAt: string) => {
      const data = expenseData(ORG, fields);
      return h.append(`expense-${data.expenseId}`, 'ExpenseRecorded', data, occurredAt).then(() => data);
    };
    await h.append(`budget-${BUDGET}`, 'BudgetCreated', budgetData(ORG, { budgetId: BUDGET, category: 'marketing', budgetAmount: 1000_00n }), '2025-01-05T12:00:00.000Z');
    await expense({ amount: 500_00n, date: '2025-01-10', category: 'marketing' }, '2025-01-10T12:00:00.000Z');
    expect(await settle()).toBe(0);
    await expense({ amount: 350_00n, date: '2025-01-20', category: 'marketing' }, '2025-01-20T12:00:00.000Z');
    // Pending spending does not count; the same expense approved later does, through its alias slug.
    const pending = await expense({ amount: 200_00n, date: '2025-01-25', category: 'publicidade', status: 'pending' }, '2025-01-25T12:00:00.000Z');
    expect(await settle()).toBe(1);
    await h.append(`expense-${pending.expenseId}`, 'ExpenseUpdated', { ...pending, status: 'approved' }, '2025-01-26T12:00:00.000Z');
    // Another rise within "exceeded" raises nothing more.
    await expense({ amount: 10_00n, date: '2025-01-27', category: 'marketing' }, '2025-01-27T12:00:00.000Z');
    expect(await settle()).toBe(1);
    expect(await titles()).toEqual(['Orçamento de Marketing excedido', 'Orçamento de Marketing em 85%', 'Bem-vindo ao Fluxo!']);
  });

  it("uses São Paulo's date for the budget period: 02:00 UTC on 1 February is still January there", async () => {
    const feb = expenseData(ORG, { amount: 900_00n, date: '2025-02-01', category: 'marketing' });
    await h.append(`expense-${feb.expenseId}`, 'ExpenseRecorded', feb, '2025-02-01T02:00:00.000Z');
    expect(await settle()).toBe(0);
    const more = expenseData(ORG, { amount: 100_00n, date: '2025-02-01', category: 'marketing' });
    await h.append(`expense-${more.expenseId}`, 'ExpenseRecorded', more, '2025-02-01T04:00:00.000Z');
    expect(await settle()).toBe(1);
    const exceeded = await h.database.db.oneFirst(sql.type(z.object({ message: z.string() }))`
      SELECT message FROM notifications WHERE id = ${notificationIdOf(`budget:${BUDGET}:2025-02:exceeded`)}`);
    expect(exceeded).toBe('Gastos de R$ 1.000,00 ultrapassaram o orçamento de R$ 1.000,00 (100%) em fevereiro de 2025.');
  });

  it('notifies imported transactions awaiting approval once per account and day, and failed syncs by bank', async () => {
    const imported = (status: 'pending' | 'approved', occurredAt: string) => {
      const id = v7();
      return h.append(`importedtransaction-${id}`, 'TransactionImported', {
        importedTransactionId: id, organizationId: ORG, source: 'bank_sync', connectionId: null, bankName: 'Banco do Brasil', accountId: '12345-6',
        fitId: null, transactionDate: '2025-02-03', description: 'PIX RECEBIDO', merchant: null, transactionType: 'credit', amount: 150_00n, category: null, status,
      }, occurredAt);
    };
    await imported('pending', '2025-02-03T12:00:00.000Z');
    await imported('pending', '2025-02-03T13:00:00.000Z');
    await imported('approved', '2025-02-04T13:00:00.000Z');
    const connectionId = v7();
    await h.append(`bankconnection-${connectionId}`, 'BankConnectionCreated', {
      connectionId, organizationId: ORG, bankName: 'Nubank', accountNumberMasked: '****1234', accountType: 'checking', connectionType: 'open_banking', syncFrequency: 'daily', provider: 'sandbox',
    }, '2025-02-04T14:00:00.000Z');
    await h.append(`bankconnection-${connectionId}`, 'BankSyncFailed', { syncId: v7(), connectionId, organizationId: ORG, endedAt: '2025-02-04T15:00:00.000Z', error: 'tempo esgotado' }, '2025-02-04T15:00:00.000Z');
    expect(await settle()).toBe(2);
    const [failed, awaiting] = await titles();
    expect([failed, awaiting]).toEqual(['Falha na sincronização bancária', 'Transações importadas aguardando aprovação']);
  });

  it('notifies critical and warning insights, once per finding and month', async () => {
    const insight = (type: string, priority: string, title: string, createdAt: string, subject: string | null = null) =>
      h.append(`insights-${ORG}`, 'InsightRecorded', {
        insightId: v7(), organizationId: ORG, type, title, content: 'Detalhes do insight.', priority, createdAt, origin: 'auto', rule: 'cash-risk', subject,
      }, createdAt);
    await insight('warning', 'high', 'Fluxo de caixa em risco', '2025-02-05T12:00:00.000Z');
    // The same finding found again (a new analysis) does not notify again in the same month.
    await insight('warning', 'high', 'Fluxo de caixa em risco', '2025-02-06T12:00:00.000Z');
    await insight('trend', 'low', 'Vendas estáveis', '2025-02-06T12:00:00.000Z');
    await insight('warning', 'medium', 'Despesas de RH subindo', '2025-02-07T12:00:00.000Z', 'hr');
    expect(await settle()).toBe(2);
    const rows = (await withTenant(h.database.db, ORG, (tx) => listNotifications(tx, ORG, ANA, { limit: 2, offset: 0 }))).rows;
    expect(rows.map((n) => [n.type, n.priority, n.title])).toEqual([
      ['insight_warning', 'high', 'Despesas de RH subindo'],
      ['insight_critical', 'critical', 'Fluxo de caixa em risco'],
    ]);
  });

  it('replaying the log (a rebuild of the outbox) or dispatching again raises nothing twice', async () => {
    const count = () => h.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM notifications`);
    const before = await count();
    expect(before).toBe(8);
    await h.runner.rebuild('notification-triggers');
    expect(await dispatchPendingNotifications(deps)).toBe(0);
    await h.runner.rebuild('notifications');
    expect(await count()).toBe(before);
    expect(await settle()).toBe(0);
  });

  it('a rebuild in pages of two events files the same outbox and keeps the same totals as following the log', async () => {
    // Small pages: each budget period's sum starts from what earlier pages left (month totals in
    // memory, recurring rules), not from the page alone.
    const before = await snapshotReadModels(h.database.db, [notificationTriggersProjector]);
    expect(before['notification-triggers.notification_outbox']).toHaveLength(8);
    await rebuildAll({ db: h.database.projectorDb, eventStore: h.eventStore, projectors: [notificationTriggersProjector], batchSize: 2 });
    expect(differences(before, await snapshotReadModels(h.database.db, [notificationTriggersProjector]))).toEqual({});
  });

  it('tracks reading per user: one read, then mark all; others are not affected', async () => {
    const context = { ...systemContext(new Date('2025-02-10T12:00:00Z'), ORG), actorUserId: ANA };
    const unread = async (userId: string) => (await withTenant(h.database.db, ORG, (tx) => listNotifications(tx, ORG, userId, { limit: 100, offset: 0 }))).unread;
    expect(await unread(ANA)).toBe(8);
    await markNotificationRead(deps, { organizationId: ORG, userId: ANA, notificationId: notificationIdOf(`welcome:${ORG}`) }, context);
    expect(await unread(ANA)).toBe(7);
    expect(await markAllNotificationsRead(deps, { organizationId: ORG, userId: ANA }, context)).toBe(7);
    expect(await unread(ANA)).toBe(0);
    expect(await markAllNotificationsRead(deps, { organizationId: ORG, userId: ANA }, context)).toBe(0);
    expect(await unread(BIA)).toBe(8);
    await expect(markNotificationRead(deps, { organizationId: OTHER, userId: ANA, notificationId: notificationIdOf(`welcome:${ORG}`) }, context)).rejects.toThrow('Notificação não encontrada');
    expect(await titles(OTHER)).toEqual([]);
  });
  it('a rebuild in one page, periods first asked after the page moved their rules, files the same outbox as following the log', async () => {
    // Held in memory, a period's sum is worked out when the fold first asks for it: the expenses
    // recorded, moved to another category and deleted earlier in the same page must count as they do live.
    const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T12:00:00.000Z`;
    const append = (stream: string, type: string, data: unknown, occurredAt: string) => h.append(stream, type, data as Record<string, unknown>, occurredAt);
    const rule = expenseData(THIRD, { amount: 300_00n, date: '2025-01-15', category: 'marketing', isRecurring: true, recurringPeriod: 'monthly' });
    await append(`expense-${rule.expenseId}`, 'ExpenseRecorded', rule, at(1));
    const oneOff = expenseData(THIRD, { amount: 200_00n, date: '2025-03-02', category: 'marketing' });
    await append(`expense-${oneOff.expenseId}`, 'ExpenseRecorded', oneOff, at(2));
    const moved = expenseData(THIRD, { amount: 400_00n, date: '2025-03-03', category: 'operational' });
    await append(`expense-${moved.expenseId}`, 'ExpenseRecorded', moved, at(3));
    await append(`expense-${moved.expenseId}`, 'ExpenseUpdated', { ...moved, category: 'marketing' }, at(4));
    await append(`budget-${v7()}`, 'BudgetCreated', budgetData(THIRD, { category: 'marketing', budgetAmount: 1000_00n, period: 'quarterly' }), at(5));
    await append(`budget-${v7()}`, 'BudgetCreated', budgetData(THIRD, { category: 'marketing', budgetAmount: 2000_00n }), at(6));
    await append(`expense-${rule.expenseId}`, 'ExpenseDeleted', { expenseId: rule.expenseId, organizationId: THIRD }, at(7));
    const big = expenseData(THIRD, { amount: 1200_00n, date: '2025-03-08', category: 'marketing' });
    await append(`expense-${big.expenseId}`, 'ExpenseRecorded', big, at(8));
    await h.catchUp();
    const live = await snapshotReadModels(h.database.db, [notificationTriggersProjector]);
    const messages = (live['notification-triggers.notification_outbox'] ?? [])
      .map((row) => JSON.parse(row) as { organization_id: string; draft: { message: string } })
      .filter((row) => row.organization_id === THIRD).map((row) => row.draft.message);
    expect(messages).toEqual(expect.arrayContaining([
      'Gastos de R$ 1.500,00 ultrapassaram o orçamento de R$ 1.000,00 (150%) em 1º trimestre de 2025.',
      'Gastos de R$ 1.800,00 de R$ 2.000,00 em março de 2025: o orçamento passou de 80%.',
    ]));
    for (const batchSize of [1_000, 3]) {
      await rebuildAll({ db: h.database.projectorDb, eventStore: h.eventStore, projectors: [notificationTriggersProjector], batchSize });
      expect(differences(live, await snapshotReadModels(h.database.db, [notificationTriggersProjector])), `pages of ${batchSize}`).toEqual({});
    }
  });
});
