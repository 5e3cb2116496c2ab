/**
 * What the items table asks for and shows per column (pure): a many-to-one column with a display plan is read
 * through the relation (`author.id`, `author.name`: the template's fields in the query's `fields`) and shows the
 * filled-in template (`Ada`) instead of the key.
 */
import { formatValue } from './content-api.js';
import { displayText } from './display-value.js';
import { valueAt, type FieldPath } from './field-paths.js';

/** The `fields` of the page's query: the key, then each column (a templated many-to-one as its template's paths). */
export function requestedFields(primaryKey: string, columns: FieldPath[]): string[] {
  const fields = [primaryKey];
  for (const column of columns) {
    if (column.display) fields.push(...column.display.fields.map((field) => `${column.path}.${field}`));
    else fields.push(column.path);
  }
  return [...new Set(fields)];
}

/** The text of a cell: a related item by its display template, anything else as `formatValue` writes it. */
export function cellText(row: Record<string, unknown>, column: FieldPath): string {
  const value = valueAt(row, column.path);
  if (column.display && value !== null && typeof value === 'object') return displayText(column.display, value as Record<string, unknown>);
  return formatValue(value);
}
