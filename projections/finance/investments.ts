// The investments read model (Investimentos screen: portfolio, summary, allocation, maturities).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import { investmentRisks, investmentTypes, type InvestmentEvent } from '../../domain/finance/investment';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';
import { listPage, oneOf, textSearch, where, type Page } from './filters';

const spec = {
  table: 'investments', key: ['id'],
  columns: ['id', 'organization_id', 'name', 'type', 'amount', 'current_value', 'value_as_of', 'expected_return', 'duration', 'risk', 'description',
    'maturity_date', 'created_at', 'updated_at'],
} as const;

const handles = (type: string) => type.startsWith('Investment');

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type)).map((event) => ({ event, e: decodeEvent<InvestmentEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map(({ e }) => e.data.investmentId));
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'InvestmentCreated':
      case 'InvestmentUpdated': {
        const i = e.data;
        const existing = rows.get(i.investmentId);
        rows.put({
          id: i.investmentId, organization_id: existing?.organization_id ?? i.organizationId, name: i.name, type: i.type, amount: big(i.amount),
          current_value: big(i.currentValue), value_as_of: existing?.value_as_of ?? null, expected_return: String(i.expectedReturn), duration: i.duration,
          risk: i.risk, description: i.description, maturity_date: i.maturityDate, created_at: existing?.created_at ?? at, updated_at: at,
        });
        break;
      }
      case 'InvestmentValueUpdated':
        rows.patch(e.data.investmentId, { current_value: big(e.data.currentValue), value_as_of: e.data.asOf, updated_at: at });
        break;
      case 'InvestmentDeleted':
        rows.remove(e.data.investmentId);
        break;
    }
  }
  await rows.flush(tx);
}

export const investmentsProjector: Projector = {
  name: 'investments',
  answers: ['investment'],
  handles,
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
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
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

export function findInvestment(tx: Pick<CommonQueryMethods, 'maybeOne'>, organizationId: string, id: string): Promise<InvestmentRow | null> {
  return tx.maybeOne(sql.type(investmentRow)`SELECT ${columns} FROM investments WHERE organization_id = ${organizationId} AND id = ${id}`);
}

/** Every investment of the filter (a portfolio is small), for the summary computed in the domain. */
export async function allInvestments(tx: CommonQueryMethods, organizationId: string, filter: Record<string, unknown>): Promise<InvestmentRow[]> {
  return [...(await tx.any(sql.type(investmentRow)`SELECT ${columns} FROM investments WHERE ${investmentFilter(organizationId, filter)} ORDER BY created_at, id`))];
}
