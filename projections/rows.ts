// Set-based writes for projectors: a page's events are folded in memory over the rows they touch
// (loaded with one SELECT per table), then each table is written with one DELETE and one
// multi-row upsert. The fold reproduces what the per-event SQL did (insert-or-ignore, upsert
// keeping some columns, update-if-present, delete), so a page gives the rows event by event would.
//
// Row values are JSON-shaped (text, number, boolean, null; bigint as text): they travel as one
// array parameter per column, cast to the table's column types (unnestOf).
import { sql } from 'slonik';
import type { BulkInsert } from './copy-rows';
import type { Tx } from './projector';

export type Value = string | number | boolean | null;
export type Row = Record<string, Value>;

export type TableSpec = {
  table: string;
  /** Primary key columns (what ON CONFLICT targets). */
  key: readonly string[];
  /** Every column the projector writes, key included (generated and computed columns left out). */
  columns: readonly string[];
  /**
   * The projector's own SQL reads the table while applying a page: a rebuild that holds the whole
   * table in memory lets the projector read it there (whole()), and once it has spilled any, writes
   * the table at every page.
   */
  readBySql?: boolean;
  /**
   * Rows a rebuild never forgets when it spills (kept()): what the projector reads in memory on
   * every page, such as the few recurring spending rules, which SQL would otherwise sum per page.
   */
  keepInMemory?: (row: Row) => boolean;
  /**
   * How a rebuild files the rows it keeps (keepInMemory): a page reads one group's rows
   * (derivedFromKept) instead of walking every kept row of the table, a walk that grew with the history.
   */
  keptGroup?: (row: Row) => string;
};

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Called for every key of every event: the length test spares the regular expression most non-UUIDs,
// and a string that is already lower case (every UUID the app writes) needs no test at all.
const norm = (value: Value): string => {
  if (typeof value !== 'string' || value.length !== 36) return String(value);
  const lower = value.toLowerCase();
  return lower === value || !uuidLike.test(value) ? value : lower;
};

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

/**
 * A column's values as a PostgreSQL array literal (text, for a `$n::type[]` parameter). JSON.stringify
 * writes strings quoted with `\"` and `\\` escaped, as an array literal wants, and null, numbers and
 * booleans unquoted, as array_in reads them; any other escape (control characters) takes the slow path.
 */
