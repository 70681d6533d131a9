import { describe, expect, it } from 'vitest';
import { backwardsReadCount, revisionAt } from './stream-revision';

type Event = { revision: number; position: bigint } | null;

/** A stream's events newest first, as the backwards read yields them; counts how many were read. */
function backwards(events: Event[]): { read: () => number; stream: AsyncIterable<Event> } {
  let read = 0;
  return {
    read: () => read,
    stream: (async function* () {
      for (const event of events) {
        read++;
        yield event;
      }
    })(),
  };
}

// Stream of four events at log positions 10, 20, 35 and 50 (revisions 0–3).
const stream = (): Event[] => [
  { revision: 3, position: 50n },
  { revision: 2, position: 35n },
  { revision: 1, position: 20n },
  { revision: 0, position: 10n },
];

describe('EventStoreDB stream revision (record versions)', () => {
  it('is the newest revision for a reader of the present, read from the newest event alone', async () => {
    const read = backwards(stream());
    expect(await revisionAt(read.stream)).toBe(3);
    expect(read.read()).toBe(1);
    expect(backwardsReadCount(undefined)).toBe(1);
  });

  it('is the newest revision at or before the position a past reader sees', async () => {
    expect(await revisionAt(stream(), 50n)).toBe(3);
    expect(await revisionAt(stream(), 49n)).toBe(2);
    expect(await revisionAt(stream(), 35n)).toBe(2);
    expect(await revisionAt(stream(), 34n)).toBe(1);
    expect(await revisionAt(stream(), 10n)).toBe(0);
    expect(backwardsReadCount(10n)).toBeGreaterThan(1);
  });

  it('is none when the stream began after the reader, or is empty', async () => {
    expect(await revisionAt(stream(), 9n)).toBeNull();
    expect(await revisionAt([], 9n)).toBeNull();
    expect(await revisionAt([])).toBeNull();
  });

  it("skips events that are not Fluxo's (system or non-JSON) and stops at the first that counts", async () => {
    const read = backwards([null, { revision: 4, position: 70n }, null, { revision: 2, position: 35n }, { revision: 1, position: 20n }]);
    expect(await revisionAt(read.stream, 40n)).toBe(2);
    expect(read.read()).toBe(4);
    expect(await revisionAt([null, { revision: 5, position: 80n }])).toBe(5);
    expect(await revisionAt([null, null])).toBeNull();
  });
});
