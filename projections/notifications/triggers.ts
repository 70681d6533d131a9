// The notification process manager's memory: it watches expenses, budgets, insights, imports and
// syncs, and files each notification they call for in an outbox, under an id derived from its
// cause. It never appends events itself (a projector must not write to the log): the dispatcher
// (app/notifications/dispatcher.ts) raises what is in the outbox, and the derived ids make a
// replay or a rebuild raise nothing twice.
import { sql } from 'slonik';
import { v5 } from 'uuid';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { BankConnectionEvent } from '../../domain/banking/bank-connection';
import type { ImportedTransactionEvent } from '../../domain/banking/imported-transaction';
import { budgetCategoryLabels, type BudgetCategory } from '../../domain/finance/budget-categories';
import type { BudgetEvent } from '../../domain/finance/budget';
import { currentPeriod, type BudgetPeriod } from '../../domain/finance/budget-health';
import type { ExpenseEvent } from '../../domain/finance/expense';
import type { OrganizationEvent } from '../../domain/identity/organization';
import type { InsightEvent } from '../../domain/insights/insight';
import { NOTIFICATION_NAMESPACE } from '../../domain/notifications/notification';
import {
  bankSyncFailedNotification, budgetNotification, importedTransactionNotification, insightNotification, welcomeNotification,
  type NotificationIntent,
} from '../../domain/notifications/triggers';
import { addMonths, saoPauloDate } from '../../domain/shared/dates';
import type { Projector, Tx } from '../projector';
import { mayOccurWithin, occurrencesWithin } from '../finance/occurrences';
import { big, jsonbOf, Rows, type Row, rowsFor, type Resident } from '../rows';
import { spendingRuleOf } from '../finance/budgets';
import { occurrenceCountBetween, type Recurrence, type RecurringPeriod } from '../../domain/finance/recurrence';
import { protectTenantTable } from '../tenant-table';

export const notificationIdOf = (key: string) => v5(key, NOTIFICATION_NAMESPACE);

/** A notification as the fold files it: at once, or (a budget's) once the page's budget sums are known. */
type Filed = NotificationIntent | (() => NotificationIntent | null);

const budgetSpec = { table: 'notification_budgets', key: ['budget_id'], columns: ['budget_id', 'organization_id', 'category', 'budget_amount', 'period'] } as const;
const ruleSpec = {
  // The budgets' periods are summed over the table in SQL; a rebuild sums them in memory, where it
  // keeps every recurring rule (a tenth of the rules) through its spills. A 1M-event rebuild that
  // spilled the rules summed them in SQL at every page: 17.4 s of PostgreSQL over 144 pages.
  table: 'notification_spending_rules', key: ['expense_id'], readBySql: true,
  columns: ['organization_id', 'expense_id', 'budget_category', 'amount', 'date', 'is_recurring', 'recurring_period', 'recurring_duration', 'recurring_end_date'],
  keepInMemory: (rule: Row) => rule.is_recurring === true,
  keptGroup: (rule: Row) => groupOf(rule.organization_id, rule.budget_category),
} as const;
const connectionSpec = { table: 'notification_connections', key: ['connection_id'], columns: ['connection_id', 'organization_id', 'bank_name'] } as const;
/** One-off expenses summed per organization, category and month: a budget's period sums a few months, not every expense. */
const monthSpec = {
  table: 'notification_spending_months', key: ['organization_id', 'budget_category', 'month'], readBySql: true,
  columns: ['organization_id', 'budget_category', 'month', 'amount'],
  // One row per organization, category and month: a rebuild keeps them all, and sums periods in memory.
  keepInMemory: () => true,
} as const;

const lower = (value: unknown) => String(value).toLowerCase();

/** What a spending rule adds to [start, end]: its amount once per occurrence inside (as occurrencesWithin counts in SQL). */
function contribution(rule: Row | null, start: string, end: string): bigint {
  if (!rule) return 0n;
  const recurrence: Recurrence = {
    date: String(rule.date), isRecurring: rule.is_recurring === true, recurringPeriod: (rule.recurring_period as RecurringPeriod | null) ?? null,
    recurringDuration: rule.recurring_duration === null ? null : Number(rule.recurring_duration), recurringEndDate: (rule.recurring_end_date as string | null) ?? null,
  };
  return BigInt(rule.amount as string | number) * BigInt(occurrenceCountBetween(recurrence, start, end));
}

type State = { budgets: Rows; rules: Rows; connections: Rows };

