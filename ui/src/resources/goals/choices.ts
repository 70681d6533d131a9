// The words and colours of the Metas Financeiras screen (spec §3).
import { labelOf, type Choice } from '../../lib/choices';

export type GoalCategory = 'revenue' | 'cost_reduction' | 'emergency_fund' | 'investment' | 'expansion' | 'debt_reduction';

/** A goal as the API sends it: amounts are decimal strings, progress the rounded percent (spec §4). */
export interface Goal {
  id: string;
  name: string;
  category: GoalCategory;
  targetAmount: string;
  currentAmount: string;
  remainingAmount: string;
  progress: number;
  targetDate: string | null;
  status: 'active' | 'completed';
}

export const categoryChoices: Choice<GoalCategory>[] = [
  { id: 'revenue', name: 'Receita' },
  { id: 'cost_reduction', name: 'Redução de Custos' },
  { id: 'emergency_fund', name: 'Fundo de Emergência' },
  { id: 'investment', name: 'Investimento' },
  { id: 'expansion', name: 'Expansão' },
  { id: 'debt_reduction', name: 'Redução de Dívidas' },
];

export const categoryColors: Record<GoalCategory, string> = {
  revenue: '#16a34a',
  cost_reduction: '#2563eb',
  emergency_fund: '#dc2626',
  investment: '#7c3aed',
  expansion: '#ea580c',
  debt_reduction: '#0891b2',
};

export const statusChoices = [
  { id: 'active', name: 'Em Progresso' },
  { id: 'completed', name: 'Concluída' },
];

export const categoryName = (id: string): string => labelOf(categoryChoices, id);

/** Spec §9: the bar stops at 100 even when a goal is exceeded. */
export const barValue = (progress: number): number => Math.min(Math.max(progress, 0), 100);

/** Spec §4: a goal is reached at 100% or more. */
export const isReached = (goal: Pick<Goal, 'progress'>): boolean => goal.progress >= 100;
