// What use cases need from the outside world, passed in explicitly.
import type { AuditKey } from './audit/key';
import type { Db } from './db/pool';
import type { EventStore } from './eventstore/port';
import type { ReadModelChanges } from '../projections/runner';

export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
  debug: (obj: object | string, msg?: string) => void;
};

export type AppDeps = {
  db: Db;
  eventStore: EventStore;
  /**
   * Read-your-writes: resolves once the read models (every one, or the `only` projectors) include
   * `position` (bounded wait); false when the wait timed out (the API then answers 202 with the
   * position instead of a stale record).
   */
  waitForProjections: (position: bigint | null, only?: readonly string[]) => Promise<boolean | void>;
  clock: () => Date;
  logger: Logger;
  /** Signs and checks the audit checkpoints (kept outside the database); absent = no tamper evidence. */
  auditKey?: AuditKey;
  /** The projection runner's change announcements, when it runs in this process (api/plugins/answer-cache.ts). */
  readModels?: ReadModelChanges;
};