const noBudgets: readonly Row[] = Object.freeze([]);

const isOneOff = (rule: Row) => rule.is_recurring !== true;
/** The month total a one-off rule counts in (organization, category, first day of its month), as a key row. */
function monthOf(rule: Row): Row {
  return { organization_id: rule.organization_id, budget_category: rule.budget_category, month: `${String(rule.date).slice(0, 7)}-01` };
}
/** The first day of each month from start's to end's ('YYYY-MM-01'). */
function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  for (let month = `${start.slice(0, 7)}-01`; month <= end; month = addMonths(month, 1)) months.push(month);
  return months;
}

/**
 * Folds a page: the read-model rows in `state`, the notifications through `file`. What a budget
 * has spent comes from `spentIn` (the page's start plus the rules changed so far), read when the
 * budget's notification is resolved.
 */
function fold(events: readonly RecordedEvent[], state: State, { spentIn, onRule }: Spending, file: (event: RecordedEvent, intent: Filed) => void) {
  const { budgets, rules, connections } = state;
  // Every expense event asks for its organization's budgets: grouped once, again after a budget event.
  let byOrganization: Map<string, Row[]> | null = null;
  /** The organization's budgets of either category (null: none), in the order the page first saw them. */
  const budgetsOf = (organizationId: string, category: string | null, other: string | null): readonly Row[] => {
    if (!byOrganization) {
      byOrganization = new Map();
      for (const b of budgets.present()) addTo(byOrganization, lower(b.organization_id), b);
    }
    const ofOrganization = byOrganization.get(lower(organizationId));
    if (!ofOrganization) return noBudgets;
    return ofOrganization.filter((b) => {
      const c = String(b.category);
      return c === category || c === other;
    });
  };
  const budgetIntent = (event: RecordedEvent, organizationId: string, budget: Row, before: { spent: Spent; budget: bigint } | null, today: string) => {
    const period = budget.period as BudgetPeriod;
    const category = String(budget.category);
    const after = spentIn(organizationId, category, period, today);
    file(event, () => budgetNotification({
      organizationId, budgetId: String(budget.budget_id), categoryLabel: budgetCategoryLabels[category as BudgetCategory] ?? category,
      period, today, before: before && { spent: before.spent(), budget: before.budget },
      after: { spent: after(), budget: BigInt(budget.budget_amount as string) }, at: event.metadata.occurredAt,
    }));
  };
  const fileIntent = (event: RecordedEvent, intent: NotificationIntent | null) => {
    if (intent) file(event, intent);
  };
  for (const event of events) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated':
      case 'ExpenseDeleted': {
        const e = decodeEvent<ExpenseEvent>(event);
        const { organizationId, expenseId } = e.data;
        const next = e.type === 'ExpenseDeleted' ? null : e.data;
        const previous = rules.get(expenseId);
        const nextRule = next ? spendingRuleOf(next) : null;
        const affectedBudgets = previous || nextRule ? budgetsOf(organizationId, previous ? String(previous.budget_category) : null, nextRule?.budgetCategory ?? null) : noBudgets;
        // Most expenses touch no budget: the day and the sums before are only worked out for those that do.
        const today = affectedBudgets.length > 0 ? saoPauloDate(new Date(at)) : '';
        const before = affectedBudgets.length > 0
          ? new Map(affectedBudgets.map((b) => [String(b.budget_id), spentIn(organizationId, String(b.category), b.period as BudgetPeriod, today)]))
          : null;
        if (nextRule) rules.put(nextRule.row);
        else rules.remove(expenseId);
        onRule(previous, nextRule?.row ?? null);
        for (const b of affectedBudgets) {
          budgetIntent(event, organizationId, b, { spent: before?.get(String(b.budget_id)) ?? (() => 0n), budget: BigInt(b.budget_amount as string) }, today);
        }
        break;
      }
      case 'BudgetCreated':
      case 'BudgetUpdated':
      case 'BudgetDeleted': {
        const e = decodeEvent<BudgetEvent>(event);
        byOrganization = null;
        if (e.type === 'BudgetDeleted') {
          budgets.remove(e.data.budgetId);
          break;
        }
        const b = e.data;
        const today = saoPauloDate(new Date(at));
        const old = budgets.get(b.budgetId);
        const row: Row = { budget_id: b.budgetId, organization_id: old?.organization_id ?? b.organizationId, category: b.category, budget_amount: big(b.budgetAmount), period: b.period };
        budgets.put(row);
        // Same category and period: compare with the old amount; anything else is a budget seen for the first time.
        const before = old && old.category === b.category && old.period === b.period
          ? { spent: spentIn(b.organizationId, b.category, b.period, today), budget: BigInt(old.budget_amount as string) }
          : null;
        budgetIntent(event, b.organizationId, row, before, today);
        break;
      }
      case 'InsightRecorded': {
        const e = decodeEvent<InsightEvent>(event);
        if (e.type === 'InsightRecorded') fileIntent(event, insightNotification(e.data));
        break;
      }
      case 'TransactionImported': {
        const e = decodeEvent<ImportedTransactionEvent>(event);
        if (e.type !== 'TransactionImported') break;
        const d = e.data;
        fileIntent(event, importedTransactionNotification({ organizationId: d.organizationId, source: d.source, bankName: d.bankName, accountId: d.accountId, status: d.status, at }));
        break;
      }
      case 'OrganizationRegistered': {
        const e = decodeEvent<OrganizationEvent>(event);
        if (e.type === 'OrganizationRegistered') fileIntent(event, welcomeNotification({ organizationId: e.data.organizationId, name: e.data.name, at }));
        break;
      }
      case 'BankConnectionCreated':
      case 'BankSyncFailed': {
        const e = decodeEvent<BankConnectionEvent>(event);
        if (e.type === 'BankConnectionCreated') {
          const existing = connections.get(e.data.connectionId);
          connections.put({ connection_id: e.data.connectionId, organization_id: existing?.organization_id ?? e.data.organizationId, bank_name: e.data.bankName });
        } else if (e.type === 'BankSyncFailed') {
          const bankName = (connections.get(e.data.connectionId)?.bank_name as string | undefined) ?? null;
          fileIntent(event, bankSyncFailedNotification({ organizationId: e.data.organizationId, syncId: e.data.syncId, bankName, error: e.data.error, at }));
        }
        break;
      }
    }
  }
}

