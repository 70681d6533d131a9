// When the read models of an organization last changed, as a counter: a cache keeps a read only
// if no change that concerns it was announced since the read began (startedAt = now() before it).
// Shared by the caches of reads that writes and requests repeat (organization-reads.ts, the session
// lookups of api/plugins/auth.ts).
import type { ReadModelChange, ReadModelChanges } from '../../projections/runner';

export class ChangeTicks {
  private tick = 0;
  private allChangedAt = 0;
  /** The last change by these projectors under any organization (for reads tied to none). */
  private anyChangedAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly unsubscribe: () => void;

  /**
   * Counts the changes `projectors` announce (a change that names its writers and none of these is
   * ignored); `onChange` runs after each counted one ('all' included).
   */
  constructor(changes: ReadModelChanges, private readonly projectors: readonly string[], onChange?: (change: ReadModelChange) => void) {
    this.unsubscribe = changes.subscribe((change) => {
      if (change === 'all') this.dropAll();
      else {
        const writers = change.projectors;
        if (writers && !this.projectors.some((p) => writers.has(p))) return;
        this.anyChangedAt = ++this.tick;
        for (const organizationId of change.organizations) this.changedAt.set(organizationId.toLowerCase(), this.tick);
      }
      onChange?.(change);
    });
  }

  now(): number {
    return this.tick;
  }

  /** Everything read so far is stale (a change not announced per organization). */
  dropAll(): void {
    this.allChangedAt = ++this.tick;
    this.changedAt.clear();
  }

  /** Whether a change concerning this organization (null: any) came after `startedAt`. */
  changedSince(organizationId: string | null, startedAt: number): boolean {
    if (this.allChangedAt > startedAt) return true;
    return (organizationId === null ? this.anyChangedAt : (this.changedAt.get(organizationId.toLowerCase()) ?? 0)) > startedAt;
  }

  close(): void {
    this.unsubscribe();
  }
}
