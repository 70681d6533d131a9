// The header search's read model: one document per transaction (expense or revenue), goal and
// insight, with a full-text vector built when the row is written. unaccent() is not IMMUTABLE, so the
// vector cannot be a generated column; the projector computes it with the row. Each text is indexed
// twice: with the 'simple' configuration (exact unaccented words, for prefix matches such as 'alug'
// → 'aluguel') and with 'portuguese' (stems, so 'alugueis' finds 'aluguel').
import { sql } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { CategoryEvent } from '../../domain/finance/category';
import { defaultCategories } from '../../domain/finance/category';
import type { ExpenseEvent } from '../../domain/finance/expense';
import type { GoalEvent } from '../../domain/finance/goal';
import { revenueCategoryLabels, type RevenueEvent } from '../../domain/finance/revenue';
import type { InsightEvent } from '../../domain/insights/insight';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatBRL } from '../../domain/shared/money';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

const expenseStatus: Record<string, string> = { pending: 'Pendente', approved: 'Aprovado', completed: 'Concluído', rejected: 'Rejeitado' };
const revenueStatus: Record<string, string> = { pending: 'Pendente', confirmed: 'Confirmada', received: 'Recebida', cancelled: 'Cancelada' };
const goalCategory: Record<string, string> = {
  revenue: 'Receita', cost_reduction: 'Redução de Custos', emergency_fund: 'Fundo de Emergência', investment: 'Investimento', expansion: 'Expansão', debt_reduction: 'Redução de Dívidas',
};
const insightType: Record<string, string> = { opportunity: 'Oportunidade', trend: 'Tendência', warning: 'Alerta', recommendation: 'Recomendação' };
const defaultCategoryNames = new Map<string, string>(defaultCategories.map((c) => [c.slug, c.name]));

/** A list screen filtered to the record's description (react-admin reads `filter` from the URL). */
const listFilteredTo = (path: string, text: string) => `${path}?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`;

type SearchDocument = {
  refId: string;
  organizationId: string;
  kind: 'transaction' | 'goal' | 'insight';
  source: 'expense' | 'revenue' | 'goal' | 'insight';
  title: string;
  description: string;
  /** For expenses, the category slug: its name is looked up in search_categories. */
  categorySlug: string | null;
  category: string | null;
  amount: bigint | null;
  date: string | null;
  priority: string | null;
  url: string;
  goal?: { current: bigint; completed: boolean };
};

const goalRow = z.object({ amount: z.bigint().nullable(), goal_current: z.bigint().nullable(), goal_completed: z.boolean().nullable() });

const unaccented = (expression: ReturnType<typeof sql.fragment>) => sql.fragment`lower(unaccent(coalesce(${expression}, '')))`;
const vectorOf = (expression: ReturnType<typeof sql.fragment>, weight: 'A' | 'B' | 'C') => sql.fragment`
  setweight(to_tsvector('simple'::regconfig, ${unaccented(expression)}), ${weight}::"char") ||
  setweight(to_tsvector('portuguese'::regconfig, ${unaccented(expression)}), ${weight}::"char")`;

/** Recomputes the search text and vector of the rows matched by `where` from their columns. */
async function reindex(tx: Tx, where: ReturnType<typeof sql.fragment>): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE search_documents SET
      search_text = ${unaccented(sql.fragment`title || ' ' || coalesce(category, '') || ' ' || description`)},
      document = ${vectorOf(sql.fragment`title`, 'A')} || ${vectorOf(sql.fragment`category`, 'B')} || ${vectorOf(sql.fragment`description`, 'C')}
    WHERE ${where}`);
}

async function put(tx: Tx, doc: SearchDocument): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO search_documents (ref_id, organization_id, kind, source, title, description, category_slug, category, amount, date, priority, url,
      goal_current, goal_completed)
    VALUES (${doc.refId}, ${doc.organizationId}, ${doc.kind}, ${doc.source}, ${doc.title}, ${doc.description}, ${doc.categorySlug},
      ${doc.categorySlug === null ? doc.category : sql.fragment`COALESCE(
        (SELECT name FROM search_categories WHERE organization_id = ${doc.organizationId} AND slug = ${doc.categorySlug}), ${doc.category})`},
      ${doc.amount === null ? null : doc.amount.toString()}::bigint, ${doc.date}::date, ${doc.priority}, ${doc.url},
      ${doc.goal ? doc.goal.current.toString() : null}::bigint, ${doc.goal?.completed ?? null})
    ON CONFLICT (ref_id) DO UPDATE SET
      kind = EXCLUDED.kind, source = EXCLUDED.source, title = EXCLUDED.title, description = EXCLUDED.description,
      category_slug = EXCLUDED.category_slug, category = EXCLUDED.category, amount = EXCLUDED.amount, date = EXCLUDED.date,
      priority = EXCLUDED.priority, url = EXCLUDED.url, goal_current = EXCLUDED.goal_current, goal_completed = EXCLUDED.goal_completed`);
  await reindex(tx, sql.fragment`ref_id = ${doc.refId}`);
}

const remove = (tx: Tx, refId: string) => tx.query(sql.unsafe`DELETE FROM search_documents WHERE ref_id = ${refId}`);

const goalDescription = (current: bigint, target: bigint, completed: boolean) =>
  completed ? `Meta concluída: ${formatBRL(current)} de ${formatBRL(target)}` : `Meta: ${formatBRL(current)} de ${formatBRL(target)}`;

