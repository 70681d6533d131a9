// How the audit trail reads in Portuguese: event names, field names, and each value shown the way
// the rest of Fluxo shows it (R$ from centavos, dates pt-BR, instants in São Paulo, choices by name).
import { labelOf, type Choice } from '../../lib/choices';
import { formatCurrency, formatDate, formatDateTime } from '../../lib/format';
import { statusChoices as expenseStatusChoices, expenseTypeChoices, periodChoices } from '../../resources/expenses/choices';
import { categoryChoices as revenueCategoryChoices, statusChoices as revenueStatusChoices } from '../../resources/revenues/choices';
import { budgetPeriodChoices } from '../../resources/budgets/choices';

export const eventTypeLabels: Record<string, string> = {
  OrganizationRegistered: 'Organização cadastrada',
  OrganizationUpdated: 'Organização atualizada',
  OrganizationStatusChanged: 'Situação da organização alterada',
  OrganizationDeleted: 'Organização excluída',
  UserRegistered: 'Usuário criado',
  UserProfileUpdated: 'Perfil do usuário atualizado',
  UserRoleChanged: 'Perfil de acesso alterado',
  UserPasswordChanged: 'Senha alterada',
  UserLoggedIn: 'Login realizado',
  UserDeleted: 'Usuário excluído',
  ImpersonationStarted: 'Acesso do suporte iniciado',
  ImpersonationEnded: 'Acesso do suporte encerrado',
  ImpersonatedRequestRecorded: 'Requisição do suporte registrada',
  ExpenseRecorded: 'Despesa registrada',
  ExpenseUpdated: 'Despesa alterada',
  ExpenseDeleted: 'Despesa excluída',
  RevenueRecorded: 'Receita registrada',
  RevenueUpdated: 'Receita alterada',
  RevenueDeleted: 'Receita excluída',
  BudgetCreated: 'Orçamento criado',
  BudgetUpdated: 'Orçamento alterado',
  BudgetDeleted: 'Orçamento excluído',
  FinancialGoalCreated: 'Meta criada',
  FinancialGoalUpdated: 'Meta alterada',
  FinancialGoalContributionAdded: 'Aporte registrado na meta',
  FinancialGoalCompleted: 'Meta concluída',
  FinancialGoalDeleted: 'Meta excluída',
  InvestmentCreated: 'Investimento criado',
  InvestmentUpdated: 'Investimento alterado',
  InvestmentValueUpdated: 'Valor atual do investimento atualizado',
  InvestmentDeleted: 'Investimento excluído',
  CategoryCreated: 'Categoria criada',
  CategoryUpdated: 'Categoria alterada',
  CategoryDeleted: 'Categoria excluída',
  BankConnectionCreated: 'Conexão bancária criada',
  BankConnectionDeactivated: 'Conexão bancária desativada',
  BankSyncStarted: 'Sincronização bancária iniciada',
  BankSyncCompleted: 'Sincronização bancária concluída',
  BankSyncFailed: 'Sincronização bancária com falha',
  TransactionImported: 'Transação importada',
  ImportedTransactionBooked: 'Transação importada lançada',
  ImportedTransactionApproved: 'Transação importada aprovada',
  ImportedTransactionRejected: 'Transação importada rejeitada',
  NotificationRaised: 'Notificação criada',
  NotificationRead: 'Notificação lida',
  AllNotificationsRead: 'Todas as notificações marcadas como lidas',
  InsightRecorded: 'Insight registrado',
  InsightsCleared: 'Insights limpos',
};

