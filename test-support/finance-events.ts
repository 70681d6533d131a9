// Event data builders for projection tests, shaped exactly as docs/EVENTS.md fixes them.
import { v7 } from 'uuid';

export const expenseData = (organizationId: string, fields: {
  expenseId?: string; description?: string; amount: bigint; category?: string; status?: 'pending' | 'approved' | 'completed' | 'rejected'; date: string;
  isRecurring?: boolean; recurringPeriod?: 'monthly' | 'quarterly' | 'yearly' | null; recurringDuration?: number | null; recurringEndDate?: string | null;
}) => ({
  expenseId: fields.expenseId ?? v7(),
  organizationId,
  description: fields.description ?? 'Despesa',
  amount: fields.amount,
  category: fields.category ?? 'operational',
  status: fields.status ?? 'approved',
  date: fields.date,
  expenseType: 'variable',
  isRecurring: fields.isRecurring ?? false,
  recurringPeriod: fields.recurringPeriod ?? null,
  recurringDuration: fields.recurringDuration ?? null,
  recurringEndDate: fields.recurringEndDate ?? null,
  attachment: null,
  source: null,
});

export const revenueData = (organizationId: string, fields: {
  revenueId?: string; description?: string; amount: bigint; category?: 'services' | 'products' | 'subscriptions' | 'consulting' | 'other';
  status?: 'pending' | 'confirmed' | 'received' | 'cancelled'; date: string;
}) => ({
  revenueId: fields.revenueId ?? v7(),
  organizationId,
  description: fields.description ?? 'Receita',
  amount: fields.amount,
  category: fields.category ?? 'services',
  status: fields.status ?? 'received',
  date: fields.date,
  source: null,
});

export const budgetData = (organizationId: string, fields: { budgetId?: string; category: string; budgetAmount: bigint; period?: 'monthly' | 'quarterly' | 'yearly' }) => ({
  budgetId: fields.budgetId ?? v7(),
  organizationId,
  category: fields.category,
  budgetAmount: fields.budgetAmount,
  period: fields.period ?? 'monthly',
});

export const categoryData = (organizationId: string, fields: { categoryId?: string; name: string; slug: string; color?: string }) => ({
  categoryId: fields.categoryId ?? v7(),
  organizationId,
  name: fields.name,
  slug: fields.slug,
  type: 'expense',
  description: null,
  color: fields.color ?? '#6366f1',
  isActive: true,
  isDefault: false,
});

export const goalData = (organizationId: string, fields: { goalId?: string; name: string; category?: string; targetAmount: bigint; currentAmount?: bigint; targetDate?: string | null }) => ({
  goalId: fields.goalId ?? v7(),
  organizationId,
  name: fields.name,
  category: fields.category ?? 'revenue',
  targetAmount: fields.targetAmount,
  currentAmount: fields.currentAmount ?? 0n,
  targetDate: fields.targetDate ?? null,
  status: 'active',
});
