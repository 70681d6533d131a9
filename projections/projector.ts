// What a projector is: a named, versioned read model built from events, one transaction per batch.
import type { CommonQueryMethods } from 'slonik';
import type { RecordedEvent } from '../app/eventstore/port';
import type { Resident } from './rows';

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
  /**
   * The stream categories whose records this read model answers (`expense` for the expenses list):
   * a write's own answer waits only for these; the derived views (ledger, search, triggers…) are
   * waited for by the same session's next read (api/plugins/stored-writes.ts).
   */
  readonly answers?: readonly string[];
  /** Applies one event; must be idempotent and ignore event types it does not know. */
  handle(event: RecordedEvent, tx: Tx): Promise<void>;
  /**
   * Applies a page of events (log order) with set-based statements: load the rows the page
   * touches, fold the page in memory, write once. Same result as `handle` on each event in turn.
   * `resident` (a rebuild): its tables' rows held in memory across pages (rowsFor).
   */
  handleBatch?(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void>;
  /**
   * Tables that are a function of other projectors' rows (the ledger's entries are the expenses and
   * revenues): a rebuild that rebuilds `sources` too computes them from the sources' shadow tables
   * once those are loaded, with set-based SQL, instead of folding the same events again. The live
   * runner and a rebuild without the sources fold, as always; the equality of both is tested
   * (rebuild.property.int.test.ts) and measured on every bench (rebuild == incremental).
   */
  readonly derivable?: Derivable;
};

export type Derivable = {
  /** Names of the projectors whose tables `derive` reads; none of them derivable itself. */
  readonly sources: readonly string[];
  /** The tables `derive` fills: the load leaves them empty, and their primary keys are built after them. */
  readonly tables: readonly string[];
  /** Events the load still folds into this projector's other tables (the ledger's categories); none when absent. */
  readonly folds?: (type: string) => boolean;
  /**
   * Fill the derived tables (the shadow schema is on the search_path) from the sources' shadow
   * tables, `schemaOf(source)`: independent steps, each in its own transaction, side by side.
   */
  readonly derive: readonly ((tx: Tx, schemaOf: (source: string) => string) => Promise<void>)[];
};

/**
 * The projectors whose read models answer records of these stream categories, or null when one
 * category has none that says so (then every projector is waited for).
 */
export function projectorsAnswering(projectors: readonly Projector[], categories: Iterable<string>): string[] | null {
  const names = new Set<string>();
  for (const category of categories) {
    const answering = projectors.filter((p) => p.answers?.includes(category));
    if (answering.length === 0) return null;
    for (const p of answering) names.add(p.name);
  }
  return [...names];
}

/**
 * Applies a page through the projector's batch path when it has one, event by event otherwise.
 * With a rebuild's `resident` rows, what the page changed in them is kept only if it succeeds.
 */
export async function applyEvents(projector: Projector, events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  if (events.length === 0) return;
  if (!projector.handleBatch) {
    for (const event of events) await projector.handle(event, tx);
    return;
  }
  if (!resident) return projector.handleBatch(events, tx);
  try {
    await projector.handleBatch(events, tx, resident);
  } catch (error) {
    resident.discard();
    throw error;
  }
  resident.commit();
}
