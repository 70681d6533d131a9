// Read models of organizations and their users (no secrets: credentials live elsewhere).
import { sql } from 'slonik';
import type { RecordedEvent } from '../../app/eventstore/port';
import { decodeEvent } from '../../app/eventstore/codec';
import type { OrganizationEvent } from '../../domain/identity/organization';
import type { UserEvent } from '../../domain/identity/user';
import type { Projector, Tx } from '../projector';
import { rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const organizationSpec = { table: 'organizations', key: ['id'], columns: ['id', 'name', 'slug', 'status', 'created_at', 'deleted_at'] } as const;
const userSpec = {
  table: 'users', key: ['id'],
  columns: ['id', 'organization_id', 'username', 'email', 'role', 'avatar_ref', 'created_at', 'last_login', 'deleted_at', 'deleted_reason',
    'audit_valid_from', 'audit_valid_until'],
} as const;

const handles = (type: string) => type.startsWith('Organization') || type.startsWith('User');

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type))
    .map((event) => decodeEvent<OrganizationEvent | UserEvent>(event));
  if (decoded.length === 0) return;
  const organizations = rowsFor(resident, organizationSpec);
  const users = rowsFor(resident, userSpec);
  await organizations.load(tx, decoded.flatMap((e) => (e.type.startsWith('Organization') && 'organizationId' in e.data && e.data.organizationId ? [e.data.organizationId] : [])));
  await users.load(tx, decoded.flatMap((e) => ('userId' in e.data ? [e.data.userId] : [])));
  for (const e of decoded) {
    switch (e.type) {
      case 'OrganizationRegistered':
        organizations.insertIfAbsent({ id: e.data.organizationId, name: e.data.name, slug: e.data.slug, status: 'active', created_at: e.data.createdAt, deleted_at: null });
        break;
      case 'OrganizationUpdated':
        organizations.patch(e.data.organizationId, { name: e.data.name, slug: e.data.slug });
        break;
      case 'OrganizationStatusChanged':
        organizations.patch(e.data.organizationId, { status: e.data.status });
        break;
      case 'OrganizationDeleted':
        organizations.patch(e.data.organizationId, { deleted_at: e.data.deletedAt });
        break;
      case 'UserRegistered':
        users.insertIfAbsent({
          id: e.data.userId, organization_id: e.data.organizationId, username: e.data.username, email: e.data.email, role: e.data.role,
          avatar_ref: null, created_at: e.data.createdAt, last_login: null, deleted_at: null, deleted_reason: null,
          audit_valid_from: e.data.auditAccess?.validFrom ?? null, audit_valid_until: e.data.auditAccess?.validUntil ?? null,
        });
        break;
      case 'UserProfileUpdated': {
        const { username, email, avatarRef } = e.data;
        users.patch(e.data.userId, (row) => ({ username, email, avatar_ref: avatarRef === undefined ? row.avatar_ref : avatarRef }));
        break;
      }
      case 'UserRoleChanged':
        users.patch(e.data.userId, {
          role: e.data.role, audit_valid_from: e.data.auditAccess?.validFrom ?? null, audit_valid_until: e.data.auditAccess?.validUntil ?? null,
        });
        break;
      case 'UserLoggedIn':
        users.patch(e.data.userId, { last_login: e.data.at });
        break;
      case 'UserDeleted':
        users.patch(e.data.userId, { deleted_at: e.data.deletedAt, deleted_reason: e.data.reason });
        break;
      case 'UserPasswordChanged':
        break;
    }
  }
  await organizations.flush(tx);
  await users.flush(tx);
}

/** The projector of the users and organizations tables, which every session lookup reads. */
export const IDENTITY_PROJECTOR = 'identity';

export const usersProjector: Projector = {
  name: IDENTITY_PROJECTOR,
  handles,
  answers: ['user', 'organization'],
  version: 1,
  tables: ['organizations', 'users'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS organizations (
        id uuid PRIMARY KEY,
        organization_id uuid GENERATED ALWAYS AS (id) STORED,
        name text NOT NULL,
        slug text NOT NULL,
        status text NOT NULL DEFAULT 'active',
        created_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS users (
        id uuid PRIMARY KEY,
        organization_id uuid,
        username text NOT NULL,
        email text NOT NULL,
        role text NOT NULL,
        avatar_ref text,
        created_at timestamptz NOT NULL,
        last_login timestamptz,
        deleted_at timestamptz,
        deleted_reason text
      )`);
    // An auditor's access window ('YYYY-MM-DD', both days included); null for every other role.
    await tx.query(sql.unsafe`ALTER TABLE users ADD COLUMN IF NOT EXISTS audit_valid_from text`);
    await tx.query(sql.unsafe`ALTER TABLE users ADD COLUMN IF NOT EXISTS audit_valid_until text`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS users_email ON users (lower(email)) WHERE deleted_at IS NULL`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS users_organization ON users (organization_id) WHERE deleted_at IS NULL`);
    await protectTenantTable(tx, 'organizations');
    await protectTenantTable(tx, 'users');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
