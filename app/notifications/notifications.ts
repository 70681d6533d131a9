// Use cases of the notification bell: mark one notification, or all of them, as read for the user.
import { v5 } from 'uuid';
import { notification, NOTIFICATION_NAMESPACE, NOTIFICATION_NOT_FOUND } from '../../domain/notifications/notification';
import { inbox } from '../../domain/notifications/inbox';
import { notFound } from '../../domain/shared/errors';
import { unreadSummary } from '../../projections/notifications/queries';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { notificationStream } from './dispatcher';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One inbox stream per user and organization (a super admin has one per impersonated tenant). */
export const inboxStream = (organizationId: string, userId: string) => streamName('notificationinbox', v5(`${organizationId}:${userId}`, NOTIFICATION_NAMESPACE));

export async function markNotificationRead(deps: AppDeps, input: { organizationId: string; userId: string; notificationId: string }, context: ActorContext): Promise<void> {
  if (!UUID.test(input.notificationId)) throw notFound(NOTIFICATION_NOT_FOUND);
  const result = await handleCommand(deps.eventStore, notificationStream(input.notificationId.toLowerCase()), notification, {
    type: 'MarkNotificationRead', data: { organizationId: input.organizationId, userId: input.userId },
  }, context);
  await deps.waitForProjections(result.position);
}

/** Marks read everything the user could see up to the newest notification; returns how many were unread. */
export async function markAllNotificationsRead(deps: AppDeps, input: { organizationId: string; userId: string }, context: ActorContext): Promise<number> {
  const { unread, newest } = await withTenant(deps.db, input.organizationId, (tx) => unreadSummary(tx, input.organizationId, input.userId));
  if (unread === 0 || newest === null) return 0;
  const result = await handleCommand(deps.eventStore, inboxStream(input.organizationId, input.userId), inbox, {
    type: 'MarkAllNotificationsRead', data: { organizationId: input.organizationId, userId: input.userId, upTo: newest },
  }, context);
  await deps.waitForProjections(result.position);
  return unread;
}