const handled = new Set([
  'ExpenseRecorded', 'ExpenseUpdated', 'ExpenseDeleted', 'BudgetCreated', 'BudgetUpdated', 'BudgetDeleted', 'InsightRecorded', 'TransactionImported',
  'OrganizationRegistered', 'BankConnectionCreated', 'BankSyncFailed',
]);

let filings = 0;
/**
 * How many pages filed outbox entries in this process (counted before their commit): the dispatcher
 * looks at the outbox when it moved, not after every event.
 */
export const outboxFilings = () => filings;
const filingListeners = new Set<() => void>();
/** Called at each filing (before its commit: the dispatcher then waits for the checkpoints). */
export function onOutboxFiling(listener: () => void): () => void {
  filingListeners.add(listener);
  return () => filingListeners.delete(listener);
}

const windowKey = (organizationId: string, category: string, start: string, end: string) => `${lower(organizationId)}|${category}|${start}|${end}`;

/** What a budget period has spent at a point of the fold, read once the page's sums are known. */
type Spent = () => bigint;
type SpentIn = (organizationId: string, category: string, period: BudgetPeriod, today: string) => Spent;
type OnRule = (before: Row | null, after: Row | null) => void;
/** What budgets have spent as the fold goes (spentIn), and what each rule change moves (onRule: the windows' sums and the month totals). */
type Spending = { spentIn: SpentIn; onRule: OnRule };

const groupOf = (organizationId: unknown, category: unknown) => `${lower(organizationId)}|${String(category)}`;

function addTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * A one-off rule's amount moved in its month's total (a total back at zero goes). A one-off rule
 * falls once in its own month: contribution() over that month is its amount.
 */
function moveMonth(months: Rows, rule: Row | null, sign: bigint): void {
  if (rule && isOneOff(rule)) addToMonth(months, monthOf(rule), sign * BigInt(rule.amount as string | number));
}

/** Moves a month total (its key row) by `amount`; a total back at zero goes. */
function addToMonth(months: Rows, key: Row, amount: bigint): void {
  const total = BigInt((months.peek(key)?.amount as string | number | undefined) ?? 0) + amount;
  if (total === 0n) months.remove(key);
  else months.put({ ...key, amount: big(total) });
}

/**
 * A rebuild, which holds every month total and every recurring rule (keepInMemory), spilled or not:
 * a budget period's sum is worked out the first time the fold asks for it (its months' totals, its
 * recurring rules as the page found them, and the page's rule changes of its organization and
 * category so far), then moved by each later change. The month totals are moved once the page is
 * folded (resolve), by each month's net move: moved at each rule change, they cost a key row, a
 * read, a row copy and two keys per change (a tenth of the rebuild's notification-triggers fold).
 */
