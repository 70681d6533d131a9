// Transaction ids must never change: a file imported again, or a bank sync of the same account,
// finds the transactions it already has only because they get the ids they got the first time.
import fc from 'fast-check';
import { v5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { LEDGER_NAMESPACE, recordedIdOf, TRANSACTION_NAMESPACE, transactionIdOf, uuidV5 } from './keys';

describe('transaction identities', () => {
  it('gives the same UUIDv5 as the uuid package, for any name (accents, emoji, empty, longer than the reused buffer)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme', minLength: 600, maxLength: 2000 })), fc.constantFrom(TRANSACTION_NAMESPACE, LEDGER_NAMESPACE), (name, namespace) => {
        expect(uuidV5(name, namespace)).toBe(v5(name, namespace));
      }),
    );
  });

  it('keeps the ids transactions were first imported with', () => {
    const { id, kind } = transactionIdOf('01a21bac-a684-7431-9866-b142be012d78', 'acct_28c43147bc48405cf63ea021e4c4c078', {
      kind: 'none', date: '2025-01-01', amount: -12345n, description: 'PAGTO ÁGUA', occurrence: 0,
    });
    expect({ id, kind }).toEqual({ id: v5('01a21bac-a684-7431-9866-b142be012d78|acct_28c43147bc48405cf63ea021e4c4c078|none|2025-01-01|-12345|pagto agua|0', TRANSACTION_NAMESPACE), kind: 'none' });
    expect(recordedIdOf(id)).toBe(v5(id, LEDGER_NAMESPACE));
  });
});
