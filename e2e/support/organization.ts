// A fresh organization for a browser test: its org_admin and a view-only user, made by the same use cases as sign-up and 'Novo Usuário'.
import { systemContext } from '../../app/context';
import { createUserAccount, registerOrganization } from '../../app/identity/auth';
import type { E2eApp } from './app';

export interface Person {
  username: string;
  email: string;
  password: string;
}

/** Returns once the read models show both people, so they can sign in at once. */
export async function seedOrganization(app: E2eApp, organization: { name: string; slug: string }, admin: Person, viewer: Person): Promise<void> {
  const context = systemContext();
  const { organizationId, userId } = await registerOrganization(app.deps, {
    ...admin, organizationName: organization.name, organizationSlug: organization.slug,
  }, context);
  const created = await createUserAccount(app.deps, { organizationId, ...viewer, role: 'user' }, { ...context, organizationId, actorUserId: userId });
  await app.deps.waitForProjections(created.position);
}
