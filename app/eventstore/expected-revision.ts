// The decision every append makes before writing: does the stream's actual revision satisfy what
// the command expected, and which exact revision must the server still find when the write lands.
import { ConcurrencyError, type ExpectedRevision } from './port';

/** Whether a stream at `actual` (null: no stream) satisfies `expected`. */
export function satisfiesExpectedRevision(expected: ExpectedRevision, actual: number | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === null;
  if (expected === 'stream_exists') return actual !== null;
  return expected === actual;
}

/**
 * The server-side guard of an append: the exact revision the new events were hashed against
 * ('no_stream' when there was none), so a concurrent writer makes the append fail instead of
 * forking the hash chain. Throws ConcurrencyError when `expected` is not met.
 */
export function appendGuard(streamId: string, expected: ExpectedRevision, actual: number | null): number | 'no_stream' {
  if (!satisfiesExpectedRevision(expected, actual)) throw new ConcurrencyError(streamId, expected, actual);
  return actual ?? 'no_stream';
}
