// The audit trail as an auditor reads it: an organization's events (filtered, newest first) and one
// record's history with the state after each event, folded with the domain's own evolve functions.
// Reads the event store itself (this is one of the two features allowed to), always by organization.
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { asPlatform } from '../db/platform';
import { decodeEvent, isKnownEvent } from '../eventstore/codec';
import type { EventMetadata, EventStore, RecordedEvent } from '../eventstore/port';
import type { Db } from '../db/pool';
import { notFound, validationError } from '../../domain/shared/errors';
import type { Decider } from '../../domain/shared/decider';
import { expense } from '../../domain/finance/expense';
import { revenue } from '../../domain/finance/revenue';
import { budget } from '../../domain/finance/budget';
import { financialGoal } from '../../domain/finance/goal';
import { investment } from '../../domain/finance/investment';
import { category } from '../../domain/finance/category';
import { user } from '../../domain/identity/user';
import { organization } from '../../domain/identity/organization';
import { impersonation } from '../../domain/identity/impersonation';
import { bankConnection } from '../../domain/banking/bank-connection';
import { importedTransaction } from '../../domain/banking/imported-transaction';
import { notification } from '../../domain/notifications/notification';
import { inbox } from '../../domain/notifications/inbox';
import { insights } from '../../domain/insights/insight';

export type AuditFilters = {
  /** A whole stream id (`expense-0193…`) or a category (`expense`). */
  stream?: string;
  type?: string;
  actor?: string;
  impersonator?: string;
  /** Instants (ISO-8601), both included. */
  from?: string;
  to?: string;
};

export type AuditEvent = {
  position: string;
  id: string;
  streamId: string;
  revision: number;
  type: string;
  occurredAt: string | null;
  actorUserId: string | null;
  actorName: string | null;
  impersonatorUserId: string | null;
  impersonatorName: string | null;
  impersonationSessionId: string | null;
  requestId: string | null;
  correlationId: string | null;
  hash: string | null;
  data: Record<string, unknown>;
};

type Deps = { db: Db; eventStore: EventStore };

const eventRow = z.object({
  position: z.bigint(), event_id: z.string(), stream_id: z.string(), revision: z.number(), type: z.string(),
  data: z.record(z.unknown()), metadata: z.record(z.unknown()),
});

export function toRecorded(row: z.infer<typeof eventRow>): RecordedEvent {
  return { id: row.event_id, streamId: row.stream_id, revision: row.revision, position: row.position, type: row.type, data: row.data, metadata: row.metadata as EventMetadata };
}

const STREAM_ID = /^[A-Za-z]+-[0-9a-f-]{36}$/i;
const CATEGORY = /^[A-Za-z]+$/;

function instant(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw validationError(`Parâmetro ${field} inválido: use uma data e hora ISO-8601`, { [field]: 'Data e hora inválidas' });
  return parsed.toISOString();
}

function matches(event: RecordedEvent, filters: AuditFilters, from?: string, to?: string): boolean {
  const m = event.metadata;
  if (filters.stream && event.streamId !== filters.stream && !event.streamId.startsWith(`${filters.stream}-`)) return false;
  if (filters.type && event.type !== filters.type) return false;
  if (filters.actor && m.actorUserId !== filters.actor) return false;
  if (filters.impersonator && m.impersonatorUserId !== filters.impersonator) return false;
  if (from && (!m.occurredAt || m.occurredAt < from)) return false;
  if (to && (!m.occurredAt || m.occurredAt > to)) return false;
  return true;
}

function checkStreamFilter(stream: string | undefined): void {
  if (stream && !STREAM_ID.test(stream) && !CATEGORY.test(stream)) {
    throw validationError('Filtro de stream inválido: use o id do stream (ex.: expense-…) ou uma categoria (ex.: expense)', { stream: 'Stream inválido' });
  }
}

