// A user's notification inbox in one organization: where "mark all as read" is recorded.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';

export const inboxEvents = {
  /** Every notification the user could see with createdAt up to `upTo` (ISO instant) is read. */
  AllNotificationsRead: z.object({ organizationId: z.string(), userId: z.string(), upTo: z.string() }),
};
export type InboxEvent = EventsOf<typeof inboxEvents>;

export type InboxCommand = { type: 'MarkAllNotificationsRead'; data: { organizationId: string; userId: string; upTo: string } };
export type InboxState = { readUpTo: string | null };

export const inbox: Decider<InboxState, InboxCommand, InboxEvent> = {
  initialState: () => ({ readUpTo: null }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'AllNotificationsRead' }, ({ data }): InboxState => ({ readUpTo: state.readUpTo && state.readUpTo > data.upTo ? state.readUpTo : data.upTo }))
      .exhaustive(),
  decide: (command) =>
    match(command)
      .with({ type: 'MarkAllNotificationsRead' }, ({ data }): InboxEvent[] => [{ type: 'AllNotificationsRead', data }])
      .exhaustive(),
};
