// Who is acting, for whom, and why: carried from the HTTP request into every event's metadata.
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from './eventstore/port';

export type ActorContext = {
  organizationId: string | null;
  actorUserId: string | null;
  impersonatorUserId?: string | null;
  impersonationSessionId?: string | null;
  requestId: string | null;
  correlationId: string;
  causationId?: string | null;
  now: Date;
};

export function systemContext(now = new Date(), organizationId: string | null = null): ActorContext {
  return { organizationId, actorUserId: null, requestId: null, correlationId: randomUUID(), now };
}

export function metadataFor(context: ActorContext): Omit<EventMetadata, 'prevHash' | 'hash'> {
  return {
    organizationId: context.organizationId,
    actorUserId: context.actorUserId,
    ...(context.impersonatorUserId ? { impersonatorUserId: context.impersonatorUserId, impersonationSessionId: context.impersonationSessionId ?? null } : {}),
    correlationId: context.correlationId,
    causationId: context.causationId ?? null,
    requestId: context.requestId,
    occurredAt: context.now.toISOString(),
  };
}