export function arrayOf(values: readonly unknown[]): string {
  let json: string;
  try {
    json = JSON.stringify(values);
  } catch {
    json = JSON.stringify(values, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  // Most columns hold no backslash at all: indexOf is a fraction of the regular expression's scan.
  if (json.indexOf('\\') === -1 || !/\\[^"\\]/.test(json)) return `{${json.slice(1, -1)}}`;
  const element = (v: unknown) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`);
  return `{${values.map(element).join(',')}}`;
}

/** A statement PostgreSQL itself wrote (a type from format_type), as slonik's template parts. */
const rawSql = (text: string): TemplateStringsArray => Object.freeze(Object.assign([text], { raw: Object.freeze([text]) })) as unknown as TemplateStringsArray;

/** Column types by table (as format_type writes them), read once per process; a rebuild forgets its tables' when it creates them. */
const columnTypes = new Map<string, Map<string, string>>();

export function forgetColumnTypes(tables: readonly string[]): void {
  for (const table of tables) columnTypes.delete(table);
}

async function typesOf(tx: Tx, table: string): Promise<Map<string, string>> {
  const known = columnTypes.get(table);
  if (known) return known;
  const rows = (await tx.any(sql.unsafe`
    SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
    WHERE a.attrelid = to_regclass(quote_ident(${table})) AND a.attnum > 0 AND NOT a.attisdropped`)) as readonly { name: string; type: string }[];
  if (rows.length === 0) throw new Error(`${table}: no such table`);
  const types = new Map(rows.map((row) => [row.name, row.type]));
  columnTypes.set(table, types);
  return types;
}

/** A column's type as format_type writes it (`numeric(14,2)`). */
async function columnTypeOf(tx: Tx, table: string, column: string): Promise<string> {
  const type = (await typesOf(tx, table)).get(column);
  if (type === undefined) throw new Error(`${table}: no column ${column}`);
  return type;
}

/** unnestOf with the table's own column types (read from the catalog once per process). */
export async function tableRowsOf(tx: Tx, table: string, columns: readonly string[], rows: readonly Row[]): Promise<ReturnType<typeof sql.fragment>> {
  const types: string[] = [];
  for (const column of columns) types.push(await columnTypeOf(tx, table, column));
  return unnestOf(columns, types, rows);
}

/**
 * Rows as `unnest($1::type[], …)`, one array parameter per column: PostgreSQL reads each value with
 * its type's input function, without building and taking apart a jsonb document (jsonb_populate_recordset
 * cost 2.5x the server time).
 */
function unnestOf(columns: readonly string[], types: readonly string[], rows: readonly Row[]): ReturnType<typeof sql.fragment> {
  const arrays = columns.map((column, i) => {
    const values = new Array<Value>(rows.length);
    for (let r = 0; r < rows.length; r++) values[r] = rows[r][column] ?? null;
    const type = types[i];
    // A column with one value in every row (a page's organization, status, source, a null) travels
    // once: an import's rows share half their columns, each otherwise sent and parsed 1,000 times.
    if (rows.length >= SAME_VALUE_AT && values.every((value) => value === values[0])) {
      return sql.fragment`array_fill(${values[0]}::${sql.fragment(rawSql(type))}, ARRAY[${rows.length}::int])`;
    }
    return sql.fragment`${arrayOf(values)}::${sql.fragment(rawSql(`${type}[]`))}`;
  });
  return sql.fragment`unnest(${sql.join(arrays, sql.fragment`, `)})`;
}

/** From this many rows a column whose rows all hold one value is sent as that value (array_fill). */
const SAME_VALUE_AT = 8;

/** `to_jsonb` rows read back: already plain JSON objects, so they skip the zod row check (one object copy per row). */
async function rowsOf(tx: Tx, query: ReturnType<typeof sql.unsafe>): Promise<Row[]> {
  return ((await tx.any(query)) as readonly { row: Row }[]).map(({ row }) => row);
}

export class Rows {
  /** key → row, or null when the row is known to be absent. Insertion order = order first seen. */
  private readonly state = new Map<string, Row | null>();
  private readonly changed = new Set<string>();
  /** Key columns of rows removed before ever being seen (composite keys cannot be read back from the string). */
  private readonly keys = new Map<string, Row>();
  /** With a store (a rebuild): the keys this page wrote to the table (flush), and the rows it read back from it. */
  private readonly written = new Set<string>();
  private readonly reloaded = new Map<string, Row>();

  /** `store`: a rebuild's copy of the table kept across pages (Resident), instead of reading the table. */
  constructor(readonly spec: TableSpec, private readonly store?: TableStore) {}

  keyOf(row: Row): string {
    const { key } = this.spec;
    let k = norm(row[key[0]] ?? null);
    for (let i = 1; i < key.length; i++) k += `|${norm(row[key[i]] ?? null)}`;
    return k;
  }

  private keyFrom(key: string | Row): string {
    return typeof key === 'string' ? norm(key) : this.keyOf(key);
  }

  /** Loads the rows of these keys (single-column key: the values; composite: rows with the key columns). */
  async load(tx: Tx, keys: Iterable<string | Row>): Promise<void> {
    const wanted = new Map<string, Row>();
    const store = this.store;
    for (const key of keys) {
      const k = this.keyFrom(key);
      if (this.state.has(k)) continue;
      if (store) {
        // In memory, or known absent: only rows written out and evicted are read back.
        const row = store.lookup(k);
        if (row !== undefined) {
          this.state.set(k, row);
          continue;
        }
      }
      if (!wanted.has(k)) wanted.set(k, typeof key === 'string' ? { [this.spec.key[0]]: key } : key);
    }
    if (wanted.size === 0) return;
    for (const k of wanted.keys()) this.state.set(k, null);
    const table = sql.identifier([this.spec.table]);
    const columns = sql.join(this.spec.columns.map((c) => sql.identifier(['t', c])), sql.fragment`, `);
    const matches = sql.join(this.spec.key.map((c) => sql.fragment`t.${sql.identifier([c])} = k.${sql.identifier([c])}`), sql.fragment` AND `);
    const keyColumns = sql.join(this.spec.key.map((c) => sql.identifier([c])), sql.fragment`, `);
    // One index probe per key (a lateral subquery the planner cannot flatten into a join): as a join,
    // a page's 1,000 keys were planned as a hash of the whole table (62,000 rules: 23 ms against 2.4 ms
    // for keys the table does not have, as an import's new rows; 26 against 12 ms for keys it has).
    const rows = await rowsOf(tx, sql.unsafe`
      SELECT to_jsonb(x) AS row
      FROM ${await tableRowsOf(tx, this.spec.table, this.spec.key, [...wanted.values()])} AS k(${keyColumns})
      CROSS JOIN LATERAL (SELECT ${columns} FROM ${table} t WHERE ${matches} OFFSET 0) x`);
    for (const row of rows) {
      const k = this.keyOf(row);
      this.state.set(k, row);
      if (store) this.reloaded.set(k, row);
    }
  }

  /**
   * Loads every row matching `where` (e.g. an organization's few categories); `matches` is the
   * same test on a row, for the rows a rebuild holds in memory.
   */
  async loadWhere(tx: Tx, where: ReturnType<typeof sql.fragment>, matches: (row: Row) => boolean): Promise<void> {
    const store = this.store;
    if (!store || store.hasSpilled) {
      const table = sql.identifier([this.spec.table]);
      const columns = sql.join(this.spec.columns.map((c) => sql.identifier([c])), sql.fragment`, `);
      const rows = await rowsOf(tx, sql.unsafe`SELECT to_jsonb(x) AS row FROM (SELECT ${columns} FROM ${table} WHERE ${where}) x`);
      for (const row of rows) {
        const k = this.keyOf(row);
        if (this.state.has(k)) continue;
        if (!store) this.state.set(k, row);
        else if (store.lookup(k) === undefined) {
          this.state.set(k, row);
          this.reloaded.set(k, row);
        }
      }
    }
    // The table lacks what only memory holds: the rows in memory answer for their keys.
    this.adopt(matches);
  }

  /** Also the rows a rebuild holds in memory that match (nothing without a store: the page's own SQL reaches the table's). */
  adopt(matches: (row: Row) => boolean): void {
    this.store?.eachPresent((row, k) => {
      if (!this.state.has(k) && matches(row)) this.state.set(k, row);
    });
  }

  /** Whether whole() has the rows (a rebuild holds the whole table in memory), without gathering them. */
  get holdsWhole(): boolean {
    return this.store !== undefined && !this.store.hasSpilled;
  }

  /**
   * Every present row of the table as the page found it, when a rebuild holds them all in memory
   * (it never spilled this table); null otherwise: the table has them.
   */
  whole(): Row[] | null {
    const store = this.store;
    if (!this.holdsWhole || !store) return null;
    const rows: Row[] = [];
    store.eachPresent((row) => rows.push(row));
    return rows;
  }

  /** Whether kept() has the rows: a rebuild, and a table that keeps some in memory. */
  get holdsKept(): boolean {
    return this.store !== undefined && this.spec.keepInMemory !== undefined;
  }

  /**
   * Every present row the rebuild keeps in memory (spec.keepInMemory), as the page found them,
   * spilled or not; null otherwise.
   */
  kept(): Row[] | null {
    const store = this.store;
    const keep = this.spec.keepInMemory;
    if (!store || !keep) return null;
    const rows: Row[] = [];
    store.eachPresent((row) => {
      if (keep(row)) rows.push(row);
    });
    return rows;
  }

  /**
   * A value worked out from the kept rows of one group (spec.keptGroup) as the page found them, and
   * kept across the rebuild's pages until a page changes that group's rows. Null without a rebuild.
   */
  derivedFromKept<T>(group: string, key: string, compute: (rows: Iterable<Row>) => T): T | null {
    return this.store?.keptRows?.derived(group, key, compute) ?? null;
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

  /**
   * get() without a load for a table a rebuild holds whole (whole() is not null): a key not seen
   * yet is read from memory. Throws, like get(), for a key never loaded otherwise.
   */
  peek(key: string | Row): Row | null {
    const k = this.keyFrom(key);
    if (!this.state.has(k)) {
      const store = this.store;
      if (!store || store.hasSpilled) throw new Error(`${this.spec.table}: row ${k} read before it was loaded`);
      this.state.set(k, store.lookup(k) ?? null);
    }
    return this.state.get(k) ?? null;
  }

  /** The row now when it was loaded or written, else null (for tables loaded whole with loadWhere). */
  find(key: string | Row): Row | null {
    return this.state.get(this.keyFrom(key)) ?? null;
  }

  /** Every present row (loaded or written), in the order first seen. */
  present(): Row[] {
    return [...this.state.values()].filter((row): row is Row => row !== null);
  }

  put(row: Row): void {
    const k = this.keyOf(row);
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

  /**
   * Writes what changed: one DELETE for rows gone, one upsert for rows present. With a store, a
   * table the projector's SQL does not read is written when the rebuild spills or ends instead.
   */
  async flush(tx: Tx, computed?: Computed): Promise<void> {
    if (this.changed.size === 0) return;
    const store = this.store;
    if (store) {
      if (computed) store.computed = computed;
      if (!this.spec.readBySql || !store.hasSpilled) return;
    }
    const gone: Row[] = [];
    const upserts: Row[] = [];
    for (const k of this.changed) {
      const row = this.state.get(k);
      if (row) upserts.push(row);
      else gone.push(this.keyRow(k));
      if (store) this.written.add(k);
    }
    this.changed.clear();
    await writeRows(tx, this.spec, gone, upserts, computed, 'upsert');
  }

  /** A rebuild's page succeeded: what it read and wrote becomes the store's (every key it put or removed: written or still changed). */
  commit(): void {
    const store = this.store;
    if (!store) return;
    store.touch();
    this.reloaded.forEach((row, k) => store.reload(k, row));
    for (const k of this.written) if (!this.changed.has(k)) this.settle(store, k, true);
    for (const k of this.changed) this.settle(store, k, false);
  }

  private settle(store: TableStore, k: string, written: boolean): void {
    const row = this.state.get(k) ?? null;
    store.set(k, row, row ? null : this.keyRow(k), written);
  }

  private keyRow(k: string): Row {
    const known = this.keys.get(k) ?? this.state.get(k) ?? { [this.spec.key[0]]: k };
    return Object.fromEntries(this.spec.key.map((c) => [c, known[c] ?? null]));
  }
}

const id = (c: string) => sql.identifier([c]);

/** One DELETE for `gone` (key rows), then `present` as an upsert, or as plain inserts of rows the table cannot have yet. */
async function writeRows(tx: Tx, spec: TableSpec, gone: readonly Row[], present: readonly Row[], computed: Computed | undefined, mode: 'upsert' | 'insert'): Promise<void> {
  const table = sql.identifier([spec.table]);
  const list = (columns: readonly string[]) => sql.join(columns.map(id), sql.fragment`, `);
  if (gone.length > 0 && spec.key.length === 1) {
    // `= ANY` rather than a join with the keys: a rebuild's shadow table has no statistics, and the
    // join was planned as a hash join over the whole table (400 expenses of 80,000: 35 ms against 3 ms).
    const [key] = spec.key;
    const type = await columnTypeOf(tx, spec.table, key);
    await tx.query(sql.unsafe`
      DELETE FROM ${table} WHERE ${id(key)} = ANY(${arrayOf(gone.map((row) => row[key] ?? null))}::${sql.fragment(rawSql(`${type}[]`))})`);
  } else if (gone.length > 0) {
    const matches = sql.join(spec.key.map((c) => sql.fragment`t.${id(c)} = k.${id(c)}`), sql.fragment` AND `);
    await tx.query(sql.unsafe`
      DELETE FROM ${table} t USING ${await tableRowsOf(tx, spec.table, spec.key, gone)} AS k(${list(spec.key)}) WHERE ${matches}`);
  }
  if (present.length === 0) return;
  const names = [...spec.columns, ...(computed?.names ?? [])];
  const values = sql.join([...spec.columns.map((c) => sql.fragment`r.${id(c)}`), ...(computed ? [computed.values] : [])], sql.fragment`, `);
  const updated = names.filter((c) => !spec.key.includes(c));
  const conflict = mode === 'insert'
    ? sql.fragment``
    : updated.length === 0
      ? sql.fragment`ON CONFLICT (${list(spec.key)}) DO NOTHING`
      : sql.fragment`ON CONFLICT (${list(spec.key)}) DO UPDATE SET ${sql.join(updated.map((c) => sql.fragment`${id(c)} = EXCLUDED.${id(c)}`), sql.fragment`, `)}`;
  const rows = await tableRowsOf(tx, spec.table, spec.columns, present);
  if (!computed?.with) {
    await tx.query(sql.unsafe`
      INSERT INTO ${table} (${list(names)})
      SELECT ${values} FROM ${rows} AS r(${list(spec.columns)})
      ${conflict}`);
    return;
  }
  // Values computed once per distinct input (computed.with, over the rows `r`), joined back to each
  // row; the rows keep the order they were given in.
  await tx.query(sql.unsafe`
    WITH r AS MATERIALIZED (SELECT * FROM ${rows} WITH ORDINALITY AS r(${list(spec.columns)}, ordinality)), ${computed.with}
    INSERT INTO ${table} (${list(names)})
    SELECT ${values} FROM r ${computed.joins ?? sql.fragment``} ORDER BY r.ordinality
    ${conflict}`);
}

/** Below this many rows in memory a table is spilled only when the bound cannot be kept otherwise. */
const SMALL_TABLE = 5_000;

/** Rows per statement when a store writes out (one array parameter per column each). */
const WRITE_CHUNK = 5_000;

/** Where a key of a TableStore stands against the table. */
const enum Kept {
  /** In memory only: the table does not have it yet. */
  Fresh,
  /** In memory, same as the table's. */
  Clean,
  /** In memory, newer than the table's (or maybe, for a key the table may have). */
  Dirty,
  /** The table has it (or may), the rebuild removed it (row: its key columns). */
  Deleted,
}
/** Changed in place (a Map keeps its first insertion's order: moving a key costs a delete and a hole). */
type Entry = { row: Row; kept: Kept; touched: number };

/** murmur3's finalizer: every bit of the input moves about half the output's. */
const mix = (h: number): number => {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
};

/**
 * The keys of rows written out and forgotten, in fixed memory (a Bloom filter of 4 MB): "no" is
 * certain, "maybe" costs a read of the table that may find nothing. Blocked: a key's 7 bits are in
 * one 64-byte block, so an answer or an addition is one cache miss, not 7 (a spill adds half a
 * table's keys, and 7 misses each were most of a spill's time with a filter per table). Measured
 * with random UUIDs: at 100k keys about 1 in 40,000 answers is a wrong "maybe", at 1M 1 in 2,900.
 */
export class ForgottenKeys {
  private static readonly BLOCKS = 2 ** 16;
  private readonly words = new Uint32Array(ForgottenKeys.BLOCKS * 16);

  private probe(k: string, set: boolean): boolean {
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    // Two characters a step (a third fewer cycles than one: every key of every spill is hashed).
    const n = k.length;
    for (let i = 0; i < n; i += 2) {
      const c = k.charCodeAt(i) | (i + 1 < n ? k.charCodeAt(i + 1) << 16 : 0);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    a = mix(a);
    b = mix(b);
    const block = (a & (ForgottenKeys.BLOCKS - 1)) << 4;
    const step = (a >>> 16) | 1;
    for (let i = 0; i < 7; i++) {
      const bit = (b + Math.imul(i, step)) & 511;
      const word = block + (bit >>> 5);
      const mask = 1 << (bit & 31);
      if (set) this.words[word] |= mask;
      else if ((this.words[word] & mask) === 0) return false;
    }
    return true;
  }

  add(k: string): void {
    this.probe(k, true);
  }

  mayHave(k: string): boolean {
    return this.probe(k, false);
  }
}

/**
 * The rows a rebuild keeps in memory (spec.keepInMemory), filed by spec.keptGroup, each group with a
 * version that moves when a committed page changes its rows: a value worked out from a group's rows
 * (the recurring spending rules of a budget's category, summed over a period) serves every later
 * page until then, instead of being worked out again from every kept row at each page.
 */
class KeptRows {
  private readonly groups = new Map<string, Map<string, Row>>();
  private readonly versions = new Map<string, number>();
  private readonly values = new Map<string, { version: number; value: unknown }>();

  constructor(private readonly keep: (row: Row) => boolean, private readonly groupOf: (row: Row) => string) {}

  /** A key's row moved from `before` to `after` (null: absent). */
  move(k: string, before: Row | null, after: Row | null): void {
    if (before === after) return;
    if (before && this.keep(before)) {
      const group = this.groupOf(before);
      const rows = this.groups.get(group);
      if (rows?.delete(k)) {
        this.bump(group);
        if (rows.size === 0) this.groups.delete(group);
      }
    }
    if (after && this.keep(after)) {
      const group = this.groupOf(after);
      let rows = this.groups.get(group);
      if (!rows) this.groups.set(group, (rows = new Map()));
      rows.set(k, after);
      this.bump(group);
    }
  }

  private bump(group: string): void {
    this.versions.set(group, (this.versions.get(group) ?? 0) + 1);
  }

  derived<T>(group: string, key: string, compute: (rows: Iterable<Row>) => T): T {
    const version = this.versions.get(group) ?? 0;
    const id = `${group}\n${key}`;
    const known = this.values.get(id);
    if (known && known.version === version) return known.value as T;
    const value = compute(this.groups.get(group)?.values() ?? []);
    this.values.set(id, { version, value });
    return value;
  }
}

/**
 * A rebuild's copy of one shadow table, kept across pages: only the rebuild writes the table, so a
 * key never seen is absent and a page reads nothing back, except rows written out and forgotten to
 * bound memory. Rows go to the table when the rebuild spills or ends: those it never wrote as
 * plain inserts, changed ones as upserts, removed ones as one DELETE.
 */
export class TableStore {
  /** The rows in memory and the removals not written yet (touched: the page that last did, to forget the oldest first). */
  private entries = new Map<string, Entry>();
  /** Pages committed so far (the current page's stamp). */
  private page = 0;
  /** Keys written out and no longer in memory (from the first spill on). */
  private forgotten: ForgottenKeys | null = null;
  /** Present rows in memory. */
  private resident = 0;
  computed?: Computed;
  /** The rows kept in memory by group (spec.keptGroup), committed pages only. */
  readonly keptRows: KeptRows | null;

  /** `bulk`: how the rebuild inserts rows the table cannot have yet (COPY), else plain INSERTs on `tx`. */
  constructor(readonly spec: TableSpec, private readonly bulk?: BulkInsert) {
    this.keptRows = spec.keepInMemory && spec.keptGroup ? new KeptRows(spec.keepInMemory, spec.keptGroup) : null;
  }

  /** The row in memory, null when known absent, undefined when the table may have it. */
  lookup(k: string): Row | null | undefined {
    const entry = this.entries.get(k);
    if (entry) return entry.kept === Kept.Deleted ? null : entry.row;
    return this.forgotten?.mayHave(k) ? undefined : null;
  }

  /**
   * Whether the table was ever written out and rows forgotten: some rows are then only in the table
   * (a query on it is needed to see every row), and a readBySql table is written at every page.
   */
  get hasSpilled(): boolean {
    return this.forgotten !== null;
  }

  /** Each present row in memory (a callback: a generator per row costs more than the loop's body). */
  eachPresent(visit: (row: Row, k: string) => void): void {
    // forEach: a for-of over the Map's entries allocates a [key, value] pair per row (166 MB over a 200k rebuild).
    this.entries.forEach((entry, k) => {
      if (entry.kept !== Kept.Deleted) visit(entry.row, k);
    });
  }

  /** A page commits: what it reads back and sets is touched by it. */
  touch(): void {
    this.page++;
  }

  /** A row read back from the table (memory answers for a key it holds). */
  reload(k: string, row: Row): void {
    if (this.entries.has(k)) return;
    this.entries.set(k, { row, kept: Kept.Clean, touched: this.page });
    this.resident++;
    this.keptRows?.move(k, null, row);
  }

  /** A page's final value of a key; `written`: the page already wrote it to the table. */
  set(k: string, row: Row | null, keyRow: Row | null, written: boolean): void {
    const entry = this.entries.get(k);
    this.keptRows?.move(k, entry && entry.kept !== Kept.Deleted ? entry.row : null, row);
    if (!entry) {
      const inTable = this.forgotten?.mayHave(k) ?? false;
      if (row) {
        this.entries.set(k, { row, kept: written ? Kept.Clean : inTable ? Kept.Dirty : Kept.Fresh, touched: this.page });
        this.resident++;
      } else if (inTable && !written) {
        this.entries.set(k, { row: keyRow as Row, kept: Kept.Deleted, touched: this.page });
      }
      return;
    }
    const inTable = entry.kept !== Kept.Fresh;
    if (entry.kept !== Kept.Deleted) this.resident--;
    entry.touched = this.page;
    if (row) {
      entry.row = row;
      entry.kept = written ? Kept.Clean : inTable ? Kept.Dirty : Kept.Fresh;
      this.resident++;
    } else if (inTable && !written) {
      entry.row = keyRow as Row;
      entry.kept = Kept.Deleted;
    } else {
      this.entries.delete(k);
    }
  }

  get size(): number {
    return this.resident;
  }

  /** Writes what only memory holds. */
  async writeOut(tx: Tx): Promise<void> {
    const gone: Row[] = [];
    const changed: Row[] = [];
    const fresh: Row[] = [];
    // forEach, as in eachPresent: a for-of over the entries allocated a [key, entry] pair per row
    // (48 MB of a 200k rebuild's spills). A Map's forEach visits the entries left after a delete.
    const entries = this.entries;
    entries.forEach((entry, k) => {
      if (entry.kept === Kept.Deleted) {
        gone.push(entry.row);
        entries.delete(k);
      } else if (entry.kept === Kept.Dirty || entry.kept === Kept.Fresh) {
        (entry.kept === Kept.Dirty ? changed : fresh).push(entry.row);
        entry.kept = Kept.Clean;
      }
    });
    for (let i = 0; i < Math.max(gone.length, changed.length); i += WRITE_CHUNK) {
      await writeRows(tx, this.spec, gone.slice(i, i + WRITE_CHUNK), changed.slice(i, i + WRITE_CHUNK), this.computed, 'upsert');
    }
    if (this.bulk && !this.computed) {
      await this.bulk.insert(this.spec.table, this.spec.columns, fresh);
      return;
    }
    for (let i = 0; i < fresh.length; i += WRITE_CHUNK) {
      await writeRows(tx, this.spec, [], fresh.slice(i, i + WRITE_CHUNK), this.computed, 'insert');
    }
  }

  /**
   * Writes what only memory holds, then forgets the least recently touched rows until `keep` are
   * left (never those spec.keepInMemory keeps). A table that forgot nothing still holds every row.
   */
  async spill(tx: Tx, keep: number): Promise<void> {
    let excess = this.resident - keep;
    if (excess <= 0) {
      await this.writeOut(tx);
      return;
    }
    const keepInMemory = this.spec.keepInMemory;
    const forgettable = (entry: Entry) => entry.kept !== Kept.Deleted && !keepInMemory?.(entry.row);
    // Rows per page last touched, oldest page first: rows of pages before `last` go, and of `last` as many as are left to forget.
    const perPage = new Map<number, number>();
    this.entries.forEach((entry) => {
      if (forgettable(entry)) perPage.set(entry.touched, (perPage.get(entry.touched) ?? 0) + 1);
    });
    let last = 0;
    let ofLast = 0;
    let counted = 0;
    for (const page of [...perPage.keys()].sort((a, b) => a - b)) {
      last = page;
      ofLast = Math.min(perPage.get(page) as number, excess - counted);
      counted += ofLast;
      if (counted >= excess) break;
    }
    // Every row kept in memory: nothing to forget, and nothing written out either (its later
    // changes would only be written again, as upserts instead of the load's end COPY).
    if (counted === 0) return;
    await this.writeOut(tx);
    excess = counted;
    const forgotten = (this.forgotten ??= new ForgottenKeys());
    // The rows kept go to a new map rather than the others being deleted from this one: a delete
    // from a map of 300k keys cost twice an insertion into a new one (150k of 300k: 0.35 s against 0.2 s).
    const kept = new Map<string, Entry>();
    this.entries.forEach((entry, k) => {
      if (excess === 0 || entry.touched > last || (entry.touched === last && ofLast === 0) || !forgettable(entry)) {
        kept.set(k, entry);
        return;
      }
      if (entry.touched === last) ofLast--;
      forgotten.add(k);
      this.resident--;
      excess--;
    });
    this.entries = kept;
  }
}

/**
 * A projector's tables held in memory through a rebuild (TableStore each), and the rows its page
 * creates: they become the stores' only when the page succeeds (commit), since a failing page is
 * rolled back and applied again organization by organization.
 */
export class Resident {
  private readonly stores = new Map<string, TableStore>();
  private page: Rows[] = [];

  /** `bulk`: the rebuild's COPY into this projector's shadow tables (TableStore). */
  constructor(private readonly bulk?: BulkInsert) {}

  rows(spec: TableSpec): Rows {
    let store = this.stores.get(spec.table);
    if (!store) {
      store = new TableStore(spec, this.bulk);
      this.stores.set(spec.table, store);
    }
    const rows = new Rows(spec, store);
    this.page.push(rows);
    return rows;
  }

  commit(): void {
    for (const rows of this.page) rows.commit();
    this.page = [];
  }

  discard(): void {
    this.page = [];
  }

  /** Rows held in memory, every table. */
  get size(): number {
    let n = 0;
    for (const store of this.stores.values()) n += store.size;
    return n;
  }

  /** Rows held in memory of the tables the projector's SQL does not read (spilling them costs nothing but the writes). */
  get spillable(): number {
    let n = 0;
    for (const store of this.stores.values()) if (!store.spec.readBySql) n += store.size;
    return n;
  }

  /**
   * Spills the biggest tables (to half their rows) until at most `limit` rows are left in memory;
   * tables the projector's SQL reads, and small tables, only with `readBySql` (the pass that must get
   * under the bound): a table once spilled is read back with SQL (loadWhere, the keys it may have)
   * and a readBySql one written every page, which a few thousand rows do not pay for (the rebuild's
   * categories, users and budgets were spilled at each of 8 spills, and read with SQL every page).
   */
  async spill(tx: Tx, limit: number, readBySql: boolean): Promise<void> {
    for (const store of [...this.stores.values()].sort((a, b) => b.size - a.size)) {
      if (this.size <= limit) return;
      if ((store.spec.readBySql || store.size < SMALL_TABLE) && !readBySql) continue;
      await store.spill(tx, Math.floor(store.size / 2));
    }
  }

  /** Whether a table holds columns computed in SQL (a search vector): costly to write, unlike a COPY. */
  get hasComputed(): boolean {
    for (const store of this.stores.values()) if (store.computed) return true;
    return false;
  }

  /**
   * Writes the rows that only memory holds of the tables with computed columns, and keeps them in
   * memory: during the load, so that their costly write runs beside the fold instead of all of it
   * at the load's end. A row changed after this is written again (an upsert).
   */
  async writeComputed(tx: Tx): Promise<void> {
    for (const store of this.stores.values()) if (store.computed) await store.writeOut(tx);
  }

  /** Writes every table's rows that only memory holds (the end of the load). */
  async writeOut(tx: Tx): Promise<void> {
    for (const store of this.stores.values()) await store.writeOut(tx);
    this.stores.clear();
  }
}

/** The page's rows of a table: held across pages by a rebuild's Resident, else read from and written to the table. */
export const rowsFor = (resident: Resident | undefined, spec: TableSpec): Rows => (resident ? resident.rows(spec) : new Rows(spec));

/** Columns computed in SQL from the row's others (`r.<column>`), written beside them (e.g. a search vector). */
export type Computed = {
  names: readonly string[];
  /** Expressions over the row (`r.<column>`) and what `with` computes, joined in by `joins`. */
  values: ReturnType<typeof sql.fragment>;
  /** Common table expressions over the written rows (`r`): values computed once per distinct input. */
  with?: ReturnType<typeof sql.fragment>;
  joins?: ReturnType<typeof sql.fragment>;
};
