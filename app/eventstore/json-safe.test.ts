// toJsonSafe copies event data without a JSON text round trip; what it gives (and so every hash
// taken over it, and every event stored) must be exactly what the round trip gave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash, toJsonSafe } from './hash-chain';

/** The first implementation, kept as the reference the stored events were written with. */
const referenceSafe = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
const eventData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.bigInt(),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('10', '2', 'a-b', 'é', 'Z')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('toJsonSafe', () => {
  it('copies event data exactly as the JSON round trip did (bigint money as text, dates as ISO text)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), eventData, { maxKeys: 6 }), (data) => {
        expect(toJsonSafe(data)).toStrictEqual(referenceSafe(data));
      }),
    );
  });

  it('gives an event recorded before this change the same hash', () => {
    const data = toJsonSafe({ expenseId: '0b6c2f1e-6f1d-4c57-9d0a-3f8f2b7a9e10', amount: 123456n, description: 'Aluguel é ção', tags: ['b', 'a'], note: undefined });
    expect(canonicalJson(data)).toBe('{"amount":"123456","description":"Aluguel é ção","expenseId":"0b6c2f1e-6f1d-4c57-9d0a-3f8f2b7a9e10","tags":["b","a"]}');
    const hash = eventHash({
      streamId: 'expense-0b6c2f1e-6f1d-4c57-9d0a-3f8f2b7a9e10',
      revision: 0,
      type: 'ExpenseRecorded',
      data,
      metadata: { organizationId: 'org', actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: '2026-01-02T03:04:05.000Z', prevHash: null },
    });
    expect(hash).toBe('482e0db576f96433ddc5ce65ff89a26f277b07f827102d1428e2bb5a9d5d3d35');
  });
});
