// Demo data of the money-out side: a bakery's expenses over the last 12 months (rent, payroll,
// suppliers, utilities, DAS…), a few recurring ones, two receipts attached, and this month's
// budgets — one in warning, one exceeded — recorded through the same use cases the API uses.
import { systemContext } from '../../app/context';
import type { AppDeps } from '../../app/deps';
import { createBudget } from '../../app/finance/budgets';
import { createCategory } from '../../app/finance/categories';
import { recordExpense, type ExpenseInput } from '../../app/finance/expenses';
import type { BudgetCategory } from '../../domain/finance/budget-categories';
import { budgetCategoryOf } from '../../domain/finance/budget-categories';
import { occurrencesBetween } from '../../domain/finance/recurrence';
import { addDays, addMonths, saoPauloDate } from '../../domain/shared/dates';
import type { DemoSeedStep } from './demo';

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const reais = (value: number) => BigInt(Math.round(value * 100));
const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/**
 * The demo's own category, besides the nine defaults every organization gets (Fornecedores and
 * Impostos among them: a second category of the same name showed twice in every list and chart).
 */
export const DEMO_CATEGORIES = [
  { name: 'Embalagens', color: '#0d9488', description: 'Sacos de papel, caixas de bolo e etiquetas' },
];

export type DemoExpense = ExpenseInput & { receipt?: string[] };

