// Demo: one full insight analysis of the bakery once every other step has recorded its history,
// so the Insights IA screen and the dashboard card open on real findings.
import { systemContext } from '../../app/context';
import { generateInsights } from '../../app/insights/insights';
import type { DemoSeedStep } from './demo';

export const seedInsights: DemoSeedStep = async (deps, { organizationId, adminUserId, now }) => {
  await deps.waitForProjections(await deps.eventStore.headPosition());
  // Offline on purpose: the demo's texts are the engine's own, whatever LLM is configured.
  await generateInsights(deps, { ...systemContext(now, organizationId), actorUserId: adminUserId });
};
