// A recorded event is decoded once however many projectors read it, and a copy of it with other
// data is decoded afresh (the decoded value kept on the event does not travel with a spread).
import { describe, expect, it } from 'vitest';
import { decodeEvent } from './codec';
import type { RecordedEvent } from './port';

const expense = (amount: string): RecordedEvent => ({
  id: '5f0c6b2e-8a43-4c55-9d1e-0b6f3f1c2a10', streamId: 'Expense-1', revision: 0, position: 1n, type: 'ExpenseRecorded',
  data: {
    expenseId: '0d7f9a52-3c1b-4e8e-a6f0-2b9c5d4e7f81', organizationId: '9b2e4c6a-1d3f-4a5b-8c7d-6e5f4a3b2c1d', description: 'Aluguel', amount,
    category: 'rent', status: 'approved', date: '2024-03-05', expenseType: 'fixed', isRecurring: false, recurringPeriod: null, recurringDuration: null,
    recurringEndDate: null, attachment: null, source: null,
  },
  metadata: { organizationId: null, actorUserId: null, correlationId: 'c1', causationId: null, requestId: null, occurredAt: '2024-03-05T12:00:00.000Z' },
});

describe('decodeEvent', () => {
  it('decodes an event once, and a copy with other data on its own', () => {
    const event = expense('1500');
    const first = decodeEvent<{ type: string; data: { amount: bigint } }>(event);
    expect(first.data.amount).toBe(1500n);
    expect(decodeEvent(event)).toBe(first);
    const changed = { ...event, data: { ...event.data, amount: '99' } };
    expect(decodeEvent<{ type: string; data: { amount: bigint } }>(changed).data.amount).toBe(99n);
    expect(Object.keys(event)).toEqual(['id', 'streamId', 'revision', 'position', 'type', 'data', 'metadata']);
  });
});
