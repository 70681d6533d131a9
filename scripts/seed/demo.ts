// The demo organization, created through real commands so the event log is the demo's history.
import { sql } from 'slonik';
import { z } from 'zod';
import { registerOrganization, createUserAccount } from '../../app/identity/auth';
import { systemContext } from '../../app/context';
import { asPlatform } from '../../app/db/platform';
import type { AppDeps } from '../../app/deps';
import { seedMoneyIn } from './revenues';
import { seedMoneyOut } from './expenses';
import { seedBanking } from './banking';
import { seedTeam } from './identity';
import { seedInsights } from './insights';

export const DEMO = {
  organizationName: 'Padaria Pão Dourado Ltda',
  organizationSlug: 'padaria-pao-dourado',
  admin: { username: 'Mariana Souza', email: 'demo@fluxo.app', password: 'demo123' },
  viewer: { username: 'Carlos Lima', email: 'carlos@fluxo.app', password: 'demo123' },
};

export type DemoSeedStep = (deps: AppDeps, demo: { organizationId: string; adminUserId: string; now: Date }) => Promise<void>;

/** Later features append their own steps here (expenses, revenues, goals, bank data, …). */
export const demoSteps: DemoSeedStep[] = [];
demoSteps.push(seedMoneyIn);
demoSteps.push(seedMoneyOut);
demoSteps.push(seedBanking);
demoSteps.push(seedTeam);

/** Steps that analyse what the others recorded (the insight analysis): they run after every demoSteps entry. */
export const demoFinalSteps: DemoSeedStep[] = [seedInsights];

export async function seedDemo(deps: AppDeps): Promise<void> {
  // Across organizations (the platform context: the runtime role sees no tenant's rows otherwise),
  // once the read models hold the whole log (a restart after a stop mid-seed).
  await deps.waitForProjections(await deps.eventStore.headPosition());
  const exists = await asPlatform(deps.db, (tx) => tx.oneFirst(sql.type(z.object({ exists: z.boolean() }))`
    SELECT EXISTS (SELECT 1 FROM organizations WHERE slug = ${DEMO.organizationSlug}) AS exists`));
  if (exists) return;
  const now = deps.clock();
  const context = systemContext(now);
  const { organizationId, userId } = await registerOrganization(deps, { ...DEMO.admin, organizationName: DEMO.organizationName, organizationSlug: DEMO.organizationSlug }, context);
  const viewer = await createUserAccount(deps, { organizationId, ...DEMO.viewer, role: 'user' }, { ...context, organizationId, actorUserId: userId });
  await deps.waitForProjections(viewer.position);
  for (const step of [...demoSteps, ...demoFinalSteps]) await step(deps, { organizationId, adminUserId: userId, now });
  // Its passwords are in the README, never in the log.
  deps.logger.info({ email: DEMO.admin.email }, 'organização demo criada (credenciais no README)');
}
