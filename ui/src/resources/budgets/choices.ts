// The Orçamento screen's words: the spec's nine budget categories (sent lowercase), periods, health.
import type { Choice } from '../../lib/choices';

export type BudgetHealth = 'good' | 'warning' | 'exceeded';

export interface Budget {
  id: string;
  category: string;
  budgetAmount: string;
  spentAmount: string;
  remainingAmount: string;
  percentage: number;
  health: BudgetHealth;
  period: 'monthly' | 'quarterly' | 'yearly';
  periodStart: string;
  periodEnd: string;
}

export const budgetCategoryChoices = [
  'Operacional', 'Marketing', 'Tecnologia', 'RH', 'Administrativo', 'Vendas', 'Fornecedores', 'Impostos', 'Investimento',
].map((name) => ({ id: name.toLowerCase(), name }));

export const budgetPeriodChoices = [
  { id: 'monthly', name: 'Mensal' },
  { id: 'quarterly', name: 'Trimestral' },
  { id: 'yearly', name: 'Anual' },
];

export const healthChoices: Choice<BudgetHealth>[] = [
  { id: 'good', name: 'Dentro do orçamento' },
  { id: 'warning', name: 'Atenção' },
  { id: 'exceeded', name: 'Excedido' },
];

export const healthColors: Record<BudgetHealth, 'success' | 'warning' | 'error'> = { good: 'success', warning: 'warning', exceeded: 'error' };
