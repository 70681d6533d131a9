// The words the Receitas screen shows for a revenue's category and status (spec §3).
import type { Choice } from '../../lib/choices';

export type RevenueCategory = 'services' | 'products' | 'subscriptions' | 'consulting' | 'other';
export type RevenueStatus = 'pending' | 'confirmed' | 'received' | 'cancelled';

/** A revenue as the API sends it; `amount` is a decimal string ("1234.50"). */
export interface Revenue {
  id: string;
  description: string;
  amount: string;
  category: RevenueCategory;
  status: RevenueStatus;
  date: string;
  source: 'ofx' | 'bank_sync' | null;
}

export const categoryChoices: Choice<RevenueCategory>[] = [
  { id: 'services', name: 'Serviços' },
  { id: 'products', name: 'Produtos' },
  { id: 'subscriptions', name: 'Assinaturas' },
  { id: 'consulting', name: 'Consultoria' },
  { id: 'other', name: 'Outros' },
];

export const statusChoices: Choice<RevenueStatus>[] = [
  { id: 'pending', name: 'Pendente' },
  { id: 'confirmed', name: 'Confirmada' },
  { id: 'received', name: 'Recebida' },
  { id: 'cancelled', name: 'Cancelada' },
];

export const statusColors: Record<RevenueStatus, 'warning' | 'info' | 'success' | 'default'> = {
  pending: 'warning',
  confirmed: 'info',
  received: 'success',
  cancelled: 'default',
};
