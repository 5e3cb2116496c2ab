import type { Knex } from 'knex';

const caches = new WeakMap<Knex, Map<string, string | null>>();
const LIMIT = 20_000;

/**
 * An identifier (`alias.column` or a result key) quoted the way the connection's dialect quotes it, as SQL text
 * without bindings. Quoting is knex's own (the same `??` rules), done once per name: building a select list from
 * `??` bindings on every request costs more than running a small query. Null for a name whose quoted form holds a
 * `?`, which knex would later read as a placeholder; such a name keeps its `??` binding.
 */
export function quoteIdentifier(knex: Knex, name: string): string | null {
  let cache = caches.get(knex);
  if (!cache) {
    cache = new Map();
    caches.set(knex, cache);
  }
  let quoted = cache.get(name);
  if (quoted === undefined) {
    const text = knex.raw('??', [name]).toQuery();
    quoted = text.includes('?') ? null : text;
    if (cache.size >= LIMIT) cache.clear();
    cache.set(name, quoted);
  }
  return quoted;
}
