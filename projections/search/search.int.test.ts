import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import { withTenant } from '../../app/db/tenant';
import { createHistory, type History } from '../../test-support/history';
import { categoryData, expenseData, goalData, revenueData } from '../../test-support/finance-events';
import { searchProjector } from './documents';
import { searchDocuments, searchTerms } from './queries';

const ORG = v7();
const OTHER = v7();
const GOAL = v7();
const OLD_INSIGHT = v7();
let h: History;

const search = async (q: string, organizationId = ORG) =>
  (await withTenant(h.database.db, organizationId, (tx) => searchDocuments(tx, organizationId, q))).map((r) => r.title);

beforeAll(async () => {
  h = await createHistory([searchProjector]);
  const expense = (org: string, description: string, category = 'operational') => {
    const data = expenseData(org, { description, amount: 100_00n, date: '2025-03-10', category });
    return h.append(`expense-${data.expenseId}`, 'ExpenseRecorded', data);
  };
  await expense(ORG, 'Café da manhã da equipe');
  await expense(ORG, 'Aluguel do escritório', 'administrative');
  await expense(ORG, 'Impulsionamento Instagram', 'marketing');
  await expense(OTHER, 'Café Especial do concorrente');
  await expense(OTHER, 'Aluguel do escritório do concorrente');
  const revenue = revenueData(ORG, { description: 'Venda de pães franceses', amount: 2500_00n, date: '2025-03-11' });
  await h.append(`revenue-${revenue.revenueId}`, 'RevenueRecorded', revenue);
  await h.append(`goal-${GOAL}`, 'FinancialGoalCreated', goalData(ORG, { goalId: GOAL, name: 'Reserva de emergência', category: 'emergency_fund', targetAmount: 10_000_00n }));
  await h.append(`goal-${GOAL}`, 'FinancialGoalContributionAdded', { goalId: GOAL, organizationId: ORG, amount: 2_500_00n, currentAmount: 2_500_00n });
  const insight = (insightId: string, title: string, content: string) => h.append(`insights-${ORG}`, 'InsightRecorded', {
    insightId, organizationId: ORG, type: 'warning', title, content, priority: 'high', createdAt: '2025-03-12T12:00:00.000Z', origin: 'analysis', rule: 'r', subject: null,
  });
  await insight(OLD_INSIGHT, 'Conta de luz subiu', 'A conta de energia subiu 30%.');
  await h.append(`insights-${ORG}`, 'InsightsCleared', { organizationId: ORG, insightIds: [OLD_INSIGHT] });
  await insight(v7(), 'Gastos com café acima da média', 'O consumo de café da equipe subiu.');
  await h.append('category-mkt', 'CategoryCreated', categoryData(ORG, { name: 'Marketing Digital', slug: 'marketing' }));
  await h.catchUp();
});
afterAll(async () => h.close());

describe('search', () => {
  it("'cafe' finds 'Café', title matches ranked first, and never another tenant's rows", async () => {
    expect((await search('cafe')).sort()).toEqual(['Café da manhã da equipe', 'Gastos com café acima da média']);
    // 'equipe' is in the expense's title but only in the insight's text: the title match ranks first.
    expect(await search('equipe')).toEqual(['Café da manhã da equipe', 'Gastos com café acima da média']);
    expect(await search('CAFÉ', OTHER)).toEqual(['Café Especial do concorrente']);
  });

  it("'alug' finds 'Aluguel do escritório' (prefix), in any case and with or without accents", async () => {
    expect(await search('alug')).toEqual(['Aluguel do escritório']);
    expect(await search('ESCRITÓRIO')).toEqual(['Aluguel do escritório']);
    expect(await search('aluguel escrit')).toEqual(['Aluguel do escritório']);
  });

  it('searches categories by their current name, revenues, goals with their progress and insights', async () => {
    expect(await search('marketing digital')).toEqual(['Impulsionamento Instagram']);
    expect(await search('paes')).toEqual(['Venda de pães franceses']);
    const [goal] = await withTenant(h.database.db, ORG, (tx) => searchDocuments(tx, ORG, 'emergencia'));
    expect(goal).toMatchObject({ kind: 'goal', title: 'Reserva de emergência', category: 'Fundo de Emergência', description: 'Meta: R$ 2.500,00 de R$ 10.000,00', url: '/goals' });
    expect(await search('luz')).toEqual([]);
  });

  it('stems Portuguese words and falls back to similarity for typos', async () => {
    expect(await search('alugueis')).toEqual(['Aluguel do escritório']);
    expect(await search('alugeul')).toEqual(['Aluguel do escritório']);
    // Every word needs a close one: a typo beside a right word, and a typo with no close word at all.
    expect(await search('alugeul escritorio')).toEqual(['Aluguel do escritório']);
    expect(await search('alugeul xyzzyq')).toEqual([]);
  });

  it("looks a typo up only among this organization's words", async () => {
    expect(await search('concorente')).toEqual([]);
    expect((await search('concorente', OTHER)).sort()).toEqual(['Aluguel do escritório do concorrente', 'Café Especial do concorrente']);
  });

  it('normalizes terms so nothing reaches tsquery but words', () => {
    expect(searchTerms("Café  do-Escritório! ':* | &")).toEqual(['cafe', 'do', 'escritorio']);
  });
});
