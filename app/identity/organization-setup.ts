// What every new organization gets right after it is registered (by sign-up or by the super admin):
// steps that write their own events through the same use cases the API uses.
import { createDefaultCategories } from '../finance/categories';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';

/** A setup step; answers the last position it wrote (null when nothing). Steps must be idempotent. */
export type OrganizationSetupStep = (deps: AppDeps, organizationId: string, context: ActorContext) => Promise<bigint | null>;

export const onOrganizationRegistered: readonly OrganizationSetupStep[] = [createDefaultCategories];

/** Runs every setup step for a freshly registered organization; answers the last position written. */
export async function setUpOrganization(deps: AppDeps, organizationId: string, context: ActorContext): Promise<bigint | null> {
  let position: bigint | null = null;
  for (const step of onOrganizationRegistered) position = (await step(deps, organizationId, { ...context, organizationId })) ?? position;
  return position;
}
