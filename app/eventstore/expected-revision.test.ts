import { describe, expect, it } from 'vitest';
import { appendGuard, satisfiesExpectedRevision } from './expected-revision';
import { ConcurrencyError, type ExpectedRevision } from './port';

describe('expected revision of an append', () => {
  const cases: Array<[ExpectedRevision, number | null, boolean]> = [
    ['any', null, true],
    ['any', 4, true],
    ['no_stream', null, true],
    ['no_stream', 0, false],
    ['stream_exists', null, false],
    ['stream_exists', 0, true],
    [2, 2, true],
    [2, 3, false],
    [0, null, false],
  ];
  it.each(cases)('expected %s, stream at %s → %s', (expected, actual, ok) => {
    expect(satisfiesExpectedRevision(expected, actual)).toBe(ok);
  });

  it("refuses 'no_stream' on an existing stream (a deterministic id cannot be appended twice)", () => {
    expect(() => appendGuard('expense-1', 'no_stream', 0)).toThrow(ConcurrencyError);
  });

  it("refuses 'stream_exists' on a missing stream", () => {
    expect(() => appendGuard('expense-1', 'stream_exists', null)).toThrow(ConcurrencyError);
  });

  it('guards the write with the exact revision the events were hashed against', () => {
    expect(appendGuard('expense-1', 'any', 7)).toBe(7);
    expect(appendGuard('expense-1', 'stream_exists', 3)).toBe(3);
    expect(appendGuard('expense-1', 'any', null)).toBe('no_stream');
    expect(appendGuard('expense-1', 'no_stream', null)).toBe('no_stream');
  });
});
