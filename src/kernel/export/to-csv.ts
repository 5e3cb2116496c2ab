/**
 * CSV as Directus exports it: a header row of quoted column names (the union of every row's keys, in first-seen
 * order), then one line per row. Strings are quoted, numbers and booleans are bare, null is empty, nested objects
 * and arrays are JSON-encoded. Lines end with `\n`.
 */
export function toCsv(data: unknown): string {
  const rows = rowsOf(data);
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const lines = [csvHeader(columns)];
  for (const row of rows) lines.push(csvLine(columns, row));
  return lines.join('\n');
}

/** The header row for the given columns. */
export function csvHeader(columns: string[]): string {
  return columns.map(quote).join(',');
}

/** One data row for the given columns. */
export function csvLine(columns: string[], row: Record<string, unknown>): string {
  return columns.map((column) => cell(row[column])).join(',');
}

function rowsOf(data: unknown): Record<string, unknown>[] {
  const list = Array.isArray(data) ? data : data === null || data === undefined ? [] : [data];
  return list.map((row: unknown) => (isRecord(row) ? row : { value: row }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return quote(value);
  if (value instanceof Date) return quote(value.toISOString());
  return quote(JSON.stringify(value));
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