/** Twelve months of a bakery's spending; the current month is still open (some bills pending). */
export function demoExpenses(today: string): DemoExpense[] {
  const first = addMonths(monthStart(today), -11);
  const expenses: DemoExpense[] = [
    { description: 'Aluguel do escritório e da loja', amount: reais(8_500), category: 'administrative', date: addDays(first, 4), expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly', status: 'approved' },
    { description: 'Salários da equipe (8 funcionários)', amount: reais(24_600), category: 'hr', date: addDays(first, 4), expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly', status: 'approved' },
    { description: 'Internet fibra 500 Mb e telefone fixo', amount: reais(249.9), category: 'technology', date: addDays(first, 9), expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly', status: 'approved' },
    { description: 'Sistema de PDV e emissão de NFC-e', amount: reais(189), category: 'technology', date: addDays(first, 14), expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 24, status: 'approved' },
    { description: 'Honorários do escritório de contabilidade', amount: reais(950), category: 'administrative', date: addDays(first, 9), expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly', recurringEndDate: addMonths(first, 23), status: 'approved' },
    { description: 'Seguro empresarial da loja', amount: reais(3_480), category: 'administrative', date: addDays(first, 19), expenseType: 'fixed', isRecurring: true, recurringPeriod: 'yearly', recurringDuration: 3, status: 'completed' },
  ];
  for (let back = 11; back >= 0; back--) {
    const start = addMonths(monthStart(today), -back);
    const name = MONTHS[Number(start.slice(5, 7)) - 1];
    const current = back === 0;
    // In the open month only the days gone by have bills.
    const day = (d: number) => (current ? (addDays(start, d - 1) <= today ? addDays(start, d - 1) : today) : addDays(start, d - 1));
    const paid = current ? 'approved' : 'completed';
    const summer = [12, 1, 2].includes(Number(start.slice(5, 7))) ? 1.18 : 1;
    expenses.push(
      { description: `Energia elétrica — ${name}`, amount: reais(2_780 * summer + (back % 4) * 96.35), category: 'operational', date: day(12), expenseType: 'variable', status: paid },
      { description: `Água e esgoto — ${name}`, amount: reais(418.6 + (back % 3) * 22.4), category: 'operational', date: day(15), expenseType: 'variable', status: paid },
      { description: `Gás GLP para os fornos — ${name}`, amount: reais(1_360 + (back % 5) * 48), category: 'operational', date: day(8), expenseType: 'variable', status: paid },
      { description: 'Café e lanches da equipe', amount: reais(312.4 + (back % 4) * 27.9), category: 'operational', date: day(20), expenseType: 'variable', status: paid },
      { description: `Farinha de trigo — Moinho Santa Clara (${name})`, amount: reais(7_480 + (back % 6) * 215), category: 'suppliers', date: day(3), expenseType: 'variable', status: paid },
      { description: `Laticínios e ovos — Laticínios Serra Verde (${name})`, amount: reais(3_150 + (back % 3) * 180.5), category: 'suppliers', date: day(10), expenseType: 'variable', status: current ? 'pending' : 'completed' },
      { description: `Embalagens e sacos de papel (${name})`, amount: reais(640 + (back % 2) * 95), category: 'embalagens', date: day(6), expenseType: 'variable', status: paid },
      { description: `Simples Nacional — DAS de ${MONTHS[(Number(start.slice(5, 7)) + 10) % 12]}`, amount: reais(3_420 + (11 - back) * 38.7), category: 'taxes', date: day(20), expenseType: 'variable', status: current ? 'pending' : 'completed' },
      { description: `Anúncios no Instagram e Google — ${name}`, amount: reais(current ? 1_150 : 620 + (back % 4) * 85), category: 'marketing', date: day(2), expenseType: 'variable', status: paid },
    );
    if (back % 4 === 2) {
      expenses.push({ description: 'Manutenção preventiva do forno de lastro', amount: reais(1_850), category: 'operational', date: day(17), expenseType: 'variable', status: 'completed',
        receipt: ['Refrigeração & Fornos Paulista Ltda', 'CNPJ 12.345.678/0001-90', `Nota de serviço — ${name}`, 'Manutenção preventiva do forno de lastro', 'Total: R$ 1.850,00'] });
    }
  }
  expenses.push(
    { description: 'Panfletos e cardápios impressos — Gráfica Rápida', amount: reais(480), category: 'marketing', date: addDays(today, -40), expenseType: 'variable', status: 'completed',
      receipt: ['Gráfica Rápida Ltda', 'Recibo nº 2291', '2.000 panfletos A5 coloridos', 'Total: R$ 480,00'] },
    { description: 'Cobrança em duplicidade — Moinho Santa Clara', amount: reais(7_480), category: 'suppliers', date: addDays(today, -25), expenseType: 'variable', status: 'rejected' },
    { description: 'Uniformes e aventais novos', amount: reais(1_290), category: 'hr', date: addDays(today, -55), expenseType: 'variable', status: 'completed' },
  );
  return expenses;
}

/** What the demo's expenses cost this month per budget category (recurring occurrences included). */
export function spentThisMonth(expenses: DemoExpense[], today: string): Map<BudgetCategory, bigint> {
  const month = today.slice(0, 7);
  const spent = new Map<BudgetCategory, bigint>();
  for (const e of expenses) {
    const category = budgetCategoryOf(e.category);
    if (!category || !['approved', 'completed'].includes(e.status ?? 'approved')) continue;
    const recurrence = { date: e.date, isRecurring: e.isRecurring ?? false, recurringPeriod: e.recurringPeriod ?? null, recurringDuration: e.recurringDuration ?? null, recurringEndDate: e.recurringEndDate ?? null };
    const n = BigInt(occurrencesBetween(recurrence, `${month}-01`, `${month}-31`).length);
    spent.set(category, (spent.get(category) ?? 0n) + e.amount * n);
  }
  return spent;
}

/** Budgets sized against this month's spending: operacional in warning (~86%), marketing exceeded. */
export function demoBudgets(spent: Map<BudgetCategory, bigint>): { category: BudgetCategory; budgetAmount: bigint; period: 'monthly' | 'quarterly' | 'yearly' }[] {
  const round = (value: bigint, step: bigint, up: boolean) => ((value + (up ? step - 1n : 0n)) / step) * step;
  const operational = spent.get('operacional') ?? 0n;
  const marketing = spent.get('marketing') ?? 0n;
  let warning = round((operational * 100n) / 86n, 5_000n, true);
  if (warning * 80n > operational * 100n) warning = (operational * 100n) / 86n;
  const exceeded = round((marketing * 100n) / 115n, 5_000n, false) || 1_00n;
  return [
    { category: 'operacional', budgetAmount: warning, period: 'monthly' },
    { category: 'marketing', budgetAmount: exceeded, period: 'monthly' },
    { category: 'rh', budgetAmount: reais(32_000), period: 'monthly' },
    { category: 'administrativo', budgetAmount: reais(12_000), period: 'monthly' },
    { category: 'tecnologia', budgetAmount: reais(900), period: 'monthly' },
    { category: 'fornecedores', budgetAmount: reais(42_000), period: 'quarterly' },
    { category: 'impostos', budgetAmount: reais(48_000), period: 'yearly' },
  ];
}

async function receiptPdf(lines: string[]): Promise<string> {
  const { createRequire } = await import('node:module');
  const { default: pdfmake } = await import('pdfmake');
  pdfmake.setFonts(createRequire(import.meta.url)('pdfmake/fonts/Roboto.js'));
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path: string) => path.includes('pdfmake'));
  const bytes = (await pdfmake.createPdf({ content: lines, pageSize: 'A5', defaultStyle: { fontSize: 11 } }).getBuffer()) as Buffer;
  return `data:application/pdf;base64,${bytes.toString('base64')}`;
}

export const seedMoneyOut: DemoSeedStep = async (appDeps, { organizationId, adminUserId, now }) => {
  const context = { ...systemContext(now, organizationId), actorUserId: adminUserId };
  for (const category of DEMO_CATEGORIES) await createCategory(appDeps, category, context);
  // The categories are read (and waited for) above; the ~120 expenses skip read-your-writes.
  const deps: AppDeps = { ...appDeps, waitForProjections: async () => undefined };
  const today = saoPauloDate(now);
  const expenses = demoExpenses(today);
  for (const { receipt, ...expense } of expenses) {
    const attachment = receipt ? { attachmentUrl: await receiptPdf(receipt), attachmentName: 'comprovante.pdf', attachmentType: 'application/pdf' } : {};
    await recordExpense(deps, { ...expense, ...attachment }, context);
  }
  for (const budget of demoBudgets(spentThisMonth(expenses, today))) await createBudget(deps, budget, context);
  await appDeps.waitForProjections(await appDeps.eventStore.headPosition());
};
