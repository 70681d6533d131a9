// Labels, colours and types of the Integração Bancária screen.
import type { Choice } from '../../lib/choices';

export interface BankConnection {
  id: string;
  bankName: string;
  accountNumber: string;
  accountType: 'checking' | 'savings' | 'credit';
  connectionType: 'open_banking';
  syncFrequency: 'daily';
  provider: 'sandbox' | 'pluggy';
  isActive: boolean;
  lastSyncAt: string | null;
}

export interface ImportedTransaction {
  id: string;
  transactionDate: string;
  description: string;
  bankName: string;
  merchant: string | null;
  transactionType: 'credit' | 'debit';
  amount: string;
  category: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'processed';
  source: 'ofx' | 'bank_sync';
}

export interface SyncLog {
  id: string;
  bankName: string;
  status: 'running' | 'success' | 'error';
  startTime: string;
  endTime: string | null;
  transactionsImported: number | null;
  error: string | null;
}

export const accountTypeChoices: Choice<BankConnection['accountType']>[] = [
  { id: 'checking', name: 'Conta Corrente' },
  { id: 'savings', name: 'Conta Poupança' },
  { id: 'credit', name: 'Cartão de Crédito' },
];

export const importedStatusChoices: Choice<ImportedTransaction['status']>[] = [
  { id: 'pending', name: 'Pendente' },
  { id: 'approved', name: 'Aprovada' },
  { id: 'rejected', name: 'Rejeitada' },
  { id: 'processed', name: 'Processada' },
];

export const importedStatusColors: Record<ImportedTransaction['status'], 'warning' | 'success' | 'error' | 'info'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  processed: 'info',
};

/** Sync duration in seconds ('3 s'), from the log's start and end. */
export function syncDuration(log: Pick<SyncLog, 'startTime' | 'endTime'>): string {
  if (!log.endTime) return '—';
  const seconds = Math.max(0, (Date.parse(log.endTime) - Date.parse(log.startTime)) / 1000);
  return `${seconds < 10 ? seconds.toFixed(1).replace('.', ',') : Math.round(seconds)} s`;
}
