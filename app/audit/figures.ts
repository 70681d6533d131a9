// The figures an audit replay compares: per month, from the organization's first to its last
// business date, the dashboard's income, expenses and balance (the same queries the API answers
// with), plus how many records each finance read model holds. Read under the tenant's RLS.
import { sql } from 'slonik';
import { z } from 'zod';
import { withTenant } from '../db/tenant';
import type { Db } from '../db/pool';
import { cashFlowSeries } from '../../projections/dashboard/queries';

export type PeriodFigures = { month: string; income: string; expenses: string; balance: string };
export type Figures = { range: { startDate: string; endDate: string } | null; months: PeriodFigures[]; records: Record<string, number> };

const COUNTED = ['expenses', 'revenues', 'budgets', 'financial_goals', 'investments', 'categories'] as const;

export async function organizationFigures(db: Db, organizationId: string): Promise<Figures> {
  return withTenant(db, organizationId, async (tx) => {
    const bounds = await tx.one(sql.type(z.object({ first: z.string().nullable(), last: z.string().nullable() }))`
      SELECT to_char(min(d), 'YYYY-MM-01') AS first, to_char((date_trunc('month', max(d)) + interval '1 month - 1 day')::date, 'YYYY-MM-DD') AS last
      FROM (SELECT day AS d FROM dashboard_days WHERE organization_id = ${organizationId}
            UNION ALL SELECT date FROM dashboard_entries WHERE organization_id = ${organizationId}) dates`);
    const records: Record<string, number> = {};
    for (const table of COUNTED) {
      const exists = await tx.maybeOneFirst(sql.type(z.object({ t: z.string().nullable() }))`SELECT to_regclass(${table})::text AS t`);
      if (!exists) continue;
      records[table] = await tx.oneFirst(sql.type(z.object({ n: z.number() }))`
        SELECT count(*)::int AS n FROM ${sql.identifier([table])} WHERE organization_id = ${organizationId}`);
    }
    if (!bounds.first || !bounds.last) return { range: null, months: [], records };
    const range = { startDate: bounds.first, endDate: bounds.last };
    const months = (await cashFlowSeries(tx, organizationId, range)).map((m) => ({
      month: m.month, income: m.income.toString(), expenses: m.expenses.toString(), balance: m.balance.toString(),
    }));
    return { range, months, records };
  });
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const reais = (centavos: string) => brl.format(Number(BigInt(centavos)) / 100);

/** The figures as the replay prints them: one line per month, then the record counts. */
export function formatFigures(figures: Figures): string {
  const lines = ['Mês       Receitas            Despesas            Saldo'];
  for (const m of figures.months) {
    lines.push(`${m.month}   ${reais(m.income).padStart(18)}  ${reais(m.expenses).padStart(18)}  ${reais(m.balance).padStart(18)}`);
  }
  lines.push(`Registros: ${Object.entries(figures.records).map(([table, n]) => `${table}=${n}`).join(', ')}`);
  return lines.join('\n');
}
