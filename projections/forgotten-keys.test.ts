// The keys a rebuild wrote out and forgot: a key added is always a "maybe" (never read as absent,
// which would lose its row), and a key never added is seldom one (each costs a read of the table).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ForgottenKeys } from './rows';

describe('ForgottenKeys', () => {
  it('answers "maybe" for every key added, and "no" for almost every other', () => {
    const forgotten = new ForgottenKeys();
    const added = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? randomUUID() : `${randomUUID()}|2024-03-01|food`));
    for (const key of added) forgotten.add(key);
    expect(added.filter((key) => !forgotten.mayHave(key))).toEqual([]);
    const others = Array.from({ length: 100_000 }, () => randomUUID());
    // About 1 in 20,000 at this many keys: 5 expected, 50 allowed.
    expect(others.filter((key) => forgotten.mayHave(key)).length).toBeLessThan(50);
  });
});