function spendingInMemory(rules: Rows, months: Rows): Spending & { resolve: () => void } {
  /** What the group's recurring rules, as the page found them, add to [start, end]: worked out again only once a page changed them. */
  const recurringIn = (group: string, start: string, end: string): bigint => {
    const sum = rules.derivedFromKept(group, `${start}|${end}`, (kept) => {
      let total = 0n;
      for (const rule of kept) if (!isOneOff(rule)) total += contribution(rule, start, end);
      return total;
    });
    if (sum === null) throw new Error('notification_spending_rules: the recurring rules are not held in memory');
    return sum;
  };
  /** The page's recurring rule changes so far, by organization and category (the one-off ones are in monthMoves). */
  const moves = new Map<string, { rule: Row; sign: bigint }[]>();
  /** The page's net move of each month total so far (by the month's key), and the month's key row as the last change wrote it. */
  const monthMoves = new Map<string, { key: Row; amount: bigint }>();
  const windowsOf = new Map<string, { key: string; start: string; end: string }[]>();
  const spent = new Map<string, bigint>();
  const moveRule = (rule: Row, sign: bigint) => {
    const group = groupOf(rule.organization_id, rule.budget_category);
    const windows = windowsOf.get(group);
    if (windows) for (const w of windows) spent.set(w.key, (spent.get(w.key) as bigint) + sign * contribution(rule, w.start, w.end));
    if (!isOneOff(rule)) {
      addTo(moves, group, { rule, sign });
      return;
    }
    const key = monthOf(rule);
    const k = months.keyOf(key);
    const amount = sign * BigInt(rule.amount as string | number);
    const move = monthMoves.get(k);
    if (!move) monthMoves.set(k, { key, amount });
    else {
      move.key = key;
      move.amount += amount;
    }
  };
  const onRule: OnRule = (before, after) => {
    if (before) moveRule(before, -1n);
    if (after) moveRule(after, 1n);
  };
  const spentIn: SpentIn = (organizationId, category, period, today) => {
    const { start, end } = currentPeriod(period, today);
    const key = windowKey(organizationId, category, start, end);
    const known = spent.get(key);
    if (known !== undefined) return () => known;
    const group = groupOf(organizationId, category);
    // The month totals as the page found them, and the page's one-off changes so far.
    let sum = 0n;
    for (const month of monthsBetween(start, end)) {
      const k = months.keyOf({ organization_id: organizationId, budget_category: category, month });
      sum += BigInt((months.peek(k)?.amount as string | number | undefined) ?? 0) + (monthMoves.get(k)?.amount ?? 0n);
    }
    sum += recurringIn(group, start, end);
    for (const { rule, sign } of moves.get(group) ?? []) sum += sign * contribution(rule, start, end);
    spent.set(key, sum);
    addTo(windowsOf, group, { key, start, end });
    return () => sum;
  };
  /** The month totals moved by the page (a total back at zero goes; one the page left as it was is not written). */
  const resolve = () => {
    monthMoves.forEach(({ key, amount }) => {
      if (amount !== 0n) addToMonth(months, key, amount);
    });
  };
  return { spentIn, onRule, resolve };
}

type Window = { organization_id: string; category: string; start_date: string; end_date: string; changed: bigint };

/**
 * The budget periods' sums from SQL (the live runner), in the same fold: a period is noted the
 * first time the fold asks about it, with what the page's rule changes so far add to it (then moved
 * by each later change), and the month totals the rule changes move are noted too. Once the page is
 * folded, resolve() reads the periods' sums at the page's start in one statement and moves the
 * month totals; a budget's spent figure is then that sum plus the changes noted when the fold asked.
 */
