/** A parameterised SQL fragment: `??` marks identifiers and `?` values, both filled from `bindings`. */
export type Sql = { sql: string; bindings: unknown[] };

export const TRUE_SQL: Sql = { sql: '1 = 1', bindings: [] };
export const FALSE_SQL: Sql = { sql: '1 = 0', bindings: [] };

export function and(parts: Sql[]): Sql {
  const real = parts.filter((p) => p !== TRUE_SQL);
  if (real.length === 0) return TRUE_SQL;
  if (real.length === 1) return real[0]!;
  return { sql: real.map((p) => `(${p.sql})`).join(' AND '), bindings: real.flatMap((p) => p.bindings) };
}

export function or(parts: Sql[]): Sql {
  if (parts.length === 0) return FALSE_SQL;
  if (parts.some((p) => p === TRUE_SQL)) return TRUE_SQL;
  if (parts.length === 1) return parts[0]!;
  return { sql: parts.map((p) => `(${p.sql})`).join(' OR '), bindings: parts.flatMap((p) => p.bindings) };
}

export function not(part: Sql): Sql {
  return { sql: `NOT (${part.sql})`, bindings: part.bindings };
}
