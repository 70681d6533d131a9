import { randomUUID } from 'node:crypto';
import type { AppendMetadata } from '../app/eventstore/port';

/** What a test's append records when no user acted: the organization, a fresh correlation id, the moment. */
export const systemMetadata = (organizationId: string | null, occurredAt = new Date().toISOString()): AppendMetadata => ({
  organizationId, actorUserId: null, correlationId: randomUUID(), causationId: null, requestId: null, occurredAt,
});
