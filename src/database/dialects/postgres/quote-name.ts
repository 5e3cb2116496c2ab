/** A PostgreSQL identifier in double quotes, inner quotes doubled: for SQL this dialect writes itself. */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
