// Which revision of a stream a record's version is, read from EventStoreDB (which has no
// multi-stream look-up): one backwards read per stream, deciding from its events newest first.
import type { RecordedEvent } from './port';

/**
 * How many events the backwards read asks for: the newest alone for the present (the same event
 * an append's expected-revision check compares with); for a reader at `until`, enough to reach
 * back past the events appended since.
 */
export const backwardsReadCount = (until: bigint | undefined): number => (until === undefined ? 1 : 10_000);

/**
 * The revision a reader at `until` (undefined: now) sees of one stream, given its events newest
 * first (null: an event that is not Fluxo's, skipped): the newest at or before `until`, or null
 * when there is none. Stops reading at the first one that counts.
 */
export async function revisionAt(
  newestFirst: AsyncIterable<Pick<RecordedEvent, 'revision' | 'position'> | null> | Iterable<Pick<RecordedEvent, 'revision' | 'position'> | null>,
  until?: bigint,
): Promise<number | null> {
  for await (const event of newestFirst) {
    if (!event || (until !== undefined && event.position > until)) continue;
    return event.revision;
  }
  return null;
}
