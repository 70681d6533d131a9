// The explicit contexts a query on tenant rows needs when it does not run inside withTenant.
import { sql, type CommonQueryMethods } from 'slonik';
import type { Db } from './pool';

type Queryable = Pick<CommonQueryMethods, 'transaction'>;

/**
 * A transaction in the platform context: row-level security lets the runtime role see every
 * organization's rows. Only for paths that span tenants by nature (login, session lookup, the
 * super admin's screens, jobs driven by the whole log) — never for a tenant's request.
 */
export async function asPlatform<T>(db: Queryable, fn: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT set_config('app.platform', 'on', true)`);
    return fn(tx);
  });
}

/** A transaction with the tenant set but the runtime role kept (its writes, e.g. attachments). */
export async function asTenant<T>(db: Queryable, organizationId: string, fn: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT set_config('app.organization_id', ${organizationId}, true)`);
    return fn(tx);
  });
}

const QUERY_METHODS = ['any', 'anyFirst', 'exists', 'many', 'manyFirst', 'maybeOne', 'maybeOneFirst', 'one', 'oneFirst', 'query'] as const;

/**
 * The pool as seen from the platform context: each query (and each transaction) runs in its own
 * asPlatform transaction. For whole-log jobs written against a pool (the audit sealer, verifier
 * and export), never for a tenant's request.
 */
export function platformDb(db: Db): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'transaction') {
        return (handler: (tx: CommonQueryMethods) => Promise<unknown>) => asPlatform(target, handler);
      }
      if ((QUERY_METHODS as readonly PropertyKey[]).includes(key)) {
        return (...args: unknown[]) => asPlatform(target, (tx) => (tx[key as (typeof QUERY_METHODS)[number]] as (...a: unknown[]) => Promise<unknown>)(...args));
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
