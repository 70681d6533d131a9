// The super admin's organizations: create, rename, change status, delete (with all their users' access).
import { organization, type OrganizationStatus } from '../../domain/identity/organization';
import { notFound } from '../../domain/shared/errors';
import { findOrganization, listOrganizationUserIds, findActiveUser, type OrganizationRow } from '../../projections/identity/queries';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { newId } from '../ids';
import { assertSlug, organizationStream } from './auth';
import { endImpersonationsOf } from './impersonation';
import { setUpOrganization } from './organization-setup';
import { releaseKey, reserveKey } from './unique-keys';
import { removeUser } from './users';

async function liveOrganization(deps: AppDeps, id: string): Promise<OrganizationRow> {
  const org = await findOrganization(deps.db, id);
  if (!org || org.deleted_at) throw notFound('Organização não encontrada');
  return org;
}

export async function createOrganization(deps: AppDeps, input: { name: string; slug: string }, context: ActorContext): Promise<OrganizationRow> {
  const slug = input.slug.trim();
  assertSlug(slug);
  const organizationId = newId();
  await reserveKey(deps.db, 'organization_slug', slug, organizationId);
  try {
    const result = await handleCommand(deps.eventStore, organizationStream(organizationId), organization, {
      type: 'RegisterOrganization',
      data: { organizationId, name: input.name.trim(), slug, createdBy: context.actorUserId, now: context.now.toISOString() },
    }, { ...context, organizationId });
    await deps.waitForProjections(result.position);
  } catch (error) {
    await releaseKey(deps.db, 'organization_slug', slug, organizationId);
    throw error;
  }
  // Default expense categories and any other setup every new organization gets (app/identity/organization-setup.ts).
  await deps.waitForProjections(await setUpOrganization(deps, organizationId, { ...context, organizationId }));
  return liveOrganization(deps, organizationId);
}

export async function updateOrganization(
  deps: AppDeps,
  id: string,
  input: { name: string; slug: string; status?: OrganizationStatus },
  context: ActorContext,
): Promise<OrganizationRow> {
  const current = await liveOrganization(deps, id);
  const slug = input.slug.trim();
  assertSlug(slug);
  const scoped = { ...context, organizationId: id };
  const slugChanged = slug !== current.slug;
  if (slugChanged) await reserveKey(deps.db, 'organization_slug', slug, id);
  let position: bigint | null;
  try {
    ({ position } = await handleCommand(deps.eventStore, organizationStream(id), organization, { type: 'UpdateOrganization', data: { name: input.name.trim(), slug } }, scoped));
  } catch (error) {
    if (slugChanged) await releaseKey(deps.db, 'organization_slug', slug, id);
    throw error;
  }
  if (slugChanged) await releaseKey(deps.db, 'organization_slug', current.slug, id);
  if (input.status) {
    const status = await handleCommand(deps.eventStore, organizationStream(id), organization, { type: 'ChangeOrganizationStatus', data: { status: input.status } }, scoped);
    position = status.position ?? position;
  }
  await deps.waitForProjections(position);
  return liveOrganization(deps, id);
}

/**
 * Deletes an organization: OrganizationDeleted, then UserDeleted (organization_deleted) for each of
 * its users, whose sessions end. Its events stay in the log for audit; only access goes away.
 */
export async function deleteOrganization(deps: AppDeps, id: string, context: ActorContext): Promise<void> {
  const current = await liveOrganization(deps, id);
  const scoped = { ...context, organizationId: id };
  // Users first: if anything fails midway, the organization is still there to delete again.
  for (const userId of await listOrganizationUserIds(deps.db, id)) {
    const target = await findActiveUser(deps.db, userId);
    if (target) await removeUser(deps, target, 'organization_deleted', scoped);
  }
  await endImpersonationsOf(deps, id, context.now);
  const result = await handleCommand(deps.eventStore, organizationStream(id), organization, { type: 'DeleteOrganization', data: { now: context.now.toISOString() } }, scoped);
  await releaseKey(deps.db, 'organization_slug', current.slug, id);
  await deps.waitForProjections(result.position);
}
