// The investments read model (Investimentos screen: portfolio, summary, allocation, maturities).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import { investmentRisks, investmentTypes, type InvestmentEvent } from '../../domain/finance/investment';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';
import { listPage, oneOf, textSearch, where, type Page } from './filters';

export const investmentsProjector: Projector = {
  name: 'investments',
  version: 1,
  tables: ['investments'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS investments (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        name text NOT NULL,
        type text NOT NULL,
        amount bigint NOT NULL,
        current_value bigint,
        value_as_of date,
        expected_return numeric(10, 2) NOT NULL,
        duration text NOT NULL,
        risk text NOT NULL,
        description text,
        maturity_date date,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS investments_org ON investments (organization_id, created_at)`);
    await protectTenantTable(tx, 'investments');
  },
  async handle(event: RecordedEvent, tx: Tx) {
    if (!event.type.startsWith('Investment')) return;
    const e = decodeEvent<InvestmentEvent>(event);
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'InvestmentCreated':
      case 'InvestmentUpdated': {
        const i = e.data;
        await tx.query(sql.unsafe`
          INSERT INTO investments (id, organization_id, name, type, amount, current_value, expected_return, duration, risk, description, maturity_date, created_at, updated_at)
          VALUES (${i.investmentId}, ${i.organizationId}, ${i.name}, ${i.type}, ${i.amount.toString()}::bigint, ${i.currentValue?.toString() ?? null}::bigint,
            ${i.expectedReturn}::numeric, ${i.duration}, ${i.risk}, ${i.description}, ${i.maturityDate}::date, ${at}, ${at})
          ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, amount = EXCLUDED.amount, current_value = EXCLUDED.current_value,
            expected_return = EXCLUDED.expected_return, duration = EXCLUDED.duration, risk = EXCLUDED.risk, description = EXCLUDED.description,
            maturity_date = EXCLUDED.maturity_date, updated_at = EXCLUDED.updated_at`);
        return;
      }
      case 'InvestmentValueUpdated':
        await tx.query(sql.unsafe`
          UPDATE investments SET current_value = ${e.data.currentValue.toString()}::bigint, value_as_of = ${e.data.asOf}::date, updated_at = ${at}
          WHERE id = ${e.data.investmentId}`);
        return;
      case 'InvestmentDeleted':
        await tx.query(sql.unsafe`DELETE FROM investments WHERE id = ${e.data.investmentId}`);
        return;
    }
  },
};

export const investmentRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(investmentTypes),
  amount: z.bigint(),
  current_value: z.bigint().nullable(),
  value_as_of: z.string().nullable(),
  expected_return: z.string(),
  duration: z.string(),
  risk: z.enum(investmentRisks),
  description: z.string().nullable(),
  maturity_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvestmentRow = z.infer<typeof investmentRow>;

const columns = sql.fragment`
  id, name, type, amount, current_value, value_as_of, expected_return::text AS expected_return, duration, risk, description, maturity_date, created_at, updated_at`;

export const investmentSortable = {
  id: sql.fragment`id`,
  name: sql.fragment`lower(name)`,
  type: sql.fragment`type`,
  amount: sql.fragment`amount`,
  currentValue: sql.fragment`coalesce(current_value, amount)`,
  expectedReturn: sql.fragment`expected_return`,
  risk: sql.fragment`CASE risk WHEN 'Baixo' THEN 1 WHEN 'Médio' THEN 2 ELSE 3 END`,
  maturityDate: sql.fragment`maturity_date`,
  createdAt: sql.fragment`created_at`,
};

/** react-admin filters: q (name, description), type, risk, id. */
function investmentFilter(organizationId: string, filter: Record<string, unknown>) {
  return where([
    sql.fragment`organization_id = ${organizationId}`,
    ...textSearch([sql.fragment`name`, sql.fragment`coalesce(description, '')`], filter.q),
    ...oneOf(sql.fragment`type`, filter.type),
    ...oneOf(sql.fragment`risk`, filter.risk),
    ...oneOf(sql.fragment`id`, filter.id),
  ]);
}

export function listInvestments(tx: CommonQueryMethods, organizationId: string, params: Page): Promise<{ rows: readonly InvestmentRow[]; total: number }> {
  return listPage(tx, { row: investmentRow, columns, from: sql.fragment`investments` }, investmentFilter(organizationId, params.filter), params);
}

export function findInvestment(tx: CommonQueryMethods, organizationId: string, id: string): Promise<InvestmentRow | null> {
  return tx.maybeOne(sql.type(investmentRow)`SELECT ${columns} FROM investments WHERE organization_id = ${organizationId} AND id = ${id}`);
}

/** Every investment of the filter (a portfolio is small), for the summary computed in the domain. */
export async function allInvestments(tx: CommonQueryMethods, organizationId: string, filter: Record<string, unknown>): Promise<InvestmentRow[]> {
  return [...(await tx.any(sql.type(investmentRow)`SELECT ${columns} FROM investments WHERE ${investmentFilter(organizationId, filter)} ORDER BY created_at, id`))];
}