function spendingFromSql(months: Rows): Spending & { resolve: (tx: Tx) => Promise<void> } {
  const windows = new Map<string, Window>();
  const windowsOf = new Map<string, Window[]>();
  /** The page's rule changes so far, by organization and category. */
  const moves = new Map<string, { rule: Row; sign: bigint }[]>();
  const monthMoves: { rule: Row; sign: bigint }[] = [];
  const base = new Map<string, bigint>();
  const moveRule = (rule: Row | null, sign: bigint) => {
    if (!rule) return;
    const group = groupOf(rule.organization_id, rule.budget_category);
    addTo(moves, group, { rule, sign });
    for (const w of windowsOf.get(group) ?? []) w.changed += sign * contribution(rule, w.start_date, w.end_date);
    if (isOneOff(rule)) monthMoves.push({ rule, sign });
  };
  const onRule: OnRule = (before, after) => {
    moveRule(before, -1n);
    moveRule(after, 1n);
  };
  const spentIn: SpentIn = (organizationId, category, period, today) => {
    const { start, end } = currentPeriod(period, today);
    const key = windowKey(organizationId, category, start, end);
    let w = windows.get(key);
    if (!w) {
      const group = groupOf(organizationId, category);
      let changed = 0n;
      for (const { rule, sign } of moves.get(group) ?? []) changed += sign * contribution(rule, start, end);
      w = { organization_id: organizationId, category, start_date: start, end_date: end, changed };
      windows.set(key, w);
      addTo(windowsOf, group, w);
    }
    const changed = w.changed;
    return () => (base.get(key) ?? 0n) + changed;
  };
  const resolve = async (tx: Tx) => {
    await months.load(tx, monthMoves.map(({ rule }) => monthOf(rule)));
    // A period is whole months (currentPeriod): its one-off expenses are the months' totals, and its
    // recurring rules are expanded here; both as the page found them (the page's month moves come after).
    if (windows.size > 0) {
      const keys = [...windows.entries()];
      const sums = await tx.any(sql.type(z.object({ i: z.number(), spent: z.bigint() }))`
        SELECT k.i, (
          SELECT COALESCE(SUM(m.amount), 0) FROM notification_spending_months m
          WHERE m.organization_id = k.organization_id AND m.budget_category = k.category AND m.month BETWEEN k.start_date AND k.end_date
        )::bigint + (
          SELECT COALESCE(SUM(s.amount), 0) FROM notification_spending_rules s ${occurrencesWithin('s', sql.fragment`k.start_date`, sql.fragment`k.end_date`)}
          WHERE s.organization_id = k.organization_id AND s.budget_category = k.category AND s.is_recurring
            AND ${mayOccurWithin('s', sql.fragment`k.start_date`, sql.fragment`k.end_date`)}
        )::bigint AS spent
        FROM jsonb_to_recordset(${sql.jsonb(keys.map(([, w], i) => ({ i, organization_id: w.organization_id, category: w.category, start_date: w.start_date, end_date: w.end_date })))})
          AS k(i integer, organization_id uuid, category text, start_date date, end_date date)`);
      for (const { i, spent } of sums) base.set(keys[i][0], (base.get(keys[i][0]) ?? 0n) + spent);
    }
    for (const { rule, sign } of monthMoves) moveMonth(months, rule, sign);
  };
  return { spentIn, onRule, resolve };
}

