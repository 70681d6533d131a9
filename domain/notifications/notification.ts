// The Notification aggregate: a message raised for an organization (or one of its users), read per user.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { notFound } from '../shared/errors';

/** Namespace of notification ids: a notification's id is the uuid v5 of its cause's key in it. */
export const NOTIFICATION_NAMESPACE = '6f1c2b0e-3d5a-4b8e-9f61-2a7c4e9d0b13';

export const notificationTypes = ['insight_critical', 'insight_warning', 'system', 'transaction'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationPriorities = ['low', 'medium', 'high', 'critical'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

const notificationData = z.object({
  notificationId: z.string(),
  organizationId: z.string(),
  /** null: every user of the organization sees it. */
  userId: z.string().nullable(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  priority: z.enum(notificationPriorities),
  actionUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationDraft = z.output<typeof notificationData>;

export const notificationEvents = {
  NotificationRaised: notificationData,
  NotificationRead: z.object({ notificationId: z.string(), organizationId: z.string(), userId: z.string() }),
};
export type NotificationEvent = EventsOf<typeof notificationEvents>;

export type NotificationCommand =
  | { type: 'RaiseNotification'; data: NotificationDraft }
  | { type: 'MarkNotificationRead'; data: { organizationId: string; userId: string } };

export type NotificationState =
  | { kind: 'none' }
  | { kind: 'raised'; notification: NotificationDraft; readBy: readonly string[] };

export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada';

export const notification: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'NotificationRaised' }, ({ data }): NotificationState => ({ kind: 'raised', notification: data, readBy: [] }))
      .with({ type: 'NotificationRead' }, ({ data }): NotificationState =>
        state.kind === 'raised' ? { ...state, readBy: [...state.readBy, data.userId] } : state)
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      // Raising is idempotent: the id is derived from what caused it, so a second try is a no-op.
      .with({ type: 'RaiseNotification' }, ({ data }): NotificationEvent[] =>
        state.kind === 'raised' ? [] : [{ type: 'NotificationRaised', data }])
      .with({ type: 'MarkNotificationRead' }, ({ data }): NotificationEvent[] => {
        const visible = state.kind === 'raised' && state.notification.organizationId === data.organizationId &&
          (state.notification.userId === null || state.notification.userId === data.userId);
        if (!visible) throw notFound(NOTIFICATION_NOT_FOUND);
        if (state.readBy.includes(data.userId)) return [];
        return [{ type: 'NotificationRead', data: { notificationId: state.notification.notificationId, organizationId: data.organizationId, userId: data.userId } }];
      })
      .exhaustive(),
};
