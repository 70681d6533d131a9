// The rows a rebuild keeps in memory, filed by group: a value worked out from a group's rows serves
// later pages until a committed page changes that group, and never shows a page's own changes
// (those the fold adds itself) or a page that was discarded.
import { describe, expect, it } from 'vitest';
import { Resident, type Row, type Rows, type TableSpec } from './rows';

const spec: TableSpec = {
  table: 'rules', key: ['id'], columns: ['id', 'organization', 'amount', 'recurring'],
  keepInMemory: (row) => row.recurring === true,
  keptGroup: (row) => String(row.organization),
};

const rule = (id: string, organization: string, amount: number, recurring = true): Row => ({ id, organization, amount, recurring });

describe('KeptRows', () => {
  it('works a group out again only after a committed page changed its rows', () => {
    const resident = new Resident();
    const page = (apply: (rows: Rows) => void, outcome: 'commit' | 'discard' = 'commit') => {
      apply(resident.rows(spec));
      if (outcome === 'commit') resident.commit();
      else resident.discard();
    };
    const workedOut: string[] = [];
    const totalOf = (rows: Rows, organization: string) => rows.derivedFromKept(organization, 'total', (kept) => {
      workedOut.push(organization);
      let total = 0;
      for (const row of kept) total += Number(row.amount);
      return total;
    });
    const totals = (...organizations: string[]) => {
      const rows = resident.rows(spec);
      const values = organizations.map((organization) => totalOf(rows, organization));
      resident.discard();
      return values;
    };

    page((rows) => [rule('a1', 'a', 1), rule('a2', 'a', 2), rule('b1', 'b', 5), rule('a3', 'a', 100, false)].forEach((r) => rows.put(r)));
    expect(totals('a', 'b', 'c')).toEqual([3, 5, 0]);
    expect(totals('a', 'b')).toEqual([3, 5]);
    expect(workedOut).toEqual(['a', 'b', 'c']);

    workedOut.length = 0;
    page((rows) => rows.put(rule('b1', 'b', 6)));
    expect(totals('a', 'b')).toEqual([3, 6]);
    expect(workedOut).toEqual(['b']);

    // Inside a page, the value is the page's start: the fold adds its own changes.
    workedOut.length = 0;
    page((rows) => {
      rows.put(rule('a4', 'a', 40));
      expect(totalOf(rows, 'a')).toBe(3);
    }, 'discard');
    expect(totals('a')).toEqual([3]);
    expect(workedOut).toEqual([]);

    // A rule moved to another group, one no longer kept, one removed.
    page((rows) => rows.put(rule('a2', 'b', 2)));
    expect(totals('a', 'b')).toEqual([1, 8]);
    page((rows) => {
      rows.put(rule('a1', 'a', 1, false));
      rows.remove('b1');
    });
    expect(totals('a', 'b')).toEqual([0, 2]);
    expect(resident.rows(spec).kept()?.map((row) => row.id)).toEqual(['a2']);
  });
});
