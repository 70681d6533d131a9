// Read models of organizations and their users (no secrets: credentials live elsewhere).
import { sql } from 'slonik';
import type { RecordedEvent } from '../../app/eventstore/port';
import { decodeEvent } from '../../app/eventstore/codec';
import type { OrganizationEvent } from '../../domain/identity/organization';
import type { UserEvent } from '../../domain/identity/user';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export const usersProjector: Projector = {
  name: 'identity',
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
  async handle(event: RecordedEvent, tx: Tx) {
    if (!event.type.startsWith('Organization') && !event.type.startsWith('User')) return;
    const e = decodeEvent<OrganizationEvent | UserEvent>(event);
    switch (e.type) {
      case 'OrganizationRegistered':
        await tx.query(sql.unsafe`
          INSERT INTO organizations (id, name, slug, status, created_at)
          VALUES (${e.data.organizationId}, ${e.data.name}, ${e.data.slug}, 'active', ${e.data.createdAt})
          ON CONFLICT (id) DO NOTHING`);
        return;
      case 'OrganizationUpdated':
        await tx.query(sql.unsafe`UPDATE organizations SET name = ${e.data.name}, slug = ${e.data.slug} WHERE id = ${e.data.organizationId}`);
        return;
      case 'OrganizationStatusChanged':
        await tx.query(sql.unsafe`UPDATE organizations SET status = ${e.data.status} WHERE id = ${e.data.organizationId}`);
        return;
      case 'OrganizationDeleted':
        await tx.query(sql.unsafe`UPDATE organizations SET deleted_at = ${e.data.deletedAt} WHERE id = ${e.data.organizationId}`);
        return;
      case 'UserRegistered':
        await tx.query(sql.unsafe`
          INSERT INTO users (id, organization_id, username, email, role, created_at, audit_valid_from, audit_valid_until)
          VALUES (${e.data.userId}, ${e.data.organizationId}, ${e.data.username}, ${e.data.email}, ${e.data.role}, ${e.data.createdAt},
                  ${e.data.auditAccess?.validFrom ?? null}, ${e.data.auditAccess?.validUntil ?? null})
          ON CONFLICT (id) DO NOTHING`);
        return;
      case 'UserProfileUpdated':
        await tx.query(sql.unsafe`
          UPDATE users SET username = ${e.data.username}, email = ${e.data.email},
            avatar_ref = ${e.data.avatarRef === undefined ? sql.fragment`avatar_ref` : sql.fragment`${e.data.avatarRef}`}
          WHERE id = ${e.data.userId}`);
        return;
      case 'UserRoleChanged':
        await tx.query(sql.unsafe`
          UPDATE users SET role = ${e.data.role}, audit_valid_from = ${e.data.auditAccess?.validFrom ?? null},
            audit_valid_until = ${e.data.auditAccess?.validUntil ?? null}
          WHERE id = ${e.data.userId}`);
        return;
      case 'UserLoggedIn':
        await tx.query(sql.unsafe`UPDATE users SET last_login = ${e.data.at} WHERE id = ${e.data.userId}`);
        return;
      case 'UserDeleted':
        await tx.query(sql.unsafe`
          UPDATE users SET deleted_at = ${e.data.deletedAt}, deleted_reason = ${e.data.reason} WHERE id = ${e.data.userId}`);
        return;
      case 'UserPasswordChanged':
        return;
    }
  },
};