/** 'ExpenseRecorded' → 'Despesa registrada'; an unknown type is split into words rather than shown raw. */
export const eventTypeLabel = (type: string): string => eventTypeLabels[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');

export const eventTypeChoices: Choice[] = Object.entries(eventTypeLabels)
  .map(([id, name]) => ({ id, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

/** Which kind of record a stream holds (`expense-…` → 'Despesa'). */
export const streamLabels: Record<string, string> = {
  expense: 'Despesa', revenue: 'Receita', budget: 'Orçamento', goal: 'Meta', investment: 'Investimento', category: 'Categoria',
  user: 'Usuário', organization: 'Organização', impersonation: 'Acesso do suporte', impersonationtrail: 'Trilha do suporte',
  bankConnection: 'Conexão bancária', importedTransaction: 'Transação importada', notification: 'Notificação',
  notificationinbox: 'Caixa de notificações', insights: 'Insights',
};

export const streamChoices: Choice[] = ['expense', 'revenue', 'budget', 'goal', 'investment', 'category', 'user', 'organization', 'impersonation', 'impersonationtrail', 'bankConnection', 'importedTransaction']
  .map((id) => ({ id, name: streamLabels[id] }));

export const streamLabel = (streamId: string): string => streamLabels[streamId.slice(0, streamId.indexOf('-'))] ?? 'Registro';

const fieldLabels: Record<string, string> = {
  description: 'Descrição', amount: 'Valor', category: 'Categoria', status: 'Situação', date: 'Data', expenseType: 'Tipo de despesa',
  isRecurring: 'Recorrente', recurringPeriod: 'Periodicidade', recurringDuration: 'Duração (ocorrências)', recurringEndDate: 'Data final da recorrência',
  attachment: 'Anexo', source: 'Origem', name: 'Nome', title: 'Título', targetAmount: 'Valor alvo', currentAmount: 'Valor atual',
  targetDate: 'Data alvo', budgetAmount: 'Valor do orçamento', period: 'Período', startDate: 'Início', endDate: 'Fim',
  currentValue: 'Valor atual', expectedReturn: 'Retorno esperado (%)', duration: 'Prazo', risk: 'Risco', maturityDate: 'Vencimento',
  type: 'Tipo', asOf: 'Data de referência', username: 'Nome de usuário', email: 'Email', role: 'Perfil', auditAccess: 'Acesso de auditor',
  validFrom: 'Válido de', validUntil: 'Válido até', slug: 'Slug', reason: 'Motivo', createdAt: 'Criado em', deletedAt: 'Excluído em',
  startedAt: 'Início', expiresAt: 'Expira em', endedAt: 'Fim', completedAt: 'Concluída em', at: 'Horário', method: 'Método',
  path: 'Caminho', query: 'Parâmetros', body: 'Conteúdo enviado', durationMs: 'Duração (ms)', ip: 'IP', userAgent: 'Navegador',
  color: 'Cor', isDefault: 'Padrão', isActive: 'Ativa', bankName: 'Banco', accountType: 'Tipo de conta', accountNumberMasked: 'Conta',
  transactionDate: 'Data da transação', merchant: 'Estabelecimento', transactionType: 'Tipo de transação', message: 'Mensagem',
  priority: 'Prioridade', transactionsImported: 'Transações importadas', error: 'Erro', method_: 'Forma', changedBy: 'Alterada por',
  situacao: 'Situação do registro', size: 'Tamanho (bytes)', notes: 'Observações', paymentMethod: 'Forma de pagamento', client: 'Cliente', vendor: 'Fornecedor',
};

/** Identifiers, hashes and tenant ids: true to the record, of no help to a reader. */
const hiddenFields = new Set([
  'organizationId', 'expenseId', 'revenueId', 'budgetId', 'goalId', 'investmentId', 'categoryId', 'userId', 'impersonationSessionId',
  'superAdminId', 'requestId', 'notificationId', 'insightId', 'importedTransactionId', 'connectionId', 'syncId', 'id', 'sha256',
  'avatarRef', 'kind', 'insightIds', 'fitId', 'externalId', 'accountKey', 'accountId', 'providerItemId', 'bookedIdentityId', 'identityKind', 'upTo',
]);

const moneyFields = new Set(['amount', 'targetAmount', 'currentAmount', 'budgetAmount', 'currentValue', 'initialAmount']);
const instantFields = new Set(['createdAt', 'deletedAt', 'startedAt', 'expiresAt', 'endedAt', 'completedAt', 'at', 'occurredAt']);

const roleNames: Record<string, string> = { org_admin: 'Administrador', user: 'Usuário', super_admin: 'Super Admin', auditor: 'Auditor' };
const statusNames: Record<string, string> = {
  ...Object.fromEntries([...expenseStatusChoices, ...revenueStatusChoices].map((c) => [c.id, c.name])),
  active: 'Ativa', inactive: 'Inativa', suspended: 'Suspensa', completed: 'Concluída',
};
const passwordChangeMethods: Record<string, string> = { self: 'Pelo próprio usuário', reset: 'Redefinida por um administrador', email_link: 'Link de redefinição (Esqueci minha senha)' };
const endReasons: Record<string, string> = { stopped: 'Encerrado pelo suporte', expired: 'Expirou', removed: 'Removido', organization_deleted: 'Organização excluída' };

/** Centavos as the events keep them ('123456' or 123456) → 'R$ 1.234,56'. */
export const formatCentavos = (value: unknown): string => {
  const text = String(value ?? '0');
  if (!/^-?\d+$/.test(text)) return text;
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(3, '0');
  return formatCurrency(`${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`);
};

/** One value, readable: money, dates, yes/no, known choices; nested objects become 'campo: valor' lists. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (moneyFields.has(field)) return formatCentavos(value);
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') {
    if (instantFields.has(field) || /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
    if (field === 'role') return roleNames[value] ?? value;
    if (field === 'status') return statusNames[value] ?? value;
    if (field === 'reason') return endReasons[value] ?? value;
    if (field === 'method') return passwordChangeMethods[value] ?? value;
    if (field === 'expenseType') return labelOf(expenseTypeChoices, value);
    if (field === 'recurringPeriod') return labelOf(periodChoices, value);
    if (field === 'period') return labelOf(budgetPeriodChoices, value);
    if (field === 'category') return labelOf(revenueCategoryChoices, value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => formatValue(field, item)).join(', ');
  if (typeof value === 'object') {
    return readableFields(value as Record<string, unknown>).map((f) => `${f.label}: ${f.value}`).join('; ') || '—';
  }
  return String(value);
}

export type ReadableField = { field: string; label: string; value: string };

/** An event's data (or a record's state) as a list of labelled values, identifiers left out. */
export function readableFields(data: Record<string, unknown> | null | undefined): ReadableField[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data)
    .filter(([field]) => !hiddenFields.has(field))
    .map(([field, value]) => ({ field, label: fieldLabels[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), value: formatValue(field, value) }));
}

/** The fields whose values differ between two states (what an event changed). */
export function changedFields(before: unknown, after: unknown): Set<string> {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const changed = new Set<string>();
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changed.add(key);
  }
  return changed;
}
