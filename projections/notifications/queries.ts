// Reads of a user's notifications: what they can see (the organization's, or addressed to them) and
// whether they read it (a read of their own, or a mark-all-read that covers it).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { notificationPriorities, notificationTypes } from '../../domain/notifications/notification';

export const notificationRow = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  priority: z.enum(notificationPriorities),
  action_url: z.string().nullable(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

const visibleTo = (organizationId: string, userId: string) => sql.fragment`
  n.organization_id = ${organizationId} AND (n.user_id IS NULL OR n.user_id = ${userId})`;

const isRead = (userId: string) => sql.fragment`(
  EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${userId})
  OR EXISTS (SELECT 1 FROM notification_read_marks m WHERE m.organization_id = n.organization_id AND m.user_id = ${userId} AND n.created_at <= m.up_to))`;

/** Newest first. */
export async function listNotifications(
  tx: CommonQueryMethods, organizationId: string, userId: string, page: { limit: number; offset: number; unreadOnly?: boolean },
): Promise<{ rows: readonly NotificationRow[]; total: number; unread: number }> {
  const filter = page.unreadOnly ? sql.fragment`AND NOT ${isRead(userId)}` : sql.fragment``;
  const rows = await tx.any(sql.type(notificationRow)`
    SELECT n.id, n.type, n.title, n.message, n.priority, n.action_url, n.created_at, ${isRead(userId)} AS is_read
    FROM notifications n WHERE ${visibleTo(organizationId, userId)} ${filter}
    ORDER BY n.created_at DESC, n.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
  const counts = await tx.one(sql.type(z.object({ total: z.number(), unread: z.number() }))`
    SELECT count(*) FILTER (WHERE true ${filter})::int AS total, count(*) FILTER (WHERE NOT ${isRead(userId)})::int AS unread
    FROM notifications n WHERE ${visibleTo(organizationId, userId)}`);
  return { rows, ...counts };
}

export async function findNotification(tx: CommonQueryMethods, organizationId: string, userId: string, id: string): Promise<NotificationRow | null> {
  return tx.maybeOne(sql.type(notificationRow)`
    SELECT n.id, n.type, n.title, n.message, n.priority, n.action_url, n.created_at, ${isRead(userId)} AS is_read
    FROM notifications n WHERE ${visibleTo(organizationId, userId)} AND n.id = ${id}`);
}

/** How many are unread, and the newest one's instant (what mark-all-read covers). */
export async function unreadSummary(tx: CommonQueryMethods, organizationId: string, userId: string): Promise<{ unread: number; newest: string | null }> {
  return tx.one(sql.type(z.object({ unread: z.number(), newest: z.string().nullable() }))`
    SELECT count(*) FILTER (WHERE NOT ${isRead(userId)})::int AS unread, max(n.created_at) AS newest
    FROM notifications n WHERE ${visibleTo(organizationId, userId)}`);
}
