// The header search's read model: one document per transaction (expense or revenue), goal and
// insight, with a full-text vector built when the row is written. unaccent() is not IMMUTABLE, so the
// vector cannot be a generated column; the projector computes it with the row. Each text is indexed
// twice: with the 'simple' configuration (exact unaccented words, for prefix matches such as 'alug'
// → 'aluguel') and with 'portuguese' (stems, so 'alugueis' finds 'aluguel').
import { sql } from 'slonik';
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
import { big, rowsFor, type Computed, type Resident } from '../rows';
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


type Fragment = ReturnType<typeof sql.fragment>;

const unaccented = (expression: Fragment) => sql.fragment`lower(unaccent(coalesce(${expression}, '')))`;
type Weight = 'A' | 'B' | 'C';
/** The two weighted vectors of a text: its words as written ('simple') and their Portuguese stems. */
const simpleVector = (expression: Fragment, weight: Weight) => sql.fragment`setweight(to_tsvector('simple'::regconfig, ${unaccented(expression)}), ${weight}::"char")`;
const stemmedVector = (expression: Fragment, weight: Weight) => sql.fragment`setweight(to_tsvector('portuguese'::regconfig, ${unaccented(expression)}), ${weight}::"char")`;
const vectorOf = (expression: Fragment, weight: Weight) => sql.fragment`${simpleVector(expression, weight)} || ${stemmedVector(expression, weight)}`;

const docSpec = {
  table: 'search_documents', key: ['ref_id'],
  columns: ['ref_id', 'organization_id', 'kind', 'source', 'title', 'description', 'category_slug', 'category', 'amount', 'date', 'priority', 'url',
    'goal_current', 'goal_completed'],
} as const;
const categorySpec = { table: 'search_categories', key: ['organization_id', 'slug'], columns: ['organization_id', 'slug', 'category_id', 'name'] } as const;

/** The vector of a row from its title, category and description. */
const searchVector = (title: Fragment, category: Fragment, description: Fragment) =>
  sql.fragment`${vectorOf(title, 'A')} || ${vectorOf(category, 'B')} || ${vectorOf(description, 'C')}`;
/**
 * The two weighted vectors of each distinct text of a column among the rows written (null as '', as
 * unaccented() reads it): to_tsvector is most of the cost of writing a document, and the rows share
 * most of their texts (19 categories, a few descriptions per status, repeated titles).
 * MATERIALIZED: inlined, the planner computes them again for every row joined.
 */
const vectorsOf = (name: string, column: string, weight: Weight) => sql.fragment`${sql.identifier([name])} AS MATERIALIZED (
  SELECT d.x, ${simpleVector(sql.fragment`d.x`, weight)} AS s, ${stemmedVector(sql.fragment`d.x`, weight)} AS p
  FROM (SELECT DISTINCT coalesce(${sql.identifier(['r', column])}, '') AS x FROM r) d)`;
/** searchVector of the row, its six vectors concatenated in the same order (so the same tsvector). */
const computed: Computed = {
  names: ['document'],
  values: sql.fragment`vt.s || vt.p || vc.s || vc.p || vd.s || vd.p`,
  with: sql.fragment`${vectorsOf('vt', 'title', 'A')}, ${vectorsOf('vc', 'category', 'B')}, ${vectorsOf('vd', 'description', 'C')}`,
  joins: sql.fragment`JOIN vt ON vt.x = coalesce(r.title, '') JOIN vc ON vc.x = coalesce(r.category, '') JOIN vd ON vd.x = coalesce(r.description, '')`,
};

const sameId = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

const goalDescription = (current: bigint, target: bigint, completed: boolean) =>
  completed ? `Meta concluída: ${formatBRL(current)} de ${formatBRL(target)}` : `Meta: ${formatBRL(current)} de ${formatBRL(target)}`;

