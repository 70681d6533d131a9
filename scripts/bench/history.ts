// A realistic multi-tenant history in the real event shapes of domain/*: organizations, users,
// categories, expenses (recurring ones too, updates and deletes), revenues, budgets, goals,
// investments and OFX imports, interleaved across tenants over two years, larger tenants busier.
import { randomUUID } from 'node:crypto';
import { v7 } from 'uuid';
import { defaultCategories } from '../../domain/finance/category';
import { budgetCategories } from '../../domain/finance/budget-categories';
import { goalCategories } from '../../domain/finance/goal';
import { investmentRisks, investmentTypes } from '../../domain/finance/investment';
import { revenueCategories } from '../../domain/finance/revenue';
import { defaultCategoryId } from '../../app/finance/categories';
import { recordedIdOf } from '../../app/banking/keys';

export type HistoryEvent = { streamId: string; type: string; data: Record<string, unknown>; organizationId: string; actorUserId: string | null; occurredAt: string };


/** Deterministic pseudo-random numbers (mulberry32): the same options give the same history. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}

const VENDORS = ['Aluguel sala comercial', 'Energia elétrica', 'Internet fibra', 'Folha de pagamento', 'Material de escritório', 'Google Ads', 'AWS', 'Contabilidade', 'Combustível', 'Manutenção', 'Licenças de software', 'Fornecedor de insumos', 'Frete', 'Vale-refeição', 'Consultoria jurídica'];
const CLIENTS = ['Projeto cliente', 'Venda de produtos', 'Assinatura mensal', 'Consultoria', 'Serviço avulso', 'Contrato anual', 'Licenciamento'];
const BANK_MEMOS = ['PIX RECEBIDO', 'PIX ENVIADO', 'PAGAMENTO BOLETO', 'TED RECEBIDA', 'TARIFA BANCARIA', 'COMPRA CARTAO', 'DEBITO AUTOMATICO'];
const RING = 400;

type Live<T> = { items: T[] };
const remember = <T>(live: Live<T>, item: T) => {
  if (live.items.length >= RING) live.items.shift();
  live.items.push(item);
};

type TenantState = {
  organizationId: string;
  adminUserId: string;
  users: { id: string; email: string }[];
  setup: HistoryEvent[];
  expenses: Live<Record<string, unknown>>;
  revenues: Live<Record<string, unknown>>;
  goals: Live<{ goalId: string; current: bigint; target: bigint }>;
  investments: Live<{ investmentId: string; amount: bigint }>;
  budgets: Set<string>;
  fitSeq: number;
};

const money = (reais: number) => (BigInt(Math.round(reais * 100))).toString();
const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** Yields `events` events over `tenants` organizations, in global order. */
export function* generateHistory(options: { tenants: number; events: number; seed?: number; end?: Date; months?: number }): Generator<HistoryEvent, void, undefined> {
  const rnd = random(options.seed ?? 20261124);
  const end = (options.end ?? new Date()).getTime();
  const start = end - (options.months ?? 24) * 30 * 86_400_000;
  const at = (i: number) => start + Math.floor(((end - start) * i) / options.events);
  // Zipf-like sizes: tenant 0 is the busiest (the API benchmarks sign in there).
  const weights = Array.from({ length: options.tenants }, (_, k) => 1 / Math.pow(k + 1, 0.8));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, k) => (cumulative[k] = sum + w / total), 0);
  const pickTenant = () => {
    const r = rnd.next();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const tenants: TenantState[] = [];
  for (let k = 0; k < options.tenants; k++) tenants.push(newTenant(k));

  function newTenant(k: number): TenantState {
    const organizationId = v7({ msecs: start + k });
    const slug = `bench-${String(k).padStart(3, '0')}`;
    const name = `Empresa Bench ${String(k).padStart(3, '0')} Ltda`;
    const users = Array.from({ length: 3 }, (_, u) => ({ id: v7({ msecs: start + k }), email: u === 0 ? `admin@${slug}.fluxo.test` : `usuario${u}@${slug}.fluxo.test` }));
    const t: TenantState = {
      organizationId, adminUserId: users[0].id, users,
      setup: [], expenses: { items: [] }, revenues: { items: [] }, goals: { items: [] }, investments: { items: [] }, budgets: new Set(), fitSeq: 0,
    };
    const when = new Date(start + k * 1000).toISOString();
    const ev = (streamId: string, type: string, data: Record<string, unknown>, actor: string | null = null): HistoryEvent =>
      ({ streamId, type, data, organizationId, actorUserId: actor, occurredAt: when });
    t.setup.push(ev(`organization-${organizationId}`, 'OrganizationRegistered', { organizationId, name, slug, createdBy: null, createdAt: when }));
    users.forEach((u, i) => t.setup.push(ev(`user-${u.id}`, 'UserRegistered', {
      userId: u.id, organizationId, username: i === 0 ? `Admin ${slug}` : `Usuário ${i} ${slug}`, email: u.email, role: i === 0 ? 'org_admin' : 'user', createdAt: when,
    })));
    for (const d of defaultCategories) {
      const categoryId = defaultCategoryId(organizationId, d.slug);
      t.setup.push(ev(`category-${categoryId}`, 'CategoryCreated', {
        categoryId, organizationId, name: d.name, slug: d.slug, type: 'expense', description: d.description, color: d.color, isActive: true, isDefault: true,
      }, users[0].id));
    }
    return t;
  }

  const pending: HistoryEvent[] = [];
  let emitted = 0;
  let setupCursor = 0;
  const setupQueue = tenants.flatMap((t) => t.setup);

  while (emitted < options.events) {
    if (pending.length === 0) {
      const instant = at(emitted);
      if (setupCursor < setupQueue.length) pending.push(setupQueue[setupCursor++]);
      else pending.push(...activity(tenants[pickTenant()], instant));
    }
    const next = pending.shift()!;
    emitted++;
    yield next;
  }

  function activity(t: TenantState, instant: number): HistoryEvent[] {
    const occurredAt = new Date(instant).toISOString();
    const actor = rnd.next() < 0.9 ? t.adminUserId : null;
    const ev = (streamId: string, type: string, data: Record<string, unknown>): HistoryEvent =>
      ({ streamId, type, data, organizationId: t.organizationId, actorUserId: actor, occurredAt });
    const date = dayOf(instant - rnd.int(0, 5) * 86_400_000);
    const organizationId = t.organizationId;
    const r = rnd.next();

    const expense = (source: Record<string, unknown> | null, expenseId = v7({ msecs: instant }), amount = money(rnd.int(50, 20_000) + rnd.next())) => {
      const recurring = source === null && rnd.next() < 0.12;
      const data = {
        expenseId, organizationId, description: source ? String(source.description) : `${rnd.pick(VENDORS)} ${date.slice(0, 7)}`, amount,
        category: rnd.pick(defaultCategories).slug, status: source ? 'completed' : rnd.pick(['pending', 'approved', 'completed', 'completed', 'completed', 'rejected']),
        date, expenseType: recurring ? 'fixed' : 'variable', isRecurring: recurring,
        recurringPeriod: recurring ? rnd.pick(['monthly', 'monthly', 'monthly', 'quarterly', 'yearly']) : null,
        recurringDuration: recurring && rnd.next() < 0.6 ? rnd.int(3, 24) : null, recurringEndDate: null, attachment: null,
        source: source ? { kind: 'ofx', importedTransactionId: String(source.importedTransactionId) } : null,
      };
      remember(t.expenses, data);
      return ev(`expense-${expenseId}`, 'ExpenseRecorded', data);
    };
    const revenue = (source: Record<string, unknown> | null, revenueId = v7({ msecs: instant }), amount = money(rnd.int(500, 50_000))) => {
      const data = {
        revenueId, organizationId, description: source ? String(source.description) : `${rnd.pick(CLIENTS)} ${rnd.int(100, 999)}`, amount,
        category: source ? 'other' : rnd.pick(revenueCategories), status: source ? 'received' : rnd.pick(['pending', 'confirmed', 'received', 'received', 'received', 'cancelled']),
        date, source: source ? { kind: 'ofx', importedTransactionId: String(source.importedTransactionId) } : null,
      };
      remember(t.revenues, data);
      return ev(`revenue-${revenueId}`, 'RevenueRecorded', data);
    };

    if (r < 0.40) return [expense(null)];
    if (r < 0.47 && t.expenses.items.length > 0) {
      const current = rnd.pick(t.expenses.items);
      const updated = { ...current, status: 'completed', amount: money(Number(current.amount) / 100 * (0.9 + rnd.next() * 0.2)) };
      Object.assign(current, updated);
      return [ev(`expense-${String(current.expenseId)}`, 'ExpenseUpdated', updated)];
    }
    if (r < 0.50 && t.expenses.items.length > 0) {
      const [gone] = t.expenses.items.splice(rnd.int(0, t.expenses.items.length - 1), 1);
      return [ev(`expense-${String(gone.expenseId)}`, 'ExpenseDeleted', { expenseId: gone.expenseId, organizationId })];
    }
    if (r < 0.72) return [revenue(null)];
    if (r < 0.75 && t.revenues.items.length > 0) {
      const current = rnd.pick(t.revenues.items);
      const updated = { ...current, status: 'received' };
      Object.assign(current, updated);
      return [ev(`revenue-${String(current.revenueId)}`, 'RevenueUpdated', updated)];
    }
    if (r < 0.90) {
      // An OFX line: the imported transaction, approved at once, and the expense or revenue it became.
      const importedTransactionId = randomUUID();
      const debit = rnd.next() < 0.65;
      const amount = money(rnd.int(10, 15_000) + rnd.next());
      const description = `${rnd.pick(BANK_MEMOS)} ${rnd.int(1000, 9999)}`;
      const kind = debit ? 'expense' : 'revenue';
      const imported = {
        importedTransactionId, organizationId, source: 'ofx', connectionId: null, bankName: 'Banco do Brasil', accountId: '12345-6', fitId: `FIT${++t.fitSeq}`,
        transactionDate: date, description, merchant: null, transactionType: debit ? 'debit' : 'credit', amount, category: debit ? 'operational' : 'other', status: 'approved',
        accountKey: `acct_${organizationId.replace(/-/g, '')}`, identityKind: 'fitid', externalId: null, bookingStatus: 'booked',
        recordedAs: { kind, id: recordedIdOf(importedTransactionId) },
      };
      const source = { importedTransactionId, description };
      return [
        ev(`importedTransaction-${importedTransactionId}`, 'TransactionImported', imported),
        debit ? expense(source, recordedIdOf(importedTransactionId), amount) : revenue(source, recordedIdOf(importedTransactionId), amount),
      ];
    }
    if (r < 0.91 && t.budgets.size < budgetCategories.length) {
      const category = budgetCategories.find((c) => !t.budgets.has(c))!;
      t.budgets.add(category);
      const budgetId = v7({ msecs: instant });
      return [ev(`budget-${budgetId}`, 'BudgetCreated', { budgetId, organizationId, category, budgetAmount: money(rnd.int(5, 80) * 1000), period: rnd.pick(['monthly', 'monthly', 'quarterly', 'yearly']) })];
    }
    if (r < 0.92) {
      const goalId = v7({ msecs: instant });
      const target = BigInt(rnd.int(10, 500)) * 100_000n;
      remember(t.goals, { goalId, current: 0n, target });
      return [ev(`financialGoal-${goalId}`, 'FinancialGoalCreated', {
        goalId, organizationId, name: `Meta ${rnd.pick(['reserva', 'expansão', 'equipamentos', 'marketing'])} ${rnd.int(1, 99)}`, category: rnd.pick(goalCategories),
        targetAmount: target.toString(), currentAmount: '0', targetDate: dayOf(instant + 365 * 86_400_000), status: 'active',
      })];
    }
    if (r < 0.94 && t.goals.items.length > 0) {
      const goal = rnd.pick(t.goals.items);
      const amount = BigInt(rnd.int(1, 50)) * 10_000n;
      goal.current += amount;
      return [ev(`financialGoal-${goal.goalId}`, 'FinancialGoalContributionAdded', { goalId: goal.goalId, organizationId, amount: amount.toString(), currentAmount: goal.current.toString() })];
    }
    if (r < 0.95) {
      const investmentId = v7({ msecs: instant });
      const amount = BigInt(rnd.int(5, 500)) * 100_000n;
      remember(t.investments, { investmentId, amount });
      return [ev(`investment-${investmentId}`, 'InvestmentCreated', {
        investmentId, organizationId, name: `${rnd.pick(['CDB', 'LCI', 'Tesouro Selic', 'Fundo DI', 'Ações'])} ${rnd.int(1, 99)}`, type: rnd.pick(investmentTypes),
        amount: amount.toString(), currentValue: null, expectedReturn: `${rnd.int(6, 15)}.${String(rnd.int(0, 99)).padStart(2, '0')}`, duration: `${rnd.int(6, 60)} meses`,
        risk: rnd.pick(investmentRisks), description: null, maturityDate: dayOf(instant + rnd.int(180, 1800) * 86_400_000),
      })];
    }
    if (r < 0.97 && t.investments.items.length > 0) {
      const investment = rnd.pick(t.investments.items);
      const value = (investment.amount * BigInt(rnd.int(95, 130))) / 100n;
      return [ev(`investment-${investment.investmentId}`, 'InvestmentValueUpdated', { investmentId: investment.investmentId, organizationId, currentValue: value.toString(), asOf: date })];
    }
    const user = rnd.pick(t.users);
    return [{ ...ev(`user-${user.id}`, 'UserLoggedIn', { userId: user.id, at: occurredAt }), actorUserId: user.id }];
  }
}
