// Read model of notifications and of who read them (per user: one row per read, plus a
// "read everything up to" mark per user from mark-all-read).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { InboxEvent } from '../../domain/notifications/inbox';
import type { NotificationEvent } from '../../domain/notifications/notification';
import type { Projector, Tx } from '../projector';
import { rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const notificationSpec = {
  table: 'notifications', key: ['id'],
  columns: ['id', 'organization_id', 'user_id', 'type', 'title', 'message', 'priority', 'action_url', 'created_at'],
} as const;
const readSpec = { table: 'notification_reads', key: ['notification_id', 'user_id'], columns: ['organization_id', 'notification_id', 'user_id', 'read_at'] } as const;
const markSpec = { table: 'notification_read_marks', key: ['organization_id', 'user_id'], columns: ['organization_id', 'user_id', 'up_to'] } as const;

const handles = (type: string) => type.startsWith('Notification') || type === 'AllNotificationsRead';

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type))
    .map((event) => ({ event, e: decodeEvent<NotificationEvent | InboxEvent>(event) }));
  if (decoded.length === 0) return;
  const notifications = rowsFor(resident, notificationSpec);
  const reads = rowsFor(resident, readSpec);
  const marks = rowsFor(resident, markSpec);
  const ofType = <T extends (typeof decoded)[number]['e']['type']>(type: T) =>
    decoded.flatMap(({ e }) => (e.type === type ? [e as Extract<typeof e, { type: T }>] : []));
  await notifications.load(tx, ofType('NotificationRaised').map((e) => e.data.notificationId));
  await reads.load(tx, ofType('NotificationRead').map((e) => ({ notification_id: e.data.notificationId, user_id: e.data.userId })));
  await marks.load(tx, ofType('AllNotificationsRead').map((e) => ({ organization_id: e.data.organizationId, user_id: e.data.userId })));
  for (const { event, e } of decoded) {
    switch (e.type) {
      case 'NotificationRaised': {
        const n = e.data;
        notifications.insertIfAbsent({
          id: n.notificationId, organization_id: n.organizationId, user_id: n.userId, type: n.type, title: n.title, message: n.message,
          priority: n.priority, action_url: n.actionUrl, created_at: n.createdAt,
        });
        break;
      }
      case 'NotificationRead':
        reads.insertIfAbsent({ organization_id: e.data.organizationId, notification_id: e.data.notificationId, user_id: e.data.userId, read_at: event.metadata.occurredAt });
        break;
      case 'AllNotificationsRead': {
        const key = { organization_id: e.data.organizationId, user_id: e.data.userId };
        const existing = marks.get(key);
        const upTo = existing && Date.parse(String(existing.up_to)) >= Date.parse(e.data.upTo) ? existing.up_to : e.data.upTo;
        marks.put({ ...key, up_to: upTo });
        break;
      }
    }
  }
  await notifications.flush(tx);
  await reads.flush(tx);
  await marks.flush(tx);
}

export const notificationsProjector: Projector = {
  name: 'notifications',
  answers: ['notification', 'notificationinbox'],
  handles,
  version: 1,
  tables: ['notifications', 'notification_reads', 'notification_read_marks'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notifications (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        user_id uuid,
        type text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        priority text NOT NULL,
        action_url text,
        created_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS notifications_inbox ON notifications (organization_id, created_at DESC)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_reads (
        organization_id uuid NOT NULL,
        notification_id uuid NOT NULL,
        user_id uuid NOT NULL,
        read_at timestamptz NOT NULL,
        PRIMARY KEY (notification_id, user_id)
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_read_marks (
        organization_id uuid NOT NULL,
        user_id uuid NOT NULL,
        up_to timestamptz NOT NULL,
        PRIMARY KEY (organization_id, user_id)
      )`);
    for (const table of ['notifications', 'notification_reads', 'notification_read_marks']) await protectTenantTable(tx, table);
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
