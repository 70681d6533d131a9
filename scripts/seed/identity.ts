// Demo data of the people side: the bakery's second administrator (its accountant) and a second
// organization, so the admin panel, roles and impersonation have something real to show.
import { systemContext } from '../../app/context';
import type { AppDeps } from '../../app/deps';
import { createOrganization } from '../../app/identity/organizations';
import { createOrganizationUser } from '../../app/identity/users';
import { findActiveUserByEmail } from '../../projections/identity/queries';
import type { DemoSeedStep } from './demo';

export const DEMO_TEAM = {
  accountant: { username: 'Beatriz Ramos', email: 'beatriz@fluxo.app', password: 'demo123', role: 'org_admin' as const },
  otherOrganization: { name: 'Mercado Bom Preço', slug: 'mercado-bom-preco' },
  otherAdmin: { username: 'Rogério Alves', email: 'rogerio@fluxo.app', password: 'demo123', role: 'org_admin' as const },
};

export const seedTeam: DemoSeedStep = async (deps: AppDeps, { organizationId, adminUserId, now }) => {
  if (await findActiveUserByEmail(deps.db, DEMO_TEAM.accountant.email)) return;
  const context = { ...systemContext(now, organizationId), actorUserId: adminUserId };
  await createOrganizationUser(deps, organizationId, DEMO_TEAM.accountant, context);
  const other = await createOrganization(deps, DEMO_TEAM.otherOrganization, systemContext(now));
  await createOrganizationUser(deps, other.id, DEMO_TEAM.otherAdmin, systemContext(now, other.id));
};
