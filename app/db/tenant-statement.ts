// A read of one record as the tenant in one round trip. withTenant takes four (START TRANSACTION,
// the tenant's settings, the query, COMMIT), and on a write's answer (the record read back after
// read-your-writes) those round trips were most of the request's statements.
//
// The settings and the query leave together, ahead of one Sync: PostgreSQL runs the messages
// before a Sync as one implicit transaction, so set_config(…, true) (SET LOCAL, SET LOCAL ROLE)
// holds for the query and ends with it, and the query is parsed and planned after the role switch,
// under the tenant's row-level security. When the settings fail, the server skips everything up
// to the Sync: the query never runs without them.
import pg from 'pg';
import { DataIntegrityError, SchemaValidationError, type CommonQueryMethods, type QuerySqlToken } from 'slonik';
import type { ZodTypeAny } from 'zod';
import { TENANT_ROLE } from './roles';

/** The tenant's settings, as withTenant makes them; no rows, so only the query's rows come back. */
const TENANT_SETTINGS = `SELECT WHERE (set_config('role', '${TENANT_ROLE}', true) || set_config('app.organization_id', $1, true)
  || set_config('max_parallel_workers_per_gather', '0', true)) IS NULL`;

type Connection = {
  parse(config: { text: string; types?: unknown[] }): void;
  bind(config: { values: unknown[] }): void;
  execute(config: Record<string, never>): void;
};
type PgQueryInternals = {
  prepare(connection: Connection): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
};
const QueryBase = pg.Query as unknown as new (config: pg.QueryConfig, values: undefined, callback: (error: Error | undefined, result: pg.QueryResult) => void) => pg.Query & PgQueryInternals;

/** node-postgres' extended query, preceded in the same write by the tenant's settings. */
class TenantQuery extends QueryBase {
  private settingsDone = false;

  constructor(private readonly organizationId: string, text: string, values: readonly unknown[], callback: (error: Error | undefined, result: pg.QueryResult) => void) {
    super({ text, values: [...values], queryMode: 'extended' } as pg.QueryConfig, undefined, callback);
  }

  override prepare(connection: Connection): void {
    connection.parse({ text: TENANT_SETTINGS, types: [] });
    connection.bind({ values: [this.organizationId] });
    connection.execute({});
    super.prepare(connection);
  }

  // The settings' statement completes first; the query's result starts after it.
  override handleCommandComplete(msg: unknown, connection: Connection): void {
    if (!this.settingsDone) {
      this.settingsDone = true;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }
}

/** Runs `query` as the tenant in one round trip; its rows as slonik returns them (parsed, zod-checked). */
async function tenantRows(pool: pg.Pool, organizationId: string, query: QuerySqlToken): Promise<readonly unknown[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const result = await new Promise<pg.QueryResult>((resolve, reject) => {
      // slonik's placeholders ($slonik_1) become PostgreSQL's ($1) as slonik's executeQuery does.
      client.query(new TenantQuery(organizationId, query.sql.replaceAll('$slonik_', '$'), query.values, (error, res) => (error ? reject(error) : resolve(res))));
    });
    const parser = query.parser as ZodTypeAny | undefined;
    return result.rows.map((row: unknown) => {
      if (!parser) return row;
      const parsed = parser.safeParse(row);
      if (!parsed.success) throw new SchemaValidationError(query, row as Record<string, never>, parsed.error.issues);
      return parsed.data as unknown;
    });
  } catch (error) {
    // A connection error leaves the client unusable: it leaves the pool.
    if (!(error as { code?: unknown }).code) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** What a record's finder may use: one statement, as the tenant. */
export type TenantStatement = Pick<CommonQueryMethods, 'maybeOne'>;

/** A finder's `tx` whose statement runs as the tenant in one round trip. */
export function tenantStatement(pool: pg.Pool, organizationId: string): TenantStatement {
  return {
    maybeOne: (async (query: QuerySqlToken) => {
      const rows = await tenantRows(pool, organizationId, query);
      if (rows.length > 1) throw new DataIntegrityError(query);
      return rows[0] ?? null;
    }) as TenantStatement['maybeOne'],
  };
}
