// The Organization aggregate: a tenant, from registration to deletion.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { conflict, notFound } from '../shared/errors';

export const organizationStatuses = ['active', 'inactive', 'suspended'] as const;
export type OrganizationStatus = (typeof organizationStatuses)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The spec's slug rule: lowercased, non-alphanumerics to hyphens, repeated hyphens collapsed. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const organizationEvents = {
  OrganizationRegistered: z.object({
    organizationId: z.string(),
    name: z.string(),
    slug: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  }),
  OrganizationUpdated: z.object({ organizationId: z.string(), name: z.string(), slug: z.string() }),
  OrganizationStatusChanged: z.object({ organizationId: z.string(), status: z.enum(organizationStatuses) }),
  OrganizationDeleted: z.object({ organizationId: z.string(), deletedAt: z.string() }),
};
export type OrganizationEvent = EventsOf<typeof organizationEvents>;

export type OrganizationCommand =
  | { type: 'RegisterOrganization'; data: { organizationId: string; name: string; slug: string; createdBy: string | null; now: string } }
  | { type: 'UpdateOrganization'; data: { name: string; slug: string } }
  | { type: 'ChangeOrganizationStatus'; data: { status: OrganizationStatus } }
  | { type: 'DeleteOrganization'; data: { now: string } };

export type OrganizationState =
  | { status: 'none' }
  | { status: OrganizationStatus; id: string; name: string; slug: string }
  | { status: 'deleted'; id: string };

export const organization: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'OrganizationRegistered' }, ({ data }) => ({ status: 'active' as const, id: data.organizationId, name: data.name, slug: data.slug }))
      .with({ type: 'OrganizationUpdated' }, ({ data }) => (state.status === 'none' || state.status === 'deleted' ? state : { ...state, name: data.name, slug: data.slug }))
      .with({ type: 'OrganizationStatusChanged' }, ({ data }) => (state.status === 'none' || state.status === 'deleted' ? state : { ...state, status: data.status }))
      .with({ type: 'OrganizationDeleted' }, ({ data }) => ({ status: 'deleted' as const, id: data.organizationId }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RegisterOrganization' }, ({ data }): OrganizationEvent[] => {
        if (state.status !== 'none') throw conflict('Organização já existe');
        return [{ type: 'OrganizationRegistered', data: { organizationId: data.organizationId, name: data.name, slug: data.slug, createdBy: data.createdBy, createdAt: data.now } }];
      })
      .with({ type: 'UpdateOrganization' }, ({ data }): OrganizationEvent[] => {
        if (state.status === 'none' || state.status === 'deleted') throw notFound('Organização não encontrada');
        if (state.name === data.name && state.slug === data.slug) return [];
        return [{ type: 'OrganizationUpdated', data: { organizationId: state.id, name: data.name, slug: data.slug } }];
      })
      .with({ type: 'ChangeOrganizationStatus' }, ({ data }): OrganizationEvent[] => {
        if (state.status === 'none' || state.status === 'deleted') throw notFound('Organização não encontrada');
        if (state.status === data.status) return [];
        return [{ type: 'OrganizationStatusChanged', data: { organizationId: state.id, status: data.status } }];
      })
      .with({ type: 'DeleteOrganization' }, ({ data }): OrganizationEvent[] => {
        if (state.status === 'none' || state.status === 'deleted') throw notFound('Organização não encontrada');
        return [{ type: 'OrganizationDeleted', data: { organizationId: state.id, deletedAt: data.now } }];
      })
      .exhaustive(),
};
