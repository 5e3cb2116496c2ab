import { invalidQuery } from '../../../kernel/errors/index.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import { getFieldRelation } from '../../schema-overview/get-field-relation.js';
import { parseFieldFunction } from '../ast/parse-field-function.js';
import { requireReadableField } from '../require-readable-field.js';
import { functionColumn, readableColumn, readableRows, type CompileEnv } from './compile-filter.js';
import { and, type Sql } from './sql.js';

export type OrderTerm = { expression: Sql; descending: boolean } | { random: true };

/**
 * `sort`: fields in priority order, `-` for descending, `?` for random; many-to-one paths (`author.name`)
 * sort by a correlated subquery over the related rows the reader may see; field functions (`year(date)`,
 * `count(comments)`) by their value. Values the reader sees only on some rows sort as NULL elsewhere; a field
 * the reader can't read or a concealed one can't be sorted on (403), here or along the path.
 */
export function compileSort(env: CompileEnv, sort: string[], collection: string, alias: string): OrderTerm[] {
  return sort.map((entry) => {
    if (entry === '?') return { random: true };
    const descending = entry.startsWith('-');
    const path = descending ? entry.slice(1) : entry;
    if (path === '') throw invalidQuery('"sort" has an empty field');
    return { expression: sortExpression(env, path.split('.'), collection, alias, 'root', 0), descending };
  });
}

function sortExpression(env: CompileEnv, segments: string[], collection: string, alias: string, path: string, depth: number): Sql {
  if (depth > env.maxRelationalDepth) throw invalidQuery('Max relational depth exceeded');
  const [head, ...rest] = segments as [string, ...string[]];
  const fn = parseFieldFunction(head);
  const fieldName = fn ? fn.field : head;
  // Ordering by a value reads it (`sort=f` against `sort=-f`): it must be readable and not concealed.
  const field = requireReadableField(env, collection, fieldName, path, 'value');

  if (fn) {
    if (rest.length > 0) throw invalidQuery(`Can't sort by "${segments.join('.')}"`);
    return readableColumn(env, collection, alias, fieldName, functionColumn(env, fn.name, collection, fieldName, alias, path));
  }
  if (rest.length === 0) {
    if (field.alias) throw invalidQuery(`Can't sort by the alias field "${fieldName}"`);
    return readableColumn(env, collection, alias, fieldName, { sql: '??', bindings: [`${alias}.${fieldName}`] });
  }
  const relation = getFieldRelation(env.schema, collection, fieldName);
  if (relation?.kind !== 'm2o') throw invalidQuery(`Can't sort by "${segments.join('.')}": only many-to-one paths can be sorted on`);
  const related = getCollection(env.schema, relation.related);
  const childPath = path === 'root' ? fieldName : `${path}.${fieldName}`;
  const sub = env.nextAlias();
  const inner = sortExpression(env, rest, relation.related, sub, childPath, depth + 1);
  const fk = readableColumn(env, collection, alias, fieldName, { sql: '??', bindings: [`${alias}.${fieldName}`] });
  const where = and([
    { sql: `?? = ${fk.sql}`, bindings: [`${sub}.${related.primary}`, ...fk.bindings] },
    readableRows(env, relation.related, sub, childPath),
  ]);
  return {
    sql: `(SELECT ${inner.sql} FROM ?? AS ?? WHERE ${where.sql})`,
    bindings: [...inner.bindings, relation.related, sub, ...where.bindings],
  };
}
