// What a projector is: a named, versioned read model built from events, one transaction per batch.
import type { CommonQueryMethods } from 'slonik';
import type { RecordedEvent } from '../app/eventstore/port';

export type Tx = CommonQueryMethods;

export type Projector = {
  readonly name: string;
  /** Bump to rebuild the read model from the whole log into shadow tables, then swap. */
  readonly version: number;
  /** Tables this projector owns (unqualified); they move together on a rebuild swap. */
  readonly tables: readonly string[];
  /**
   * Secondary indexes the batch path itself reads through (not only the screens): a rebuild keeps
   * them while it loads the shadow tables instead of building them after the load.
   */
  readonly indexesReadWhileApplying?: readonly string[];
  /** Creates the tables with unqualified names, so a rebuild can create them in a shadow schema. */
  migrate(tx: Tx): Promise<void>;
  /**
   * Which event types this projector reads, when it says (the same test its page fold filters by):
   * a page with none of them costs it no transaction, only a checkpoint move shared with the other
   * projectors (runner.ts).
   */
  readonly handles?: (type: string) => boolean;
  /** Applies one event; must be idempotent and ignore event types it does not know. */
  handle(event: RecordedEvent, tx: Tx): Promise<void>;
  /**
   * Applies a page of events (log order) with set-based statements: load the rows the page
   * touches, fold the page in memory, write once. Same result as `handle` on each event in turn.
   */
  handleBatch?(events: readonly RecordedEvent[], tx: Tx): Promise<void>;
};

/** Applies a page through the projector's batch path when it has one, event by event otherwise. */
export async function applyEvents(projector: Projector, events: readonly RecordedEvent[], tx: Tx): Promise<void> {
  if (events.length === 0) return;
  if (projector.handleBatch) return projector.handleBatch(events, tx);
  for (const event of events) await projector.handle(event, tx);
}
