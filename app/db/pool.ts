// One slonik pool per database, with the type parsing Fluxo relies on: money as bigint centavos,
// business dates as 'YYYY-MM-DD', instants as ISO strings, and zod-validated rows.
import {
  createPool,
  SchemaValidationError,
  type DatabasePool,
  type DriverTypeParser,
  type Interceptor,
} from 'slonik';

const typeParsers: DriverTypeParser[] = [
  { name: 'int8', parse: (value: string) => BigInt(value) },
  { name: 'numeric', parse: (value: string) => value },
  { name: 'date', parse: (value: string) => value },
  { name: 'timestamptz', parse: (value: string) => new Date(value).toISOString() },
  { name: 'timestamp', parse: (value: string) => new Date(value + 'Z').toISOString() },
];

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

export async function createDb(
  connectionString: string,
  options: { maximumPoolSize?: number; allowForeignConnections?: boolean } = {},
): Promise<Db> {
  return createPool(connectionString, {
    typeParsers,
    interceptors: [resultParser],
    maximumPoolSize: options.maximumPoolSize ?? 10,
    captureStackTrace: false,
    // slonik's default sends DISCARD ALL each time a connection goes back to the pool: one extra
    // round trip per query or transaction (and every plan thrown away). Fluxo leaves no session
    // state behind: tenant settings are SET LOCAL / set_config(…, true), advisory locks are
    // released in `finally`, LISTEN lives on dedicated pg.Clients, never on pooled connections.
    resetConnection: async () => undefined,
    dangerouslyAllowForeignConnections: options.allowForeignConnections ?? false,
  });
}
