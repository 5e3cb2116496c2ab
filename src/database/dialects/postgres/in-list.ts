/**
 * A long `IN` list on PostgreSQL: one array parameter, written as an array literal of quoted elements. The
 * parameter is untyped, so PostgreSQL reads it as an array of the column's type, each element through that
 * type's input function, exactly as it reads a single bound value. `<> ALL` keeps `NOT IN`'s NULL semantics.
 */
export function inList(column: string, values: readonly unknown[], negate: boolean): { sql: string; binding: unknown } {
  return { sql: negate ? `${column} <> ALL(?)` : `${column} = ANY(?)`, binding: arrayLiteral(values) };
}

function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  });
  return `{${elements.join(',')}}`;
}
