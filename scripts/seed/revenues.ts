// Demo data of the money-in side: a bakery's revenues over the last 12 months, its goals and investments,
// recorded through the same use cases the API uses.
import { systemContext } from '../../app/context';
import type { AppDeps } from '../../app/deps';
import { contributeToGoal, createGoal } from '../../app/finance/goals';
import { createInvestment, updateInvestmentValue } from '../../app/finance/investments';
import { recordRevenue } from '../../app/finance/revenues';
import type { RevenueCategory, RevenueStatus } from '../../domain/finance/revenue';
import { addDays, addMonths, saoPauloDate } from '../../domain/shared/dates';
import type { DemoSeedStep } from './demo';

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const CORPORATE_CLIENTS = ['Construtora Horizonte', 'Clínica Bem Viver', 'Escritório Almeida & Prado', 'Colégio São Bento', 'Hotel Mirante', 'TechSul Sistemas'];
const CONSULTING_CLIENTS = ['Panificadora Estrela (Campinas)', 'Café Colonial Serra Azul', 'Confeitaria Doce Lar', 'Mercado Bom Preço'];

const reais = (value: number) => BigInt(Math.round(value * 100));
const monthStart = (date: string) => `${date.slice(0, 8)}01`;

type DemoRevenue = { description: string; amount: bigint; category: RevenueCategory; status: RevenueStatus; date: string };

/** Twelve months of a bakery's income; the current month is still open, and one old invoice is overdue. */
export function demoRevenues(today: string): DemoRevenue[] {
  const revenues: DemoRevenue[] = [];
  for (let back = 11; back >= 0; back--) {
    const start = addMonths(monthStart(today), -back);
    const monthName = MONTHS[Number(start.slice(5, 7)) - 1];
    const current = back === 0;
    const season = 1 + 0.08 * Math.sin((Number(start.slice(5, 7)) / 12) * 2 * Math.PI) + (monthName === 'dezembro' ? 0.25 : 0);
    const day = (d: number) => (current ? (addDays(start, d - 1) <= today ? addDays(start, d - 1) : today) : addDays(start, d - 1));
    revenues.push(
      // The open month has only the days sold so far; counter sales are paid at the counter, so
      // they are received (the month's cash flow has its income), while orders and services wait.
      { description: `Vendas do balcão — ${monthName}`, amount: reais(Math.round(42_000 * season * (current ? Number(today.slice(8)) / 30 : 1) + back * 137.5)), category: 'products', status: 'received', date: day(28) },
      { description: `Encomendas de bolos e salgados — ${monthName}`, amount: reais(Math.round(9_800 * season + (back % 3) * 420)), category: 'products', status: current ? 'pending' : 'received', date: day(25) },
      { description: `Clube do Pão — assinaturas de ${monthName}`, amount: reais(2_940 + (11 - back) * 84), category: 'subscriptions', status: current ? 'confirmed' : 'received', date: day(5) },
      { description: `Coffee break corporativo — ${CORPORATE_CLIENTS[back % CORPORATE_CLIENTS.length]}`, amount: reais(2_350 + (back % 4) * 615.4), category: 'services', status: current ? 'pending' : 'received', date: day(12) },
    );
    if (back % 3 === 1) {
      revenues.push({ description: `Consultoria para abertura de padaria — ${CONSULTING_CLIENTS[back % CONSULTING_CLIENTS.length]}`, amount: reais(7_500 + back * 250), category: 'consulting', status: 'received', date: day(18) });
    }
  }
  revenues.push(
    // Overdue: delivered six weeks ago and still not paid.
    { description: 'Buffet de confraternização — Construtora Horizonte', amount: reais(6_480), category: 'services', status: 'pending', date: addDays(today, -42) },
    { description: 'Curso de panificação artesanal (turma de sábado)', amount: reais(3_600), category: 'services', status: 'confirmed', date: addDays(today, -3) },
    { description: 'Venda de equipamento usado (cilindro de massa)', amount: reais(4_200), category: 'other', status: 'received', date: addDays(today, -75) },
    { description: 'Encomenda cancelada — casamento Souza & Lima', amount: reais(5_200), category: 'products', status: 'cancelled', date: addDays(today, -20) },
  );
  return revenues;
}

