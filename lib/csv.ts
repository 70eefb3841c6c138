/**
 * CSV as spreadsheets read it (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break, quotes doubled). Text that a spreadsheet would run as a formula (it
 * starts with = + - @, a tab or a carriage return) gets a leading apostrophe, so a team named
 * `=HYPERLINK(...)` stays text when an organiser opens the export (CSV injection).
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** Text a spreadsheet will show as typed, never evaluate. Numbers we wrote ourselves are left as numbers. */
export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** One field, neutralised and quoted as needed; null and undefined become an empty field. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = neutraliseFormula(value instanceof Date ? value.toISOString() : value);
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line end. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A column of an export: its heading and how a row fills it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvRow(columns.map((c) => c.header));
}

export function csvRecord<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvRow(columns.map((c) => c.value(row)));
}
