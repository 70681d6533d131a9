import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { inbox } from './inbox';
import { notification, type NotificationDraft, type NotificationEvent } from './notification';

const given = deciderSpec(notification);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const ANA = '0190a000-0000-7000-8000-0000000000a1';
const BIA = '0190a000-0000-7000-8000-0000000000a2';

const draft = (overrides: Partial<NotificationDraft> = {}): NotificationDraft => ({
  notificationId: '0190a000-0000-5000-8000-0000000000n1', organizationId: ORG, userId: null, type: 'system',
  title: 'Bem-vindo ao Fluxo!', message: 'Pronto.', priority: 'low', actionUrl: '/dashboard', createdAt: '2025-01-01T12:00:00.000Z', ...overrides,
});
const raised = (overrides: Partial<NotificationDraft> = {}): NotificationEvent => ({ type: 'NotificationRaised', data: draft(overrides) });
const read = (userId: string): NotificationEvent => ({ type: 'NotificationRead', data: { notificationId: draft().notificationId, organizationId: ORG, userId } });

describe('Notification', () => {
  it('is raised once: raising the same id again records nothing', () => {
    given([]).when({ type: 'RaiseNotification', data: draft() }).then([raised()]);
    given([raised()]).when({ type: 'RaiseNotification', data: draft() }).then([]);
  });

  it('is read per user, once each', () => {
    given([raised()]).when({ type: 'MarkNotificationRead', data: { organizationId: ORG, userId: ANA } }).then([read(ANA)]);
    given([raised(), read(ANA)]).when({ type: 'MarkNotificationRead', data: { organizationId: ORG, userId: ANA } }).then([]);
    given([raised(), read(ANA)]).when({ type: 'MarkNotificationRead', data: { organizationId: ORG, userId: BIA } }).then([read(BIA)]);
  });

  it("another tenant's, another user's or a missing notification is not found", () => {
    given([raised()]).when({ type: 'MarkNotificationRead', data: { organizationId: OTHER_ORG, userId: ANA } }).thenThrows('not_found', 'Notificação não encontrada');
    given([raised({ userId: ANA })]).when({ type: 'MarkNotificationRead', data: { organizationId: ORG, userId: BIA } }).thenThrows('not_found');
    given([]).when({ type: 'MarkNotificationRead', data: { organizationId: ORG, userId: ANA } }).thenThrows('not_found');
  });
});

describe('Inbox', () => {
  it('records mark-all-read up to an instant', () => {
    deciderSpec(inbox)([]).when({ type: 'MarkAllNotificationsRead', data: { organizationId: ORG, userId: ANA, upTo: '2025-01-01T12:00:00.000Z' } })
      .then([{ type: 'AllNotificationsRead', data: { organizationId: ORG, userId: ANA, upTo: '2025-01-01T12:00:00.000Z' } }]);
  });
});
