// /api/notifications: the header bell's list (polled every 30 s) and marking as read, per user.
// This plugin also runs the notification dispatcher for as long as the server is up (a process with
// --role=projections, which has no routes, runs its own: scripts/fluxo.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { startNotificationDispatcher, type NotificationDispatcher } from '../../app/notifications/dispatcher';
import { markAllNotificationsRead, markNotificationRead } from '../../app/notifications/notifications';
import { notificationPriorities, notificationTypes, NOTIFICATION_NOT_FOUND } from '../../domain/notifications/notification';
import { notFound } from '../../domain/shared/errors';
import { findNotification, listNotifications, type NotificationRow } from '../../projections/notifications/queries';
import { actorContext, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';

const messageResponse = z.object({ message: z.string() });

export const notificationResponse = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  priority: z.enum(notificationPriorities),
  isRead: z.boolean(),
  actionUrl: z.string().nullable(),
  createdAt: z.string(),
});

const toNotification = (row: NotificationRow): z.infer<typeof notificationResponse> => ({
  id: row.id, type: row.type, title: row.title, message: row.message, priority: row.priority,
  isRead: row.is_read, actionUrl: row.action_url, createdAt: row.created_at,
});

/** The bell shows the newest ones; older notifications are reached with react-admin's range. */
const DEFAULT_PAGE = 50;

export const notificationRoutes = (deps: AppDeps, options: { dispatcher?: boolean } = {}): FastifyPluginAsyncZod => async (app) => {
  const tags = ['notificações'];
  let dispatcher: NotificationDispatcher | null = null;
  if (options.dispatcher !== false) {
    app.addHook('onReady', async () => {
      dispatcher = startNotificationDispatcher(deps);
    });
    app.addHook('onClose', async () => {
      await dispatcher?.stop();
    });
  }

  app.get('/notifications', {
    schema: {
      tags,
      summary: 'Notificações do usuário, mais recentes primeiro (filter: {"unread": true}); cabeçalho X-Unread-Count',
      querystring: listQuerySchema,
      response: { 200: z.array(notificationResponse) },
    },
  }, async (request, reply) => {
    const { organizationId, userId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: { createdAt: sql.fragment`created_at` }, defaultSort: ['createdAt', 'DESC'] });
    const limit = request.query.range ? params.limit : DEFAULT_PAGE;
    const { rows, total, unread } = await withTenant(deps.db, organizationId, (tx) =>
      listNotifications(tx, organizationId, userId, { limit, offset: params.offset, unreadOnly: params.filter.unread === true }));
    reply.header('X-Unread-Count', String(unread));
    return sendList(reply, 'notifications', rows.map(toNotification), total, params.offset);
  });

  app.patch('/notifications/mark-all-read', {
    schema: { tags, summary: 'Marcar todas como lidas', response: { 200: z.object({ updated: z.number() }) } },
  }, async (request) => {
    const { organizationId, userId } = requireTenant(request);
    const updated = await markAllNotificationsRead(deps, { organizationId, userId }, actorContext(request, deps));
    return { updated };
  });

  app.patch('/notifications/:id/read', {
    schema: { tags, summary: 'Marcar como lida', params: z.object({ id: z.string() }), response: { 200: notificationResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId, userId } = requireTenant(request);
    await markNotificationRead(deps, { organizationId, userId, notificationId: request.params.id }, actorContext(request, deps));
    const row = await withTenant(deps.db, organizationId, (tx) => findNotification(tx, organizationId, userId, request.params.id.toLowerCase()));
    if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
    return toNotification(row);
  });
};