const handles = (type: string) =>
  type.startsWith('Expense') || type.startsWith('Revenue') || type.startsWith('FinancialGoal') || type === 'InsightRecorded' || type === 'InsightsCleared'
  || type === 'CategoryCreated' || type === 'CategoryUpdated';

type Decoded = ExpenseEvent | RevenueEvent | GoalEvent | InsightEvent | CategoryEvent;

const refIdOf = (e: Decoded): string[] => {
  const d = e.data as Record<string, unknown>;
  if (e.type === 'InsightsCleared') return e.data.insightIds;
  if (e.type.startsWith('Category')) return [];
  const id = d.expenseId ?? d.revenueId ?? d.goalId ?? d.insightId;
  return typeof id === 'string' ? [id] : [];
};

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type)).map((event) => decodeEvent<Decoded>(event));
  if (decoded.length === 0) return;
  const docs = rowsFor(resident, docSpec);
  const categories = rowsFor(resident, categorySpec);
  await docs.load(tx, decoded.flatMap(refIdOf));
  const organizations = [...new Set(decoded.flatMap((e) => (e.type.startsWith('Expense') || e.type.startsWith('Category') ? [String((e.data as { organizationId: string }).organizationId)] : [])))];
  if (organizations.length > 0) {
    const wanted = new Set(organizations.map((o) => o.toLowerCase()));
    await categories.loadWhere(tx, sql.fragment`organization_id = ANY(${sql.array(organizations, 'uuid')})`, (row) => wanted.has(String(row.organization_id).toLowerCase()));
  }
  /** Category names set this page per organization and slug, for the documents not in memory. */
  const renamed = new Map<string, { organization_id: string; slug: string; name: string }>();

  const put = (doc: SearchDocument) => {
    const existing = docs.get(doc.refId);
    const named = doc.categorySlug === null ? null : categories.find({ organization_id: doc.organizationId, slug: doc.categorySlug });
    docs.put({
      ref_id: doc.refId, organization_id: existing?.organization_id ?? doc.organizationId, kind: doc.kind, source: doc.source, title: doc.title,
      description: doc.description, category_slug: doc.categorySlug, category: named ? named.name : doc.category, amount: big(doc.amount),
      date: doc.date, priority: doc.priority, url: doc.url, goal_current: big(doc.goal?.current), goal_completed: doc.goal?.completed ?? null,
    });
  };

  for (const e of decoded) {
    switch (e.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated': {
        const x = e.data;
        put({
          refId: x.expenseId, organizationId: x.organizationId, kind: 'transaction', source: 'expense', title: x.description,
          description: `Despesa · ${expenseStatus[x.status] ?? x.status}`, categorySlug: x.category,
          category: defaultCategoryNames.get(x.category) ?? x.category, amount: x.amount, date: x.date, priority: null, url: listFilteredTo('/expenses', x.description),
        });
        break;
      }
      case 'RevenueRecorded':
      case 'RevenueUpdated': {
        const r = e.data;
        put({
          refId: r.revenueId, organizationId: r.organizationId, kind: 'transaction', source: 'revenue', title: r.description,
          description: `Receita · ${revenueStatus[r.status] ?? r.status}`, categorySlug: null,
          category: revenueCategoryLabels[r.category] ?? 'Outras Receitas', amount: r.amount, date: r.date, priority: null, url: listFilteredTo('/revenues', r.description),
        });
        break;
      }
      case 'ExpenseDeleted':
        docs.remove(e.data.expenseId);
        break;
      case 'RevenueDeleted':
        docs.remove(e.data.revenueId);
        break;
      case 'FinancialGoalCreated':
      case 'FinancialGoalUpdated': {
        const g = e.data;
        put({
          refId: g.goalId, organizationId: g.organizationId, kind: 'goal', source: 'goal', title: g.name,
          description: goalDescription(g.currentAmount, g.targetAmount, g.status === 'completed'), categorySlug: null,
          category: goalCategory[g.category] ?? g.category, amount: g.targetAmount, date: g.targetDate, priority: null, url: '/goals',
          goal: { current: g.currentAmount, completed: g.status === 'completed' },
        });
        break;
      }
      case 'FinancialGoalContributionAdded':
      case 'FinancialGoalCompleted': {
        // The description shows progress: rewrite it from the stored target and current amounts.
        const goal = docs.get(e.data.goalId);
        if (!goal || goal.amount === null) break;
        const current = e.type === 'FinancialGoalContributionAdded' ? e.data.currentAmount : BigInt(goal.goal_current ?? 0);
        const completed = e.type === 'FinancialGoalCompleted' || goal.goal_completed === true;
        docs.put({ ...goal, goal_current: big(current), goal_completed: completed, description: goalDescription(current, BigInt(goal.amount), completed) });
        break;
      }
      case 'FinancialGoalDeleted':
        docs.remove(e.data.goalId);
        break;
      case 'InsightsCleared':
        for (const id of e.data.insightIds) if (docs.get(id)?.source === 'insight') docs.remove(id);
        break;
      case 'InsightRecorded': {
        const i = e.data;
        put({
          refId: i.insightId, organizationId: i.organizationId, kind: 'insight', source: 'insight', title: i.title, description: i.content,
          categorySlug: null, category: insightType[i.type] ?? i.type, amount: null, date: saoPauloDate(new Date(i.createdAt)), priority: i.priority, url: '/ai-insights',
        });
        break;
      }
      case 'CategoryCreated':
      case 'CategoryUpdated': {
        const c = e.data;
        for (const row of categories.present()) {
          if (sameId(row.category_id, c.categoryId) && row.slug !== c.slug) categories.remove(row);
        }
        categories.put({ organization_id: c.organizationId, slug: c.slug, category_id: c.categoryId, name: c.name });
        // The documents a rebuild holds in memory are renamed here with the page's own (the UPDATE below reaches the table's).
        docs.adopt((doc) => doc.source === 'expense' && doc.category_slug === c.slug && sameId(doc.organization_id, c.organizationId));
        for (const doc of docs.present()) {
          if (sameId(doc.organization_id, c.organizationId) && doc.source === 'expense' && doc.category_slug === c.slug) docs.put({ ...doc, category: c.name });
        }
        renamed.set(`${c.organizationId.toLowerCase()}|${c.slug}`, { organization_id: c.organizationId, slug: c.slug, name: c.name });
        break;
      }
    }
  }
  await categories.flush(tx);
  if (renamed.size > 0) {
    const d = (column: string) => sql.fragment`d.${sql.identifier([column])}`;
    await tx.query(sql.unsafe`
      UPDATE search_documents d SET category = k.name,
        document = ${searchVector(d('title'), sql.fragment`k.name`, d('description'))}
      FROM jsonb_to_recordset(${sql.jsonb([...renamed.values()])}) AS k(organization_id uuid, slug text, name text)
      WHERE d.organization_id = k.organization_id AND d.source = 'expense' AND d.category_slug = k.slug`);
  }
  await docs.flush(tx, computed);
}

export const searchProjector: Projector = {
  name: 'search',
  handles: handles,
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
        document tsvector NOT NULL DEFAULT ''::tsvector
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS search_documents_fts ON search_documents USING gin (document)`);
    // No trigram index and no unaccented text column: the typo fallback (queries.ts) compares the
    // words with the organization's vocabulary, read from the vectors. A trigram index cost every
    // written document ~50 entries and the GIN pending-list merges (~40% of the search projector's
    // writes, e.g. of a 10,000-transaction OFX import); the text column, one more unaccent() per row.
    await tx.query(sql.unsafe`DROP INDEX IF EXISTS search_documents_trgm`);
    await tx.query(sql.unsafe`ALTER TABLE search_documents DROP COLUMN IF EXISTS search_text`);
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
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
