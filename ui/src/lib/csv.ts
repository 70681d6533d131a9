// Client-side CSV export (spec: insights-ia.csv, metas-financeiras.csv, transacoes.csv) in the form
// Excel in pt-BR opens correctly with a double-click:
// - UTF-8 with a byte-order mark, or Excel reads the accents as Latin-1;
// - `;` between fields, because pt-BR Excel uses the comma as the decimal separator;
// - numbers with a decimal comma and no thousands separator (`1234,5`), so Excel reads them as numbers;
// - CRLF line ends, fields quoted when they hold `;`, `"` or a line break;
// - text starting with = + - @ (a formula to Excel) is prefixed with `'`, since descriptions may
//   come from imported bank statements.

import { saveFile } from './saveFile';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const SEPARATOR = ';';
const LINE_END = '\r\n';
const BOM = '\uFEFF';

const cell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The CSV text (without the byte-order mark) of `rows`, one column per entry of `columns`. */
export const toCsv = <Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string =>
  [columns.map(column => cell(column.header)), ...rows.map(row => columns.map(column => cell(column.value(row))))]
    .map(fields => fields.join(SEPARATOR))
    .join(LINE_END) + LINE_END;

/** Makes the browser download `rows` as `fileName` (e.g. 'metas-financeiras.csv'). */
export const downloadCsv = <Row>(fileName: string, rows: readonly Row[], columns: readonly CsvColumn<Row>[]): void =>
  saveFile(new Blob([BOM + toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), fileName);
