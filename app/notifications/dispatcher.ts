// Raises the notifications the triggers projection filed in its outbox. Each time that projection
// files entries in this process (and every FULL_PASS_MS) it waits for that projection (and the
// notifications read model) to catch up with the log's head, then appends a NotificationRaised for
// every outbox entry not yet in the notifications read model. Raising is idempotent (the id is
// derived from the cause and the Notification decider refuses a second raise), so two processes,
// a crash between append and projection, or a rebuild of the outbox never notify twice.
import { sql } from 'slonik';
import { z } from 'zod';
import { handleCommand } from '../commands/handle-command';
import { asPlatform } from '../db/platform';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { sleepUnlessAborted } from '../sleep';
import { notification, type NotificationDraft } from '../../domain/notifications/notification';
import { onOutboxFiling, outboxFilings } from '../../projections/notifications/triggers';

const TRIGGERS_PROJECTION = 'notification-triggers';
const NOTIFICATIONS_PROJECTION = 'notifications';
const BATCH = 200;
/**
 * Without a filing seen here (the triggers projection runs in another process, a replay there, a
 * raise that failed), the outbox is still looked at this often.
 */
const FULL_PASS_MS = 15_000;

const pendingRow = z.object({
  notification_id: z.string(),
  organization_id: z.string(),
  cause_event_id: z.string(),
  correlation_id: z.string().nullable(),
  draft: z.record(z.unknown()),
});

export const notificationStream = (id: string) => streamName('notification', id);

/** Appends what the outbox holds and the read model lacks; returns how many it raised. */
export async function dispatchPendingNotifications(deps: Pick<AppDeps, 'db' | 'eventStore' | 'clock' | 'logger'>): Promise<number> {
  // Platform context: a job driven by the whole log, over every organization's outbox.
  const rows = await asPlatform(deps.db, (tx) => tx.any(sql.type(pendingRow)`
    SELECT o.notification_id, o.organization_id, o.cause_event_id, o.correlation_id, o.draft
    FROM notification_outbox o LEFT JOIN notifications n ON n.id = o.notification_id
    WHERE n.id IS NULL ORDER BY o.created_at, o.notification_id LIMIT ${BATCH}`));
  let raised = 0;
  for (const row of rows) {
    try {
      const result = await handleCommand(deps.eventStore, notificationStream(row.notification_id), notification, {
        type: 'RaiseNotification', data: row.draft as NotificationDraft,
      }, {
        organizationId: row.organization_id, actorUserId: null, requestId: null,
        correlationId: row.correlation_id ?? row.cause_event_id, causationId: row.cause_event_id, now: deps.clock(),
      });
      raised += result.events.length;
    } catch (error) {
      deps.logger.error({ err: error, notificationId: row.notification_id }, 'could not raise notification');
    }
  }
  return raised;
}

/** Where both the outbox (triggers) and the notifications read model are: a pass then sees what the last one raised. */
async function outboxPosition(deps: Pick<AppDeps, 'db'>): Promise<bigint> {
  const position = await deps.db.maybeOneFirst(sql.type(z.object({ position: z.bigint().nullable() }))`
    SELECT min(position) AS position FROM projection_checkpoints WHERE name IN (${TRIGGERS_PROJECTION}, ${NOTIFICATIONS_PROJECTION})`);
  return position ?? 0n;
}

export type NotificationDispatcher = { stop: () => Promise<void> };

export function startNotificationDispatcher(deps: Pick<AppDeps, 'db' | 'eventStore' | 'clock' | 'logger'>): NotificationDispatcher {
  const abort = new AbortController();
  const { signal } = abort;
  let seenFilings = -1;
  let lastRaised = 0;
  let fullPassDue = 0;
  // Woken by a filing of this process, not by every event of the log: a pass over events that
  // filed nothing found nothing to raise, yet cost the head twice and the outbox's checkpoints
  // (three statements per write). Otherwise it looks every FULL_PASS_MS, as before.
  let wake = (): void => undefined;
  const stopListening = onOutboxFiling(() => wake());
  const loop = (async () => {
    while (!signal.aborted) {
      try {
        // Counted before the head is read: a page counted by then holds events up to the head, and
        // has committed once the checkpoints reach it; a page counted later moves the count again.
        const filed = outboxFilings();
        // The outbox's pending entries are found by an anti-join over all of it: only when this
        // process filed some since the last look, the last look raised some, or a while has passed.
        if (filed !== seenFilings || lastRaised > 0 || Date.now() >= fullPassDue) {
          const head = await deps.eventStore.headPosition();
          // The outbox is complete up to `head` once the triggers projection has applied it (bounded wait).
          for (let waited = 0; waited < 10_000 && !signal.aborted && (await outboxPosition(deps)) < head; waited += 100) await sleepUnlessAborted(100, signal);
          if (signal.aborted) break;
          seenFilings = filed;
          fullPassDue = Date.now() + FULL_PASS_MS;
          lastRaised = await dispatchPendingNotifications(deps);
          if (lastRaised > 0) continue;
        }
        if (outboxFilings() !== seenFilings) continue;
        const filing = new AbortController();
        wake = () => filing.abort();
        await sleepUnlessAborted(Math.max(fullPassDue - Date.now(), 0), AbortSignal.any([signal, filing.signal]));
        wake = () => undefined;
      } catch (error) {
        if (signal.aborted) break;
        deps.logger.error({ err: error }, 'notification dispatcher pass failed');
        await sleepUnlessAborted(1_000, signal);
      }
    }
  })();
  return {
    stop: async () => {
      abort.abort();
      stopListening();
      await loop;
    },
  };
}
