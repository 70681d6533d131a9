// Whether the API says this organization's read models are held back (header X-Fluxo-Degraded,
// api/plugins/degraded-tenant.ts): every answer updates it, the layout shows a banner while it is set.
import { useSyncExternalStore } from 'react';

let degraded = false;
const listeners = new Set<() => void>();

export function noteDegradedHeader(response: Response): void {
  // Only answers of the API about the organization say it (a failed or non-API answer says nothing).
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('json')) return;
  const next = (response.headers.get('X-Fluxo-Degraded') ?? '') !== '';
  if (next === degraded) return;
  degraded = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOrganizationDegraded = (): boolean => useSyncExternalStore(subscribe, () => degraded, () => false);
