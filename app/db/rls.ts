// Row-level security on a table whose rows carry organization_id. Two permissive policies:
// - tenant: the row's organization is the one set for the transaction (withTenant, or
//   tenantContext); nothing is visible when it is not set;
// - platform: for the runtime role only, inside an explicit platform context (asPlatform), for
//   the paths that legitimately span tenants (login, sessions, super admin, event-driven jobs).
import { sql, type CommonQueryMethods } from 'slonik';
import { privilegeList, PROJECTOR_ROLE, RUNTIME_ROLE, TENANT_ROLE, type Privilege } from './roles';

export async function protectTenantRows(db: Pick<CommonQueryMethods, 'query'>, table: string, tenantGrants: readonly Privilege[] = ['SELECT']): Promise<void> {
  const id = sql.identifier([table]);
  const tenantPolicy = sql.identifier([`${table}_tenant_isolation`]);
  await db.query(sql.unsafe`ALTER TABLE ${id} ENABLE ROW LEVEL SECURITY`);
  await db.query(sql.unsafe`DROP POLICY IF EXISTS ${tenantPolicy} ON ${id}`);
  await db.query(sql.unsafe`
    CREATE POLICY ${tenantPolicy} ON ${id}
    USING (organization_id = NULLIF(current_setting('app.organization_id', true), '')::uuid)`);
  await protectOperatorRows(db, table);
  await db.query(sql.unsafe`GRANT ${privilegeList(tenantGrants)} ON ${id} TO ${sql.identifier([TENANT_ROLE])}`);
}

/**
 * RLS with the platform policy: rows the runtime role sees in a platform context. `ownRows`: also
 * an organization's own rows when the tenant is set (asTenant), though fluxo_app gets no grant.
 */
export async function protectOperatorRows(db: Pick<CommonQueryMethods, 'query'>, table: string, options: { ownRows?: boolean } = {}): Promise<void> {
  const id = sql.identifier([table]);
  const platformPolicy = sql.identifier([`${table}_platform`]);
  await db.query(sql.unsafe`ALTER TABLE ${id} ENABLE ROW LEVEL SECURITY`);
  if (options.ownRows) {
    const tenantPolicy = sql.identifier([`${table}_tenant_isolation`]);
    await db.query(sql.unsafe`DROP POLICY IF EXISTS ${tenantPolicy} ON ${id}`);
    await db.query(sql.unsafe`
      CREATE POLICY ${tenantPolicy} ON ${id} TO ${sql.identifier([RUNTIME_ROLE])}
      USING (organization_id = NULLIF(current_setting('app.organization_id', true), '')::uuid)`);
  }
  await db.query(sql.unsafe`DROP POLICY IF EXISTS ${platformPolicy} ON ${id}`);
  await db.query(sql.unsafe`
    CREATE POLICY ${platformPolicy} ON ${id} TO ${sql.identifier([RUNTIME_ROLE])}
    USING (current_setting('app.platform', true) = 'on')`);
}

/**
 * An operator table the projection worker reads and writes on every organization's behalf (its
 * failures, the rebuilds it runs): a policy for the projector role alone. Read models need none,
 * the projector owns them.
 */
export async function letProjectorSeeAll(db: Pick<CommonQueryMethods, 'query'>, table: string): Promise<void> {
  const id = sql.identifier([table]);
  const policy = sql.identifier([`${table}_projector`]);
  await db.query(sql.unsafe`DROP POLICY IF EXISTS ${policy} ON ${id}`);
  await db.query(sql.unsafe`CREATE POLICY ${policy} ON ${id} TO ${sql.identifier([PROJECTOR_ROLE])} USING (true) WITH CHECK (true)`);
}
