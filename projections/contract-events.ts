// Reading events whose owners have not registered their schemas yet: decoded with the schema fixed
// in docs/EVENTS.md until the owner's (registered in domain/events.ts) exists, then with the owner's.
import { z } from 'zod';
import { decodeEvent } from '../app/eventstore/codec';
import type { RecordedEvent } from '../app/eventstore/port';
import { eventSchemas } from '../domain/events';

const contractSchemas = {
  InsightRecorded: z.object({
    insightId: z.string(),
    organizationId: z.string(),
    type: z.enum(['opportunity', 'trend', 'warning', 'recommendation']),
    title: z.string(),
    content: z.string(),
    priority: z.enum(['low', 'medium', 'high']),
    createdAt: z.string(),
    origin: z.enum(['analysis', 'auto']),
    rule: z.string().nullable().optional(),
  }),
  InsightsCleared: z.object({ organizationId: z.string(), insightIds: z.array(z.string()) }),
};

export type InsightRecorded = z.output<(typeof contractSchemas)['InsightRecorded']>;
export type ContractEvent =
  | { type: 'InsightRecorded'; data: InsightRecorded }
  | { type: 'InsightsCleared'; data: z.output<(typeof contractSchemas)['InsightsCleared']> };

export function isContractEvent(event: RecordedEvent): boolean {
  return event.type in contractSchemas;
}

export function decodeContractEvent(event: RecordedEvent): ContractEvent {
  if (event.type in eventSchemas) return decodeEvent<ContractEvent>(event);
  const schema = contractSchemas[event.type as keyof typeof contractSchemas];
  return { type: event.type, data: schema.parse(event.data) } as ContractEvent;
}
