// Reads of a read model a write checks on every call (is this category usable?), reused between
// requests while the projectors writing that model have announced no change for the organization.
//
// Same rules as the answer cache (api/plugins/answer-cache.ts): a read is kept only if no change
// that concerns it was announced while it ran (ChangeTicks), nothing is kept or reused while this process
// does not hear every change (it is not the projection leader), and a kept read is at most
// MAX_AGE_MS old, so a change the announcements miss (none is known) would show within that time.
import type { ReadModelChanges } from '../../projections/runner';
import { ChangeTicks } from './change-ticks';

const MAX_AGE_MS = 1_000;
const MAX_ENTRIES = 10_000;

type Entry<V> = { value: V; startedAt: number; at: number };

export type OrganizationReads<V> = {
  read(organizationId: string, key: string, load: () => Promise<V>): Promise<V>;
};

export function organizationReads<V>(changes: ReadModelChanges | undefined, projectors: readonly string[]): OrganizationReads<V> {
  if (!changes) return { read: (_organizationId, _key, load) => load() };
  const entries = new Map<string, Map<string, Entry<V>>>();
  let size = 0;
  const ticks = new ChangeTicks(changes, projectors, (change) => {
    if (change === 'all') {
      entries.clear();
      size = 0;
      return;
    }
    for (const organizationId of change.organizations) {
      const organization = organizationId.toLowerCase();
      size -= entries.get(organization)?.size ?? 0;
      entries.delete(organization);
    }
  });

  return {
    async read(organizationId, key, load) {
      const organization = organizationId.toLowerCase();
      if (!changes.complete()) return load();
      const entry = entries.get(organization)?.get(key);
      if (entry && performance.now() - entry.at < MAX_AGE_MS && !ticks.changedSince(organization, entry.startedAt)) return entry.value;
      const startedAt = ticks.now();
      const at = performance.now();
      const value = await load();
      if (changes.complete() && !ticks.changedSince(organization, startedAt)) {
        if (size >= MAX_ENTRIES) {
          entries.clear();
          size = 0;
        }
        let byKey = entries.get(organization);
        if (!byKey) entries.set(organization, (byKey = new Map()));
        if (!byKey.has(key)) size += 1;
        byKey.set(key, { value, startedAt, at });
      }
      return value;
    },
  };
}
