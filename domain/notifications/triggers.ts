// Which facts deserve a notification, and what it says. Each intent carries a `key` naming its
// cause; the notification id is derived from the key, so the same cause never notifies twice.
import { formatBRL, type Centavos } from '../shared/money';
import { saoPauloDate } from '../shared/dates';
import { budgetHealth, spentPercent, type BudgetHealth, type BudgetPeriod } from '../finance/budget-health';
import { monthName } from '../finance/period-range';
import type { NotificationDraft } from './notification';

export type NotificationIntent = Omit<NotificationDraft, 'notificationId'> & { key: string };

const MAX_MESSAGE = 280;
const clip = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1).trimEnd()}…` : text);

/**
 * Insights (spec: critical = priority high): a high-priority insight notifies as insight_critical
 * (priority critical when it is a warning), a medium or low warning as insight_warning. Analyses
 * re-record the same findings under new ids, so the key is the finding (rule and subject, else
 * title) per month:
 * one notification per finding per month in São Paulo.
 */
export function insightNotification(insight: {
  insightId: string; organizationId: string; type: 'opportunity' | 'trend' | 'warning' | 'recommendation';
  title: string; content: string; priority: 'low' | 'medium' | 'high'; createdAt: string; rule?: string | null; subject?: string | null;
}): NotificationIntent | null {
  const critical = insight.priority === 'high';
  if (!critical && insight.type !== 'warning') return null;
  const month = saoPauloDate(new Date(insight.createdAt)).slice(0, 7);
  return {
    key: `insight:${insight.organizationId}:${insight.rule ?? ''}:${insight.subject ?? insight.title.trim().toLowerCase()}:${month}`,
    organizationId: insight.organizationId,
    userId: null,
    type: critical ? 'insight_critical' : 'insight_warning',
    title: insight.title,
    message: clip(insight.content),
    priority: critical ? (insight.type === 'warning' ? 'critical' : 'high') : insight.priority === 'medium' ? 'high' : 'medium',
    actionUrl: '/ai-insights',
    createdAt: insight.createdAt,
  };
}

/** The key and the pt-BR wording of the budget period that contains `date`. */
export function budgetPeriodOf(period: BudgetPeriod, date: string): { key: string; label: string } {
  const year = date.slice(0, 4);
  if (period === 'yearly') return { key: year, label: year };
  if (period === 'quarterly') {
    const quarter = Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1;
    return { key: `${year}-Q${quarter}`, label: `${quarter}º trimestre de ${year}` };
  }
  return { key: date.slice(0, 7), label: monthName(date.slice(0, 7)) };
}

const rank: Record<BudgetHealth, number> = { good: 0, warning: 1, exceeded: 2 };
const percentText = (spent: Centavos, budget: Centavos) => `${String(spentPercent(spent, budget)).replace('.', ',')}%`;

/**
 * A budget crossing 80% (warning) or 100% (exceeded) in its current period, by an expense or by a
 * change of the budget itself. Jumping straight past 100% notifies once, as exceeded. The key is
 * the budget, the period and the level: at most one of each per period.
 */
export function budgetNotification(input: {
  organizationId: string; budgetId: string; categoryLabel: string; period: BudgetPeriod; today: string;
  before: { spent: Centavos; budget: Centavos } | null; after: { spent: Centavos; budget: Centavos }; at: string;
}): NotificationIntent | null {
  const from = input.before ? budgetHealth(input.before.spent, input.before.budget) : 'good';
  const to = budgetHealth(input.after.spent, input.after.budget);
  if (rank[to] <= rank[from]) return null;
  const { key, label } = budgetPeriodOf(input.period, input.today);
  const { spent, budget } = input.after;
  const exceeded = to === 'exceeded';
  return {
    key: `budget:${input.budgetId}:${key}:${to}`,
    organizationId: input.organizationId,
    userId: null,
    type: 'system',
    title: exceeded ? `Orçamento de ${input.categoryLabel} excedido` : `Orçamento de ${input.categoryLabel} em ${percentText(spent, budget)}`,
    message: exceeded
      ? `Gastos de ${formatBRL(spent)} ultrapassaram o orçamento de ${formatBRL(budget)} (${percentText(spent, budget)}) em ${label}.`
      : `Gastos de ${formatBRL(spent)} de ${formatBRL(budget)} em ${label}: o orçamento passou de 80%.`,
    priority: exceeded ? 'critical' : 'high',
    actionUrl: '/budget',
    createdAt: input.at,
  };
}

/** Imported bank transactions awaiting approval: one notification per account and day of import. */
/** The Integração Bancária screen on its 'Transações Importadas' tab, showing the pending ones. */
export const PENDING_IMPORTED_URL = '/bank-integration?tab=imported&status=pending';

export function importedTransactionNotification(input: {
  organizationId: string; source: 'ofx' | 'bank_sync'; bankName: string; accountId: string; status: 'pending' | 'approved'; at: string;
}): NotificationIntent | null {
  if (input.status !== 'pending') return null;
  return {
    key: `imported:${input.organizationId}:${input.source}:${input.bankName}:${input.accountId}:${saoPauloDate(new Date(input.at))}`,
    organizationId: input.organizationId,
    userId: null,
    type: 'transaction',
    title: 'Transações importadas aguardando aprovação',
    message: `Novas transações de ${input.bankName} aguardam a sua aprovação.`,
    priority: 'medium',
    actionUrl: PENDING_IMPORTED_URL,
    createdAt: input.at,
  };
}

export function welcomeNotification(input: { organizationId: string; name: string; at: string }): NotificationIntent {
  return {
    key: `welcome:${input.organizationId}`,
    organizationId: input.organizationId,
    userId: null,
    type: 'system',
    title: 'Bem-vindo ao Fluxo!',
    message: `A organização ${input.name} está pronta. Registre receitas e despesas para acompanhar o seu fluxo de caixa.`,
    priority: 'low',
    actionUrl: '/dashboard',
    createdAt: input.at,
  };
}

export function bankSyncFailedNotification(input: { organizationId: string; syncId: string; bankName: string | null; error: string; at: string }): NotificationIntent {
  return {
    key: `sync-failed:${input.syncId}`,
    organizationId: input.organizationId,
    userId: null,
    type: 'system',
    title: 'Falha na sincronização bancária',
    message: clip(`Não foi possível sincronizar ${input.bankName ?? 'a conta bancária'}: ${input.error}`),
    priority: 'high',
    actionUrl: '/bank-integration?tab=logs',
    createdAt: input.at,
  };
}
