// The words the Despesas screen shows for an expense's status, type and recurrence (spec §3, §4).
import type { Choice } from '../../lib/choices';

export type ExpenseStatus = 'pending' | 'approved' | 'completed' | 'rejected';
export type RecurringPeriod = 'monthly' | 'quarterly' | 'yearly';

export interface Expense {
  id: string;
  description: string;
  amount: string;
  category: string;
  status: ExpenseStatus;
  date: string;
  expenseType: 'fixed' | 'variable';
  isRecurring: boolean;
  recurringPeriod: RecurringPeriod | null;
  recurringDuration: number | null;
  recurringEndDate: string | null;
  attachmentUrl: string | null;
  attachmentName: string | null;
  attachmentType: string | null;
}

export const statusChoices: Choice<ExpenseStatus>[] = [
  { id: 'pending', name: 'Pendente' },
  { id: 'approved', name: 'Aprovado' },
  { id: 'completed', name: 'Concluído' },
  { id: 'rejected', name: 'Rejeitado' },
];

export const statusColors: Record<ExpenseStatus, 'warning' | 'info' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'info',
  completed: 'success',
  rejected: 'error',
};

export const expenseTypeChoices = [
  { id: 'variable', name: 'Variável' },
  { id: 'fixed', name: 'Fixa' },
];

export const periodChoices: Choice<RecurringPeriod>[] = [
  { id: 'monthly', name: 'Mensal' },
  { id: 'quarterly', name: 'Trimestral' },
  { id: 'yearly', name: 'Anual' },
];

/** Spec §5: only these attachments are accepted, else this alert. */
export const ACCEPTED_ATTACHMENTS = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
export const UNSUPPORTED_FILE_TYPE = 'Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.';
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const isSupportedFile = (file: File): boolean =>
  ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'].includes(file.type) && /\.(jpe?g|png|pdf)$/i.test(file.name);
