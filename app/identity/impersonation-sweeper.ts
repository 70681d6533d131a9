// Ends impersonations whose time is up even when nobody comes back to them, so the audit trail
// shows the end when it happened rather than at the next read.
import type { AppDeps } from '../deps';
import { sweepExpiredImpersonations } from './impersonation';

export const SWEEP_INTERVAL_MS = 60_000;

export function startImpersonationSweeper(deps: AppDeps, intervalMs = SWEEP_INTERVAL_MS): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepExpiredImpersonations(deps).catch((error) => deps.logger.error({ err: error }, 'impersonation sweep failed'));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
