import { invalidQuery } from '../../../kernel/errors/index.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import type { SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import { and, not, type Sql } from './sql.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

/** What the relational compilers need from the filter compiler (passed in, so the two files don't import each other). */
export type RelationalCompiler = {
  schema: SchemaOverview;
  nextAlias: () => string;
  /** Compiles a nested filter on `collection` read as `alias`, one level deeper. */
  nested: (filter: Record<string, unknown>, collection: string, alias: string, path: string) => Sql;
  /** The rows of `collection` the reader may see, as a condition on `alias` (403 when none). */
  rows: (collection: string, alias: string, path: string) => Sql;
};

/** `fk IN (SELECT pk FROM related WHERE …)`, with the related collection's row permissions applied. */
export function compileManyToOne(
  c: RelationalCompiler,
  related: string,
  fkColumn: string,
  filter: Record<string, unknown>,
  path: string,
): Sql {
  const relatedOverview = getCollection(c.schema, related, path);
  const sub = c.nextAlias();
  const where = and([c.rows(related, sub, path), c.nested(filter, related, sub, path)]);
  return {
    sql: `?? IN (SELECT ?? FROM ?? AS ?? WHERE ${where.sql})`,
    bindings: [fkColumn, `${sub}.${relatedOverview.primary}`, related, sub, ...where.bindings],
  };
}

/** o2m: `_some` (also a plain nested filter) and `_none` as IN / NOT IN subqueries on the foreign key. */
export function compileOneToMany(
  c: RelationalCompiler,
  related: string,
  fkField: string,
  pkColumn: string,
  filter: Record<string, unknown>,
  path: string,
): Sql {
  const parts: Sql[] = [];
  const plain: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(filter)) {
    if (key === '_some' || key === '_none') {
      if (!isPlainObject(inner)) throw invalidQuery(`"${key}" must be an object`);
      const exists = someRelated(c, related, fkField, pkColumn, inner, path);
      parts.push(key === '_some' ? exists : not(exists));
    } else if (key.startsWith('_')) {
      throw invalidQuery(`"${key}" can't be used on a one-to-many field; use "_some" or "_none"`);
    } else plain[key] = inner;
  }
  if (Object.keys(plain).length > 0) parts.push(someRelated(c, related, fkField, pkColumn, plain, path));
  return and(parts);
}

function someRelated(
  c: RelationalCompiler,
  related: string,
  fkField: string,
  pkColumn: string,
  filter: Record<string, unknown>,
  path: string,
): Sql {
  const sub = c.nextAlias();
  const where = and([
    { sql: '?? IS NOT NULL', bindings: [`${sub}.${fkField}`] },
    c.rows(related, sub, path),
    c.nested(filter, related, sub, path),
  ]);
  return {
    sql: `?? IN (SELECT ?? FROM ?? AS ?? WHERE ${where.sql})`,
    bindings: [pkColumn, `${sub}.${fkField}`, related, sub, ...where.bindings],
  };
}

/**
 * Many-to-any (`item:headings`): the row's collection field names `related` and its key field is the key of a
 * matching item (compared as text, as the key field stores it), with the related collection's row permissions.
 */
export function compileManyToAny(
  c: RelationalCompiler & { castToText: (sql: string) => string },
  related: string,
  keyColumn: string,
  collectionColumn: string,
  filter: Record<string, unknown>,
  path: string,
): Sql {
  const relatedOverview = getCollection(c.schema, related, path);
  const sub = c.nextAlias();
  const where = and([c.rows(related, sub, path), c.nested(filter, related, sub, path)]);
  return {
    sql: `?? = ? AND ?? IN (SELECT ${c.castToText('??')} FROM ?? AS ?? WHERE ${where.sql})`,
    bindings: [collectionColumn, related, keyColumn, `${sub}.${relatedOverview.primary}`, related, sub, ...where.bindings],
  };
}
