// Set-based writes for projectors: a page's events are folded in memory over the rows they touch
// (loaded with one SELECT per table), then each table is written with one DELETE and one
// multi-row upsert. The fold reproduces what the per-event SQL did (insert-or-ignore, upsert
// keeping some columns, update-if-present, delete), so a page gives the rows event by event would.
//
// Row values are JSON-shaped (text, number, boolean, null; bigint as text): they travel as one
// jsonb parameter and jsonb_populate_recordset turns them back into the table's column types.
import { sql } from 'slonik';
import type { Tx } from './projector';

export type Value = string | number | boolean | null;
export type Row = Record<string, Value>;

export type TableSpec = {
  table: string;
  /** Primary key columns (what ON CONFLICT targets). */
  key: readonly string[];
  /** Every column the projector writes, key included (generated and computed columns left out). */
  columns: readonly string[];
};

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Called for every key of every event: the length test spares the regular expression most non-UUIDs.
const norm = (value: Value): string => (typeof value === 'string' && value.length === 36 && uuidLike.test(value) ? value.toLowerCase() : String(value));

/** Money and positions as the row carries them (text, so jsonb never rounds a bigint). */
export const big = (value: bigint | null | undefined): string | null => (value === null || value === undefined ? null : value.toString());

/**
 * A page's rows as one jsonb parameter. Plain JSON.stringify: slonik's sql.jsonb sorts every
 * object's keys on the way (a third of the runner's CPU on a 10,000-row page), which jsonb does not
 * need. A stray bigint is written as text, which jsonb_populate_recordset reads into any column.
 */
export function jsonbOf(value: readonly unknown[]): ReturnType<typeof sql.fragment> {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return sql.fragment`${text}::jsonb`;
}

/** `to_jsonb` rows read back: already plain JSON objects, so they skip the zod row check (one object copy per row). */
async function rowsOf(tx: Tx, query: ReturnType<typeof sql.unsafe>): Promise<Row[]> {
  return ((await tx.any(query)) as readonly { row: Row }[]).map(({ row }) => row);
}

export class Rows {
  /** key → row, or null when the row is known to be absent. Insertion order = write order. */
  private readonly state = new Map<string, Row | null>();
  private readonly changed = new Set<string>();
  /** Key columns of rows removed before ever being seen (composite keys cannot be read back from the string). */
  private readonly keys = new Map<string, Row>();

  constructor(readonly spec: TableSpec) {}

  keyOf(row: Row): string {
    const { key } = this.spec;
    if (key.length === 1) return norm(row[key[0]] ?? null);
    return key.map((column) => norm(row[column] ?? null)).join('|');
  }

  private keyFrom(key: string | Row): string {
    return typeof key === 'string' ? norm(key) : this.keyOf(key);
  }

  /** Loads the rows of these keys (single-column key: the values; composite: rows with the key columns). */
  async load(tx: Tx, keys: Iterable<string | Row>): Promise<void> {
    const wanted = new Map<string, Row>();
    for (const key of keys) {
      const k = this.keyFrom(key);
      if (this.state.has(k) || wanted.has(k)) continue;
      wanted.set(k, typeof key === 'string' ? { [this.spec.key[0]]: key } : key);
    }
    if (wanted.size === 0) return;
    for (const k of wanted.keys()) this.state.set(k, null);
    const table = sql.identifier([this.spec.table]);
    const columns = sql.join(this.spec.columns.map((c) => sql.identifier(['t', c])), sql.fragment`, `);
    const matches = sql.join(this.spec.key.map((c) => sql.fragment`t.${sql.identifier([c])} = k.${sql.identifier([c])}`), sql.fragment` AND `);
    const rows = await rowsOf(tx, sql.unsafe`
      SELECT to_jsonb(x) AS row FROM (
        SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, ${jsonbOf([...wanted.values()])}) k
        JOIN ${table} t ON ${matches}
      ) x`);
    for (const row of rows) this.state.set(this.keyOf(row), row);
  }

  /** Loads every row matching `where` (e.g. an organization's few categories). */
  async loadWhere(tx: Tx, where: ReturnType<typeof sql.fragment>): Promise<void> {
    const table = sql.identifier([this.spec.table]);
    const columns = sql.join(this.spec.columns.map((c) => sql.identifier([c])), sql.fragment`, `);
    const rows = await rowsOf(tx, sql.unsafe`SELECT to_jsonb(x) AS row FROM (SELECT ${columns} FROM ${table} WHERE ${where}) x`);
    for (const row of rows) {
      const k = this.keyOf(row);
      if (!this.state.has(k)) this.state.set(k, row);
    }
  }

