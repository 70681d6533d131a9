import { describe, expect, it } from 'vitest';
import { budgetNotification, budgetPeriodOf, importedTransactionNotification, insightNotification } from './triggers';

const ORG = '0190a000-0000-7000-8000-000000000001';

describe('insight notifications', () => {
  const insight = { insightId: 'i1', organizationId: ORG, title: 'Despesas de marketing subiram', content: 'Alta de 40%.', createdAt: '2025-02-01T02:30:00.000Z', rule: 'expense-spike' };

  it('high priority is critical; a medium warning is a warning; other insights do not notify', () => {
    expect(insightNotification({ ...insight, type: 'warning', priority: 'high' })).toMatchObject({ type: 'insight_critical', priority: 'critical', actionUrl: '/ai-insights' });
    expect(insightNotification({ ...insight, type: 'opportunity', priority: 'high' })).toMatchObject({ type: 'insight_critical', priority: 'high' });
    expect(insightNotification({ ...insight, type: 'warning', priority: 'medium' })).toMatchObject({ type: 'insight_warning', priority: 'high' });
    expect(insightNotification({ ...insight, type: 'trend', priority: 'medium' })).toBeNull();
  });

  it('the same finding in the same São Paulo month has the same key (02:30 UTC on 1 Feb is still January)', () => {
    const a = insightNotification({ ...insight, type: 'warning', priority: 'high' })!;
    const b = insightNotification({ ...insight, insightId: 'i2', type: 'warning', priority: 'high', createdAt: '2025-01-10T12:00:00.000Z' })!;
    const c = insightNotification({ ...insight, insightId: 'i3', type: 'warning', priority: 'high', createdAt: '2025-02-01T03:30:00.000Z' })!;
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(c.key);
  });
});

describe('budget notifications', () => {
  const base = { organizationId: ORG, budgetId: 'b1', categoryLabel: 'Marketing', period: 'monthly' as const, today: '2025-03-10', at: '2025-03-10T15:00:00.000Z' };

  it('notifies on crossing 80% and on crossing 100%, not while staying in a level', () => {
    const warning = budgetNotification({ ...base, before: { spent: 700_00n, budget: 1000_00n }, after: { spent: 853_00n, budget: 1000_00n } });
    expect(warning).toMatchObject({ key: 'budget:b1:2025-03:warning', title: 'Orçamento de Marketing em 85,3%', priority: 'high', type: 'system', actionUrl: '/budget' });
    expect(warning!.message).toBe('Gastos de R$ 853,00 de R$ 1.000,00 em março de 2025: o orçamento passou de 80%.');
    expect(budgetNotification({ ...base, before: { spent: 853_00n, budget: 1000_00n }, after: { spent: 900_00n, budget: 1000_00n } })).toBeNull();
    const exceeded = budgetNotification({ ...base, before: { spent: 900_00n, budget: 1000_00n }, after: { spent: 1200_00n, budget: 1000_00n } });
    expect(exceeded).toMatchObject({ key: 'budget:b1:2025-03:exceeded', title: 'Orçamento de Marketing excedido', priority: 'critical' });
    expect(exceeded!.message).toBe('Gastos de R$ 1.200,00 ultrapassaram o orçamento de R$ 1.000,00 (120%) em março de 2025.');
  });

  it('jumping past 100% notifies once, as exceeded; a new budget already above 80% notifies; going down does not', () => {
    expect(budgetNotification({ ...base, before: { spent: 0n, budget: 1000_00n }, after: { spent: 1500_00n, budget: 1000_00n } })?.key).toBe('budget:b1:2025-03:exceeded');
    expect(budgetNotification({ ...base, before: null, after: { spent: 850_00n, budget: 1000_00n } })?.key).toBe('budget:b1:2025-03:warning');
    expect(budgetNotification({ ...base, before: { spent: 1500_00n, budget: 1000_00n }, after: { spent: 100_00n, budget: 1000_00n } })).toBeNull();
  });

  it('names quarterly and yearly periods', () => {
    expect(budgetPeriodOf('quarterly', '2025-11-30')).toEqual({ key: '2025-Q4', label: '4º trimestre de 2025' });
    expect(budgetPeriodOf('yearly', '2025-11-30')).toEqual({ key: '2025', label: '2025' });
  });
});

describe('imported transaction notifications', () => {
  it('one per account and São Paulo day, only for pending ones', () => {
    const input = { organizationId: ORG, source: 'bank_sync' as const, bankName: 'Banco do Brasil', accountId: '1234', status: 'pending' as const };
    const late = importedTransactionNotification({ ...input, at: '2025-01-01T02:00:00.000Z' })!;
    const earlier = importedTransactionNotification({ ...input, at: '2024-12-31T10:00:00.000Z' })!;
    expect(late.key).toBe(earlier.key);
    expect(late).toMatchObject({ type: 'transaction', title: 'Transações importadas aguardando aprovação', actionUrl: '/bank-integration?tab=imported&status=pending' });
    expect(importedTransactionNotification({ ...input, status: 'approved', at: '2025-01-01T02:00:00.000Z' })).toBeNull();
  });
});
