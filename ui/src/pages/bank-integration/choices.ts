// Labels, colours and types of the Integração Bancária screen.
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

export const accountTypeChoices = [
  { id: 'checking', name: 'Conta Corrente' },
  { id: 'savings', name: 'Conta Poupança' },
  { id: 'credit', name: 'Cartão de Crédito' },
];

export const importedStatusChoices = [
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

/** Revenue categories (a fixed list); expense categories are the organization's own. */
export const revenueCategoryLabels: Record<string, string> = {
  services: 'Serviços',
  products: 'Produtos',
  subscriptions: 'Assinaturas',
  consulting: 'Consultoria',
  other: 'Outros',
};

export const labelOf = (choices: { id: string; name: string }[], id: string) => choices.find((c) => c.id === id)?.name ?? id;

/** Sync duration in seconds ('3 s'), from the log's start and end. */
export function syncDuration(log: Pick<SyncLog, 'startTime' | 'endTime'>): string {
  if (!log.endTime) return '—';
  const seconds = Math.max(0, (Date.parse(log.endTime) - Date.parse(log.startTime)) / 1000);
  return `${seconds < 10 ? seconds.toFixed(1).replace('.', ',') : Math.round(seconds)} s`;
}
