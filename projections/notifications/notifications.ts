// Read model of notifications and of who read them (per user: one row per read, plus a
// "read everything up to" mark per user from mark-all-read).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { InboxEvent } from '../../domain/notifications/inbox';
import type { NotificationEvent } from '../../domain/notifications/notification';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export const notificationsProjector: Projector = {
  name: 'notifications',
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
  async handle(event: RecordedEvent, tx: Tx) {
    if (!event.type.startsWith('Notification') && event.type !== 'AllNotificationsRead') return;
    const e = decodeEvent<NotificationEvent | InboxEvent>(event);
    switch (e.type) {
      case 'NotificationRaised': {
        const n = e.data;
        await tx.query(sql.unsafe`
          INSERT INTO notifications (id, organization_id, user_id, type, title, message, priority, action_url, created_at)
          VALUES (${n.notificationId}, ${n.organizationId}, ${n.userId}, ${n.type}, ${n.title}, ${n.message}, ${n.priority}, ${n.actionUrl}, ${n.createdAt})
          ON CONFLICT (id) DO NOTHING`);
        return;
      }
      case 'NotificationRead':
        await tx.query(sql.unsafe`
          INSERT INTO notification_reads (organization_id, notification_id, user_id, read_at)
          VALUES (${e.data.organizationId}, ${e.data.notificationId}, ${e.data.userId}, ${event.metadata.occurredAt})
          ON CONFLICT DO NOTHING`);
        return;
      case 'AllNotificationsRead':
        await tx.query(sql.unsafe`
          INSERT INTO notification_read_marks (organization_id, user_id, up_to)
          VALUES (${e.data.organizationId}, ${e.data.userId}, ${e.data.upTo})
          ON CONFLICT (organization_id, user_id) DO UPDATE SET up_to = GREATEST(notification_read_marks.up_to, EXCLUDED.up_to)`);
        return;
    }
  },
};
