// One slonik pool per database, with the type parsing Fluxo relies on: money as bigint centavos,
// business dates as 'YYYY-MM-DD', instants as ISO strings, and zod-validated rows.
import pg from 'pg';
import {
  createPool,
  SchemaValidationError,
  type DatabasePool,
  type DriverTypeParser,
  type Interceptor,
} from 'slonik';

// json and jsonb are set here too rather than left to node-postgres's process-wide registry, which
// any library in the process may change: Emmett's dumbo, loaded by the bench, registers a reviver
// there that turns date-like strings into Dates (the bench read the log through it at 115k events/s,
// and at 264k without it).
const typeParsers: DriverTypeParser[] = [
  { name: 'int8', parse: (value: string) => BigInt(value) },
  { name: 'numeric', parse: (value: string) => value },
  { name: 'date', parse: (value: string) => value },
  { name: 'timestamptz', parse: (value: string) => new Date(value).toISOString() },
  { name: 'timestamp', parse: (value: string) => new Date(value + 'Z').toISOString() },
  { name: 'json', parse: (value: string) => JSON.parse(value) as unknown },
  { name: 'jsonb', parse: (value: string) => JSON.parse(value) as unknown },
];

/** The same parsing for node-postgres' own clients, by the built-in types' fixed OIDs (value, array). */
const BUILTIN_OIDS: Record<string, [number, number]> = {
  int8: [20, 1016], numeric: [1700, 1231], date: [1082, 1182], timestamptz: [1184, 1185], timestamp: [1114, 1115], json: [114, 199], jsonb: [3802, 3807],
};
const TEXT_ARRAY = 1009;
const rawParsers = new Map<number, (value: string) => unknown>();
for (const { name, parse } of typeParsers) {
  const [oid, arrayOid] = BUILTIN_OIDS[name];
  rawParsers.set(oid, parse);
  const elements = (pg.types.getTypeParser as (oid: number) => (value: string) => (string | null)[])(TEXT_ARRAY);
  rawParsers.set(arrayOid, (value) => elements(value).map((element) => (element === null ? null : parse(element))));
}
/** Fluxo's type parsing for a plain node-postgres client or pool (`types`). */
export const rawTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => rawParsers.get(oid) ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const resultParser: Interceptor = {
  name: 'fluxo-result-parser',
  transformRow: (context, query, row) => {
    const parser = context.resultParser;
    if (!parser) return row;
    const parsed = parser.safeParse(row);
    if (!parsed.success) throw new SchemaValidationError(query, row, parsed.error.issues);
    return parsed.data;
  },
};

export type Db = DatabasePool;

/**
 * Beside each pool, a few plain node-postgres connections (same login, same parsing) for the
 * statements slonik cannot send in one round trip (tenant-statement.ts); created on first use.
 */
const singleTripPools = new WeakMap<Db, pg.Pool>();

/** The plain connections of `db`, or undefined for a pool createDb did not make. */
export const singleTripPoolOf = (db: Db): pg.Pool | undefined => singleTripPools.get(db);

/**
 * How long an idle connection stays open. The drivers' defaults (slonik 5 s, node-postgres 10 s)
 * closed them at every pause of a few seconds, and the next request paid a new backend: the SCRAM
 * handshake, then catalog caches and plpgsql functions compiled again for each table it touched.
 * After a 12 s pause, on the 200k bench history (scripts/bench/idle-pause.ts, 4 pauses x 2 runs):
 * a POST /api/expenses 22-61 -> 15-35 ms, a GET /api/financial/metrics 12-25 -> 4-15 ms. The
 * server keeps at most 20 connections per pool either way.
 */
export const IDLE_CONNECTION_MS = 60_000;

export async function createDb(
  connectionString: string,
  options: { maximumPoolSize?: number; allowForeignConnections?: boolean } = {},
): Promise<Db> {
  const pool = await createSlonikPool(connectionString, options);
  const singleTrip = new pg.Pool({
    connectionString, max: 10, types: rawTypes, statement_timeout: 60_000, connectionTimeoutMillis: 5_000, allowExitOnIdle: true, idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  singleTrip.on('error', () => undefined);
  // A checked-out client has no listener of the pool's: the FATAL a PostgreSQL shutdown sends right
  // after a query's last message would otherwise crash the process as an unhandled 'error'. Such a
  // client is no longer queryable and leaves the pool when released.
  singleTrip.on('connect', (client) => client.on('error', () => undefined));
  const db: Db = {
    ...pool,
    end: async () => {
      await singleTrip.end();
      await pool.end();
    },
  };
  singleTripPools.set(db, singleTrip);
  return db;
}

function createSlonikPool(connectionString: string, options: { maximumPoolSize?: number; allowForeignConnections?: boolean }): Promise<DatabasePool> {
  return createPool(connectionString, {
    typeParsers,
    interceptors: [resultParser],
    maximumPoolSize: options.maximumPoolSize ?? 10,
    idleTimeout: IDLE_CONNECTION_MS,
    captureStackTrace: false,
    // slonik's default sends DISCARD ALL each time a connection goes back to the pool: one extra
    // round trip per query or transaction (and every plan thrown away). Fluxo leaves no session
    // state behind: tenant settings are SET LOCAL / set_config(…, true), advisory locks are
    // released in `finally`, LISTEN lives on dedicated pg.Clients, never on pooled connections.
    resetConnection: async () => undefined,
    dangerouslyAllowForeignConnections: options.allowForeignConnections ?? false,
  });
}
