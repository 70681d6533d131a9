import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash } from './hash-chain';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members, keeps arrays in order and writes bigint as strings', () => {
    const value = { b: [3, { z: 1, a: undefined, m: null }, 'x'], a: 10n, 'ç': 'é', A: true, nested: { y: [], x: {} } };
    expect(canonicalJson(value)).toBe('{"A":true,"a":"10","b":[3,{"m":null,"z":1},"x"],"nested":{"x":{},"y":[]},"ç":"é"}');
    expect(canonicalJson([undefined, null])).toBe('[null,null]');
    expect(canonicalJson('aspas "e" \\ barras')).toBe('"aspas \\"e\\" \\\\ barras"');
  });

  it('gives the hash events were chained with before (a stored history keeps verifying)', () => {
    // Taken from an event appended before this implementation: its hash must never change.
    expect(eventHash({
      streamId: 'expense-0193a0b2-0000-7000-8000-000000000001', revision: 0, type: 'ExpenseRecorded',
      data: { amount: '125050', description: 'Aluguel', date: '2026-11-01' },
      metadata: { organizationId: '0193a0b2-0000-7000-8000-00000000000a', actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: '2026-11-01T12:00:00.000Z', prevHash: null },
    })).toBe(HASH_BEFORE);
  });
});

const HASH_BEFORE = '40b33cbd512956ce0a8e9c1b0f28d076f36379588906806bf50eddd07178f38c';