export const searchProjector: Projector = {
  name: 'search',
  version: 2,
  tables: ['search_documents', 'search_categories'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS search_documents (
        ref_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        kind text NOT NULL,
        source text NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        category_slug text,
        category text,
        amount bigint,
        date date,
        priority text,
        url text NOT NULL,
        goal_current bigint,
        goal_completed boolean,
        search_text text NOT NULL DEFAULT '',
        document tsvector NOT NULL DEFAULT ''::tsvector
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS search_documents_fts ON search_documents USING gin (document)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS search_documents_trgm ON search_documents USING gin (search_text gin_trgm_ops)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS search_documents_organization ON search_documents (organization_id, kind)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS search_categories (
        organization_id uuid NOT NULL,
        slug text NOT NULL,
        category_id uuid NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (organization_id, slug)
      )`);
    await protectTenantTable(tx, 'search_documents');
    await protectTenantTable(tx, 'search_categories');
  },
  async handle(event: RecordedEvent, tx: Tx) {
    const type = event.type;
    if (type.startsWith('Expense')) {
      const e = decodeEvent<ExpenseEvent>(event);
      if (e.type === 'ExpenseDeleted') return void (await remove(tx, e.data.expenseId));
      const x = e.data;
      return put(tx, {
        refId: x.expenseId, organizationId: x.organizationId, kind: 'transaction', source: 'expense', title: x.description,
        description: `Despesa · ${expenseStatus[x.status] ?? x.status}`, categorySlug: x.category,
        category: defaultCategoryNames.get(x.category) ?? x.category, amount: x.amount, date: x.date, priority: null, url: listFilteredTo('/expenses', x.description),
      });
    }
    if (type.startsWith('Revenue')) {
      const e = decodeEvent<RevenueEvent>(event);
      if (e.type === 'RevenueDeleted') return void (await remove(tx, e.data.revenueId));
      const r = e.data;
      return put(tx, {
        refId: r.revenueId, organizationId: r.organizationId, kind: 'transaction', source: 'revenue', title: r.description,
        description: `Receita · ${revenueStatus[r.status] ?? r.status}`, categorySlug: null,
        category: revenueCategoryLabels[r.category] ?? 'Outras Receitas', amount: r.amount, date: r.date, priority: null, url: listFilteredTo('/revenues', r.description),
      });
    }
    if (type.startsWith('FinancialGoal')) {
      const e = decodeEvent<GoalEvent>(event);
      switch (e.type) {
        case 'FinancialGoalCreated':
        case 'FinancialGoalUpdated': {
          const g = e.data;
          return put(tx, {
            refId: g.goalId, organizationId: g.organizationId, kind: 'goal', source: 'goal', title: g.name,
            description: goalDescription(g.currentAmount, g.targetAmount, g.status === 'completed'), categorySlug: null,
            category: goalCategory[g.category] ?? g.category, amount: g.targetAmount, date: g.targetDate, priority: null, url: '/goals',
            goal: { current: g.currentAmount, completed: g.status === 'completed' },
          });
        }
        case 'FinancialGoalContributionAdded':
        case 'FinancialGoalCompleted': {
          // The description shows progress: rewrite it from the stored target and current amounts.
          const goal = await tx.maybeOne(sql.type(goalRow)`
            SELECT amount, goal_current, goal_completed FROM search_documents WHERE ref_id = ${e.data.goalId} FOR UPDATE`);
          if (!goal || goal.amount === null) return;
          const current = e.type === 'FinancialGoalContributionAdded' ? e.data.currentAmount : goal.goal_current ?? 0n;
          const completed = e.type === 'FinancialGoalCompleted' || goal.goal_completed === true;
          await tx.query(sql.unsafe`
            UPDATE search_documents SET goal_current = ${current.toString()}::bigint, goal_completed = ${completed},
              description = ${goalDescription(current, goal.amount, completed)}
            WHERE ref_id = ${e.data.goalId}`);
          await reindex(tx, sql.fragment`ref_id = ${e.data.goalId}`);
          return;
        }
        case 'FinancialGoalDeleted':
          return void (await remove(tx, e.data.goalId));
      }
      return;
    }
    if (type === 'InsightRecorded' || type === 'InsightsCleared') {
      const e = decodeEvent<InsightEvent>(event);
      if (e.type === 'InsightsCleared') {
        await tx.query(sql.unsafe`DELETE FROM search_documents WHERE source = 'insight' AND ref_id = ANY(${sql.array(e.data.insightIds, 'uuid')})`);
        return;
      }
      const i = e.data;
      return put(tx, {
        refId: i.insightId, organizationId: i.organizationId, kind: 'insight', source: 'insight', title: i.title, description: i.content,
        categorySlug: null, category: insightType[i.type] ?? i.type, amount: null, date: saoPauloDate(new Date(i.createdAt)), priority: i.priority, url: '/ai-insights',
      });
    }
    if (type === 'CategoryCreated' || type === 'CategoryUpdated') {
      const e = decodeEvent<CategoryEvent>(event);
      if (e.type === 'CategoryDeleted') return;
      const c = e.data;
      await tx.query(sql.unsafe`DELETE FROM search_categories WHERE category_id = ${c.categoryId} AND slug <> ${c.slug}`);
      await tx.query(sql.unsafe`
        INSERT INTO search_categories (organization_id, slug, category_id, name) VALUES (${c.organizationId}, ${c.slug}, ${c.categoryId}, ${c.name})
        ON CONFLICT (organization_id, slug) DO UPDATE SET category_id = EXCLUDED.category_id, name = EXCLUDED.name`);
      await tx.query(sql.unsafe`
        UPDATE search_documents SET category = ${c.name}
        WHERE organization_id = ${c.organizationId} AND source = 'expense' AND category_slug = ${c.slug} AND category IS DISTINCT FROM ${c.name}`);
      await reindex(tx, sql.fragment`organization_id = ${c.organizationId} AND source = 'expense' AND category_slug = ${c.slug}`);
    }
  },
};