export const seedMoneyIn: DemoSeedStep = async (appDeps, { organizationId, adminUserId, now }) => {
  // Nothing here reads a read model, so the ~80 writes skip read-your-writes and wait once at the end.
  const deps: AppDeps = { ...appDeps, waitForProjections: async () => undefined };
  const context = { ...systemContext(now, organizationId), actorUserId: adminUserId };
  const today = saoPauloDate(now);

  for (const revenue of demoRevenues(today)) await recordRevenue(deps, revenue, context);

  const reserve = await createGoal(deps, { name: 'Reserva de emergência (3 meses de custos)', category: 'emergency_fund', targetAmount: reais(120_000), currentAmount: reais(60_000), targetDate: addMonths(today, 8) }, context);
  await contributeToGoal(deps, reserve, reais(8_500), context);
  await contributeToGoal(deps, reserve, reais(10_000), context);
  const oven = await createGoal(deps, { name: 'Forno de lastro novo', category: 'investment', targetAmount: reais(45_000), currentAmount: reais(30_000), targetDate: addMonths(today, -1) }, context);
  await contributeToGoal(deps, oven, reais(15_000), context);
  await createGoal(deps, { name: 'Abrir a segunda loja no Centro', category: 'expansion', targetAmount: reais(350_000), currentAmount: reais(62_000), targetDate: addMonths(today, 24) }, context);
  const loan = await createGoal(deps, { name: 'Quitar o financiamento da masseira', category: 'debt_reduction', targetAmount: reais(28_000), currentAmount: reais(16_800), targetDate: addMonths(today, 5) }, context);
  await contributeToGoal(deps, loan, reais(2_800), context);

  const base = { description: null, currentValue: null };
  const cdb = await createInvestment(deps, { ...base, name: 'CDB Banco Inter 110% do CDI', type: 'Renda Fixa', amount: reais(50_000), expectedReturn: '11.50', duration: '24 meses', risk: 'Baixo', maturityDate: addMonths(today, 14), description: 'Reserva de caixa com liquidez no vencimento' }, context);
  await updateInvestmentValue(deps, cdb, { currentValue: reais(54_320.18), asOf: today }, context);
  const selic = await createInvestment(deps, { ...base, name: 'Tesouro Selic 2029', type: 'Tesouro Direto', amount: reais(40_000), expectedReturn: '10.75', duration: 'Até 2029', risk: 'Baixo', maturityDate: '2029-03-01' }, context);
  await updateInvestmentValue(deps, selic, { currentValue: reais(42_871.4), asOf: today }, context);
  await createInvestment(deps, { ...base, name: 'LCA Banco do Brasil', type: 'Renda Fixa', amount: reais(30_000), expectedReturn: '9.80', duration: '12 meses', risk: 'Baixo', maturityDate: addDays(today, 20) }, context);
  const fund = await createInvestment(deps, { ...base, name: 'Fundo Multimercado Verde', type: 'Fundos', amount: reais(25_000), expectedReturn: '14.00', duration: 'Indeterminado', risk: 'Médio', maturityDate: null }, context);
  await updateInvestmentValue(deps, fund, { currentValue: reais(23_912.55), asOf: today }, context);
  const fii = await createInvestment(deps, { ...base, name: 'Fundo Imobiliário HGLG11', type: 'Renda Variável', amount: reais(15_000), expectedReturn: '12.00', duration: 'Longo prazo', risk: 'Alto', maturityDate: null }, context);
  await updateInvestmentValue(deps, fii, { currentValue: reais(16_240), asOf: today }, context);
  await appDeps.waitForProjections(await appDeps.eventStore.headPosition());
};