async function applyPage(all: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const events = all.filter((event) => handled.has(event.type));
  if (events.length === 0) return;
  const dataOf = (event: RecordedEvent) => event.data as { organizationId?: string; expenseId?: string; budgetId?: string; connectionId?: string };
  const state: State = { budgets: rowsFor(resident, budgetSpec), rules: rowsFor(resident, ruleSpec), connections: rowsFor(resident, connectionSpec) };
  const months = rowsFor(resident, monthSpec);
  const expenseIds = events.flatMap((event) => (event.type.startsWith('Expense') ? [String(dataOf(event).expenseId)] : []));
  const organizations = [...new Set(events.flatMap((event) => (event.type.startsWith('Expense') || event.type.startsWith('Budget') ? [String(dataOf(event).organizationId)] : [])))];
  await state.rules.load(tx, expenseIds);
  if (organizations.length > 0) {
    const wanted = new Set(organizations.map(lower));
    await state.budgets.loadWhere(tx, sql.fragment`organization_id = ANY(${sql.array(organizations, 'uuid')})`, (row) => wanted.has(lower(row.organization_id)));
  }
  await state.budgets.load(tx, events.flatMap((event) => (event.type.startsWith('Budget') ? [String(dataOf(event).budgetId)] : [])));
  await state.connections.load(tx, events.flatMap((event) => (event.type.startsWith('Bank') ? [String(dataOf(event).connectionId)] : [])));

  const spending = months.holdsWhole && state.rules.holdsKept ? spendingInMemory(state.rules, months) : spendingFromSql(months);
  const filed: { event: RecordedEvent; intent: Filed }[] = [];
  fold(events, state, spending, (event, intent) => filed.push({ event, intent }));
  await spending.resolve(tx);
  const outbox = new Map<string, Row>();
  // An import files one notification per account and day for 10,000 events: a key seen before in
  // the page is passed over before its id (a SHA-1) and its draft are worked out again.
  const seenKeys = new Set<string>();
  for (const { event, intent: filedIntent } of filed) {
    const intent = typeof filedIntent === 'function' ? filedIntent() : filedIntent;
    if (!intent || seenKeys.has(intent.key)) continue;
    seenKeys.add(intent.key);
    const notificationId = notificationIdOf(intent.key);
    if (outbox.has(notificationId)) continue;
    const { key: _key, ...draft } = intent;
    outbox.set(notificationId, {
      notification_id: notificationId, organization_id: intent.organizationId, cause_event_id: event.id,
      correlation_id: event.metadata.correlationId ?? null, draft: JSON.stringify({ ...draft, notificationId }), created_at: intent.createdAt,
    });
  }
  await state.budgets.flush(tx);
  await state.rules.flush(tx);
  await months.flush(tx);
  await state.connections.flush(tx);
  if (outbox.size > 0) {
    filings += 1;
    for (const listener of filingListeners) listener();
    await tx.query(sql.unsafe`
      INSERT INTO notification_outbox (notification_id, organization_id, cause_event_id, correlation_id, draft, created_at)
      SELECT notification_id, organization_id, cause_event_id, correlation_id, draft::jsonb, created_at
      FROM jsonb_to_recordset(${jsonbOf([...outbox.values()])})
        AS o(notification_id uuid, organization_id uuid, cause_event_id uuid, correlation_id text, draft text, created_at timestamptz)
      ON CONFLICT (notification_id) DO NOTHING`);
  }
}

export const notificationTriggersProjector: Projector = {
  name: 'notification-triggers',
  handles: (type) => handled.has(type),
  // 3: one-off expenses summed per month (notification_spending_months).
  version: 3,
  tables: ['notification_outbox', 'notification_budgets', 'notification_spending_rules', 'notification_spending_months', 'notification_connections'],
  // Each page sums the budgets' periods over the rules and loads its organizations' budgets: without
  // these a rebuild scans the whole rules table once per page (20k events: 21.6 s of 37 s).
  indexesReadWhileApplying: ['notification_spending_rules_recurring', 'notification_spending_months_pkey', 'notification_budgets_category'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_outbox (
        notification_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        cause_event_id uuid NOT NULL,
        correlation_id text,
        draft jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS notification_outbox_order ON notification_outbox (created_at, notification_id)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_budgets (
        budget_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        category text NOT NULL,
        budget_amount bigint NOT NULL,
        period text NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS notification_budgets_category ON notification_budgets (organization_id, category)`);
    // One row per counted expense: a recurring one is its rule, expanded for the period when read.
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_spending_rules (
        organization_id uuid NOT NULL,
        expense_id uuid PRIMARY KEY,
        budget_category text NOT NULL,
        amount bigint NOT NULL,
        date date NOT NULL,
        is_recurring boolean NOT NULL,
        recurring_period text,
        recurring_duration integer,
        recurring_end_date date
      )`);
    // A period's sum reads one-off expenses from the month totals and the recurring rules here (an
    // index over both walked every rule dated before the period's end).
    await tx.query(sql.unsafe`DROP INDEX IF EXISTS notification_spending_rules_lookup`);
    await tx.query(sql.unsafe`DROP INDEX IF EXISTS notification_spending_rules_one_off`);
    await tx.query(sql.unsafe`
      CREATE INDEX IF NOT EXISTS notification_spending_rules_recurring ON notification_spending_rules (organization_id, budget_category, date)
      INCLUDE (amount, recurring_period, recurring_duration, recurring_end_date) WHERE is_recurring`);
    // Version 1 kept each occurrence (24 months of an indefinite expense).
    await tx.query(sql.unsafe`DROP TABLE IF EXISTS notification_spending`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_connections (
        connection_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        bank_name text NOT NULL
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_spending_months (
        organization_id uuid NOT NULL,
        budget_category text NOT NULL,
        month date NOT NULL,
        amount bigint NOT NULL,
        PRIMARY KEY (organization_id, budget_category, month)
      )`);
    for (const table of ['notification_outbox', 'notification_budgets', 'notification_spending_rules', 'notification_spending_months', 'notification_connections']) await protectTenantTable(tx, table);
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
