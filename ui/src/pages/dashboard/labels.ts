// pt-BR words the dashboard shows for API values (spec §3 and §4).
import type { Insight, Transaction } from './api';

export const insightTypeLabels: Record<Insight['type'], string> = {
  opportunity: 'Oportunidade',
  trend: 'Tendência',
  warning: 'Alerta',
  recommendation: 'Recomendação',
};

export const priorityLabels: Record<string, string> = { low: 'Baixa', medium: 'Média', high: 'Alta', critical: 'Crítica' };

export const statusLabels: Record<string, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  completed: 'Concluído',
  rejected: 'Rejeitado',
  confirmed: 'Confirmada',
  received: 'Recebida',
  cancelled: 'Cancelada',
};

export const typeLabels: Record<Transaction['type'], string> = { income: 'Receita', expense: 'Despesa' };

export const goalCategoryLabels: Record<string, string> = {
  revenue: 'Receita',
  cost_reduction: 'Redução de Custos',
  emergency_fund: 'Fundo de Emergência',
  investment: 'Investimento',
  expansion: 'Expansão',
  debt_reduction: 'Redução de Dívidas',
};
