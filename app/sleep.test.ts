import { describe, expect, it } from 'vitest';
import { sleepUnlessAborted } from './sleep';

describe('sleepUnlessAborted', () => {
  it('returns at once for a signal already aborted', async () => {
    const started = performance.now();
    await sleepUnlessAborted(10_000, AbortSignal.abort());
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('wakes when the signal aborts during the wait', async () => {
    const abort = new AbortController();
    const started = performance.now();
    setTimeout(() => abort.abort(), 20);
    await sleepUnlessAborted(10_000, abort.signal);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('leaves no listener on the signal once the timer fires', async () => {
    const abort = new AbortController();
    let listening = 0;
    const add = abort.signal.addEventListener.bind(abort.signal);
    const remove = abort.signal.removeEventListener.bind(abort.signal);
    abort.signal.addEventListener = ((...args: Parameters<typeof add>) => { listening++; add(...args); }) as typeof add;
    abort.signal.removeEventListener = ((...args: Parameters<typeof remove>) => { listening--; remove(...args); }) as typeof remove;
    await sleepUnlessAborted(5, abort.signal);
    expect(listening).toBe(0);
  });
});
