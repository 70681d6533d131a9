// Per-organization isolation of a projector's page: when the page as a whole fails, each
// organization is applied on its own savepoint, so one tenant's bad event degrades that tenant
// (for that projector) and every other tenant keeps flowing.
import { sql } from 'slonik';
import { z } from 'zod';
import type { RecordedEvent } from '../app/eventstore/port';
import { applyEvents, type Projector, type Tx } from './projector';
import type { Resident } from './rows';

/** The organization an event belongs to; null = platform events. */
export const organizationOf = (event: RecordedEvent): string | null => event.metadata.organizationId ?? null;

/** Key for maps and sets: null (platform) as ''. */
export const orgKey = (organizationId: string | null): string => organizationId ?? '';

export type Failure = { organizationId: string | null; event: RecordedEvent; error: unknown };

/** Errors of the connection or the transaction, not of the events: retry the page, degrade no one. */
export function isTransient(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(08|40|53|57|58)/.test(code)) return true;
  }
  return false;
}

export function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e && messages.length < 3; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : String(e);
    if (!messages.includes(message)) messages.push(message);
  }
  return messages.join(' — ').slice(0, 2000);
}

/**
 * Applies `events` (already without held-back organizations) on savepoints, organization by
 * organization; a failing organization's events up to the failing one are kept (event by event),
 * the rest of its page is dropped. Returns the failures; transient errors are rethrown.
 */
export async function applyIsolated(projector: Projector, events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<Failure[]> {
  const groups = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const key = orgKey(organizationOf(event));
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  const failures: Failure[] = [];
  for (const group of groups.values()) {
    try {
      await tx.transaction(async (savepoint) => applyEvents(projector, group, savepoint, resident));
      continue;
    } catch (error) {
      if (isTransient(error)) throw error;
    }
    for (const event of group) {
      try {
        await tx.transaction(async (savepoint) => applyEvents(projector, [event], savepoint, resident));
      } catch (error) {
        if (isTransient(error)) throw error;
        failures.push({ organizationId: organizationOf(event), event, error });
        break;
      }
    }
  }
  return failures;
}

export async function recordFailure(tx: Tx, projector: string, failure: Failure): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO projection_failures (projector, organization_id, position, event_id, event_type, error)
    VALUES (${projector}, ${failure.organizationId}, ${failure.event.position.toString()}::bigint, ${failure.event.id},
            ${failure.event.type}, ${describeError(failure.error)})
    ON CONFLICT (projector, COALESCE(organization_id, '00000000-0000-0000-0000-000000000000'::uuid)) WHERE resolved_at IS NULL
    DO NOTHING`);
}

/** Tables of the projector that carry organization_id (the rows a replay of one organization replaces). */
export async function tenantTables(tx: Tx, projector: Projector): Promise<string[]> {
  if (projector.tables.length === 0) return [];
  return [...await tx.anyFirst(sql.type(z.object({ table_name: z.string() }))`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'organization_id'
      AND table_name = ANY(${sql.array([...projector.tables], 'text')})`)];
}