/** One page of the organization's events, newest first, and how many match in all. */
export async function listAuditEvents(
  deps: Deps,
  organizationId: string,
  filters: AuditFilters,
  page: { offset: number; limit: number },
): Promise<{ events: AuditEvent[]; total: number }> {
  checkStreamFilter(filters.stream);
  const from = instant(filters.from, 'from');
  const to = instant(filters.to, 'to');
  let events: RecordedEvent[];
  let total: number;
  if (deps.eventStore.kind === 'postgres') {
    const where: FragmentSqlToken[] = [sql.fragment`metadata->>'organizationId' = ${organizationId}`];
    if (filters.stream) {
      where.push(STREAM_ID.test(filters.stream) ? sql.fragment`stream_id = ${filters.stream}` : sql.fragment`stream_id LIKE ${`${filters.stream}-%`}`);
    }
    if (filters.type) where.push(sql.fragment`type = ${filters.type}`);
    if (filters.actor) where.push(sql.fragment`metadata->>'actorUserId' = ${filters.actor}`);
    if (filters.impersonator) where.push(sql.fragment`metadata->>'impersonatorUserId' = ${filters.impersonator}`);
    if (from) where.push(sql.fragment`(metadata->>'occurredAt')::timestamptz >= ${from}::timestamptz`);
    if (to) where.push(sql.fragment`(metadata->>'occurredAt')::timestamptz <= ${to}::timestamptz`);
    const condition = sql.join(where, sql.fragment` AND `);
    const rows = await deps.db.any(sql.type(eventRow)`
      SELECT position, event_id, stream_id, revision, type, data, metadata FROM events
      WHERE ${condition} ORDER BY position DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
    events = rows.map(toRecorded);
    total = await deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM events WHERE ${condition}`);
  } else {
    const all = await readOrganizationHistory(deps.eventStore, organizationId);
    const kept = all.filter((e) => matches(e, filters, from, to)).reverse();
    events = kept.slice(page.offset, page.offset + page.limit);
    total = kept.length;
  }
  return { events: await withNames(deps.db, events), total };
}

export async function readOrganizationHistory(eventStore: EventStore, organizationId: string, until?: bigint): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after = 0n;
  for (;;) {
    const page = await eventStore.readOrganization(organizationId, { after, limit: 2000, ...(until !== undefined ? { until } : {}) });
    if (page.length === 0) break;
    after = page[page.length - 1].position;
    events.push(...page);
  }
  return events;
}

/** Actor and impersonator names from the users read model (the ids come from the organization's own events). */
async function withNames(db: Db, events: RecordedEvent[]): Promise<AuditEvent[]> {
  const ids = [...new Set(events.flatMap((e) => [e.metadata.actorUserId, e.metadata.impersonatorUserId]).filter((id): id is string => !!id && /^[0-9a-f-]{36}$/i.test(id)))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    // Platform context: an impersonator is a super admin, who belongs to no organization.
    const rows = await asPlatform(db, (tx) => tx.any(sql.type(z.object({ id: z.string(), username: z.string() }))`
      SELECT id::text AS id, username FROM users WHERE id = ANY(${sql.array(ids, 'uuid')})`));
    for (const row of rows) names.set(row.id, row.username);
  }
  return events.map((e) => toAuditEvent(e, names));
}

export function toAuditEvent(e: RecordedEvent, names: Map<string, string> = new Map()): AuditEvent {
  const m = e.metadata;
  return {
    position: e.position.toString(), id: e.id, streamId: e.streamId, revision: e.revision, type: e.type,
    occurredAt: m.occurredAt ?? null,
    actorUserId: m.actorUserId ?? null, actorName: m.actorUserId ? names.get(m.actorUserId) ?? null : null,
    impersonatorUserId: m.impersonatorUserId ?? null, impersonatorName: m.impersonatorUserId ? names.get(m.impersonatorUserId) ?? null : null,
    impersonationSessionId: m.impersonationSessionId ?? null, requestId: m.requestId ?? null, correlationId: m.correlationId ?? null,
    hash: m.hash ?? null, data: e.data,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider = Pick<Decider<any, any, any>, 'initialState' | 'evolve'>;

/** The aggregate each stream category belongs to (the part of the stream id before the uuid). */
const deciders: Record<string, AnyDecider> = {
  expense, revenue, budget, goal: financialGoal, investment, category, user, organization, impersonation,
  bankConnection, importedTransaction, notification, notificationinbox: inbox, insights,
};

/** Plain JSON of a folded state: bigints (centavos) as strings. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

export type StreamStep = AuditEvent & { state: unknown };

/** A record's whole history with the state after each event; another tenant's stream is a missing one. */
export async function streamHistory(deps: Deps, organizationId: string, streamId: string): Promise<{ streamId: string; aggregate: string; steps: StreamStep[] }> {
  if (!STREAM_ID.test(streamId) && !/^[A-Za-z]+-[0-9a-f-]+$/i.test(streamId)) throw notFound('Registro não encontrado');
  const events = await deps.eventStore.readStream(streamId);
  if (events.length === 0 || events.some((e) => e.metadata.organizationId !== organizationId)) throw notFound('Registro não encontrado');
  const aggregate = streamId.slice(0, streamId.indexOf('-'));
  const decider = deciders[aggregate];
  const named = await withNames(deps.db, events);
  let state: unknown = decider ? decider.initialState() : null;
  const steps = events.map((event, index) => {
    if (decider && isKnownEvent(event)) state = decider.evolve(state, decodeEvent(event));
    return { ...named[index], state: decider ? plain(state) : null };
  });
  return { streamId, aggregate, steps };
}
