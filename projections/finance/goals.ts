// The financial_goals read model (Metas Financeiras screen and its cards), and the queries over it.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import { goalCategories, goalStatuses, type GoalEvent } from '../../domain/finance/goal';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';
import { listPage, oneOf, textSearch, where, type Page } from './filters';

const spec = {
  table: 'financial_goals', key: ['id'],
  columns: ['id', 'organization_id', 'name', 'category', 'target_amount', 'current_amount', 'target_date', 'status', 'completed_at', 'created_at', 'updated_at'],
} as const;

const handles = (type: string) => type.startsWith('FinancialGoal');

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type)).map((event) => ({ event, e: decodeEvent<GoalEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map(({ e }) => e.data.goalId));
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'FinancialGoalCreated':
      case 'FinancialGoalUpdated': {
        const g = e.data;
        const existing = rows.get(g.goalId);
        rows.put({
          id: g.goalId, organization_id: existing?.organization_id ?? g.organizationId, name: g.name, category: g.category,
          target_amount: big(g.targetAmount), current_amount: big(g.currentAmount), target_date: g.targetDate, status: g.status,
          completed_at: existing && g.status === 'completed' ? existing.completed_at : null,
          created_at: existing?.created_at ?? at, updated_at: at,
        });
        break;
      }
      case 'FinancialGoalContributionAdded':
        rows.patch(e.data.goalId, { current_amount: big(e.data.currentAmount), updated_at: at });
        break;
      case 'FinancialGoalCompleted':
        rows.patch(e.data.goalId, { status: 'completed', completed_at: e.data.completedAt, updated_at: at });
        break;
      case 'FinancialGoalDeleted':
        rows.remove(e.data.goalId);
        break;
    }
  }
  await rows.flush(tx);
}

export const goalsProjector: Projector = {
  name: 'financial_goals',
  handles,
  answers: ['goal'],
  version: 1,
  tables: ['financial_goals'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS financial_goals (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        name text NOT NULL,
        category text NOT NULL,
        target_amount bigint NOT NULL,
        current_amount bigint NOT NULL,
        target_date date,
        status text NOT NULL,
        completed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS financial_goals_org ON financial_goals (organization_id, created_at)`);
    await protectTenantTable(tx, 'financial_goals');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};

export const goalRow = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(goalCategories),
  target_amount: z.bigint(),
  current_amount: z.bigint(),
  target_date: z.string().nullable(),
  status: z.enum(goalStatuses),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GoalRow = z.infer<typeof goalRow>;

const columns = sql.fragment`id, name, category, target_amount, current_amount, target_date, status, completed_at, created_at, updated_at`;

export const goalSortable = {
  id: sql.fragment`id`,
  name: sql.fragment`lower(name)`,
  category: sql.fragment`category`,
  targetAmount: sql.fragment`target_amount`,
  currentAmount: sql.fragment`current_amount`,
  targetDate: sql.fragment`target_date`,
  status: sql.fragment`status`,
  progress: sql.fragment`(CASE WHEN target_amount > 0 THEN current_amount::numeric / target_amount ELSE 0 END)`,
  createdAt: sql.fragment`created_at`,
};

/** react-admin filters: q (name), status, category, id. */
function goalFilter(organizationId: string, filter: Record<string, unknown>) {
  return where([
    sql.fragment`organization_id = ${organizationId}`,
    ...textSearch([sql.fragment`name`], filter.q),
    ...oneOf(sql.fragment`status`, filter.status),
    ...oneOf(sql.fragment`category`, filter.category),
    ...oneOf(sql.fragment`id`, filter.id),
  ]);
}

export function listGoals(tx: CommonQueryMethods, organizationId: string, params: Page): Promise<{ rows: readonly GoalRow[]; total: number }> {
  return listPage(tx, { row: goalRow, columns, from: sql.fragment`financial_goals` }, goalFilter(organizationId, params.filter), params);
}

export function findGoal(tx: Pick<CommonQueryMethods, 'maybeOne'>, organizationId: string, id: string): Promise<GoalRow | null> {
  return tx.maybeOne(sql.type(goalRow)`SELECT ${columns} FROM financial_goals WHERE organization_id = ${organizationId} AND id = ${id}`);
}

/** The Metas cards: Total de Metas, Concluídas, Em Progresso, Valor Total (sum of targets). */
export function goalSummary(tx: CommonQueryMethods, organizationId: string, filter: Record<string, unknown>) {
  return tx.one(sql.type(z.object({ count: z.number(), completed_count: z.number(), active_count: z.number(), total_target: z.bigint() }))`
    SELECT count(*)::int AS count,
      (count(*) FILTER (WHERE status = 'completed'))::int AS completed_count,
      (count(*) FILTER (WHERE status = 'active'))::int AS active_count,
      coalesce(sum(target_amount), 0)::int8 AS total_target
    FROM financial_goals WHERE ${goalFilter(organizationId, filter)}`);
}
