// A rebuild's rows that its shadow table cannot have yet go in with COPY (text format) rather than
// `INSERT … SELECT FROM unnest(…)`: PostgreSQL reads each value with its type's input function
// either way, but COPY spares the arrays' parsing and the executor's row-by-row insert (transactions'
// 128k rows: 0.48 s against 0.90 s, Node's serialising included; a full rebuild of 200k events saves
// about a tenth of PostgreSQL's CPU).
//
// slonik cannot send COPY, so the rows travel on a plain connection of the same login, in a
// transaction of their own that commits before the caller goes on: the rows a store writes out
// are the ones of pages already applied (a page's own rows become the store's only when it
// succeeds), and a page's statements that run after this see them. Nothing else writes these
// keys meanwhile (they are new to the table), so the COPY never waits on the page's transaction;
// lock_timeout turns a wait that should never happen into an error instead of a hang.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

type Value = string | number | boolean | bigint | null | undefined;

const special = /[\t\n\r\\]/;
const escaped = /[\t\n\r\\]/g;
const escapeOf = (ch: string) => (ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\\\');

/**
 * A value as a field of COPY's text format: null as \N, backslash, tab, newline and carriage return
 * escaped (every other character stands for itself). A number that is not finite is written as
 * NULL, as JSON (and so the array path) writes it.
 */
export function copyField(value: Value): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return special.test(value) ? value.replace(escaped, escapeOf) : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  return String(value);
}

/** Rows per piece of text handed to the connection (about 100-300 kB). */
const PIECE_ROWS = 1_000;

function* copyText(columns: readonly string[], rows: readonly Record<string, Value>[]): Generator<string> {
  for (let start = 0; start < rows.length; start += PIECE_ROWS) {
    let text = '';
    const end = Math.min(rows.length, start + PIECE_ROWS);
    for (let r = start; r < end; r++) {
      const row = rows[r];
      let line = copyField(row[columns[0]]);
      for (let c = 1; c < columns.length; c++) line += '\t' + copyField(row[columns[c]]);
      text += line + '\n';
    }
    yield text;
  }
}

/** Inserts rows into one schema's tables with COPY, each call committed on its own (see above). */
export class BulkInsert {
  constructor(private readonly pool: pg.Pool, readonly schema: string) {}

  async insert(table: string, columns: readonly string[], rows: readonly Record<string, Value>[]): Promise<void> {
    if (rows.length === 0) return;
    const target = `${pg.escapeIdentifier(this.schema)}.${pg.escapeIdentifier(table)}`;
    const list = columns.map((column) => pg.escapeIdentifier(column)).join(', ');
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      await client.query(`BEGIN; SET LOCAL lock_timeout = '10s'`);
      await pipeline(Readable.from(copyText(columns, rows)), client.query(copyFrom(`COPY ${target} (${list}) FROM STDIN`)));
      await client.query('COMMIT');
    } catch (error) {
      // The connection is closed rather than returned, whatever state the failed COPY left it in.
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failure);
    }
  }
}