  /** Marks keys as known absent without reading (tables the page only inserts into, e.g. rebuilds). */
  has(key: string | Row): boolean {
    return this.state.has(this.keyFrom(key));
  }

  /** The row now (after the events folded so far), or null. Throws for a key never loaded. */
  get(key: string | Row): Row | null {
    const k = this.keyFrom(key);
    if (!this.state.has(k)) throw new Error(`${this.spec.table}: row ${k} read before it was loaded`);
    return this.state.get(k) ?? null;
  }

  /** Every present row (loaded or written), in the order first seen. */
  /** An independent copy (same rows, same pending writes): to fold a page twice. */
  clone(): Rows {
    const copy = new Rows(this.spec);
    for (const [k, row] of this.state) copy.state.set(k, row);
    for (const k of this.changed) copy.changed.add(k);
    for (const [k, row] of this.keys) copy.keys.set(k, row);
    return copy;
  }

  /** The row now when it was loaded or written, else null (for tables loaded whole with loadWhere). */
  find(key: string | Row): Row | null {
    return this.state.get(this.keyFrom(key)) ?? null;
  }

  present(): Row[] {
    return [...this.state.values()].filter((row): row is Row => row !== null);
  }

  put(row: Row): void {
    const k = this.keyOf(row);
    this.state.delete(k);
    this.state.set(k, row);
    this.changed.add(k);
  }

  /** INSERT … ON CONFLICT DO NOTHING. */
  insertIfAbsent(row: Row): void {
    const k = this.keyOf(row);
    if (this.get(k) === null) this.put(row);
  }

  /** UPDATE … WHERE key: changes an existing row, nothing when absent. */
  patch(key: string | Row, changes: Row | ((row: Row) => Row)): void {
    const row = this.get(key);
    if (row === null) return;
    this.put({ ...row, ...(typeof changes === 'function' ? changes(row) : changes) });
  }

  /** DELETE … WHERE key (nothing when absent). */
  remove(key: string | Row): void {
    const k = this.keyFrom(key);
    const current = this.state.get(k);
    this.keys.set(k, typeof key !== 'string' ? key : current ?? { [this.spec.key[0]]: key });
    this.state.set(k, null);
    this.changed.add(k);
  }

  /** Writes what changed: one DELETE for rows gone, one upsert for rows present. */
  async flush(tx: Tx, computed?: Computed): Promise<void> {
    if (this.changed.size === 0) return;
    const table = sql.identifier([this.spec.table]);
    const gone: Row[] = [];
    const upserts: Row[] = [];
    for (const k of this.changed) {
      const row = this.state.get(k);
      if (row) upserts.push(row);
      else gone.push(this.keyRow(k));
    }
    this.changed.clear();
    const id = (c: string) => sql.identifier([c]);
    if (gone.length > 0) {
      const matches = sql.join(this.spec.key.map((c) => sql.fragment`t.${id(c)} = k.${id(c)}`), sql.fragment` AND `);
      await tx.query(sql.unsafe`
        DELETE FROM ${table} t USING jsonb_populate_recordset(NULL::${table}, ${jsonbOf(gone)}) k WHERE ${matches}`);
    }
    if (upserts.length === 0) return;
    const names = [...this.spec.columns, ...(computed?.names ?? [])];
    const values = sql.join([...this.spec.columns.map((c) => sql.fragment`r.${id(c)}`), ...(computed ? [computed.values] : [])], sql.fragment`, `);
    const updated = names.filter((c) => !this.spec.key.includes(c));
    const conflict = updated.length === 0
      ? sql.fragment`DO NOTHING`
      : sql.fragment`DO UPDATE SET ${sql.join(updated.map((c) => sql.fragment`${id(c)} = EXCLUDED.${id(c)}`), sql.fragment`, `)}`;
    await tx.query(sql.unsafe`
      INSERT INTO ${table} (${sql.join(names.map(id), sql.fragment`, `)})
      SELECT ${values} FROM jsonb_populate_recordset(NULL::${table}, ${jsonbOf(upserts)}) r
      ON CONFLICT (${sql.join(this.spec.key.map(id), sql.fragment`, `)}) ${conflict}`);
  }

  private keyRow(k: string): Row {
    const known = this.keys.get(k) ?? this.state.get(k) ?? { [this.spec.key[0]]: k };
    return Object.fromEntries(this.spec.key.map((c) => [c, known[c] ?? null]));
  }
}

/** Columns computed in SQL from the row's others (`r.<column>`), written beside them (e.g. a search vector). */
export type Computed = { names: readonly string[]; values: ReturnType<typeof sql.fragment> };
