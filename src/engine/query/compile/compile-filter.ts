import type { Knex } from 'knex';
import type { Dialect, DateFunction } from '../../../database/dialects/dialect.js';
import { forbidden, forbiddenCollection, forbiddenFields, invalidQuery, isAppError } from '../../../kernel/errors/index.js';
import { ADMIN_PERMISSIONS } from '../../permissions/admin-permissions.js';
import { canAccessField, fieldCaseFilter, getAccess } from '../../permissions/get-access.js';
import type { PermissionSet } from '../../permissions/permissions.types.js';
import { REVISION_COLLECTION, REVISION_ITEM, REVISIONS } from '../../permissions/revision-read-rules.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import { getAnyRelation } from '../../schema-overview/get-any-relation.js';
import { isConcealed } from '../../schema-overview/is-concealed.js';
import { getFieldRelation } from '../../schema-overview/get-field-relation.js';
import type { Filter, SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import { dateFunctionsFor, parseFieldFunction, type FieldFunction } from '../ast/parse-field-function.js';
import { requireReadableField } from '../require-readable-field.js';
import { compileOperator } from './compile-operator.js';
import { compileManyToAny, compileManyToOne, compileOneToMany, type RelationalCompiler } from './compile-relational-filter.js';
import { isFilterOperator, operatorsForType, type FilterOperator } from './filter-operators.js';
import type { FieldType } from '../../../kernel/system/field-types.js';
import { and, FALSE_SQL, or, type Sql, TRUE_SQL } from './sql.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

export type CompileEnv = {
  knex: Knex;
  dialect: Dialect;
  schema: SchemaOverview;
  /** The reader's permissions: fields they may not read can't be filtered on, related row filters apply. */
  permissions: PermissionSet;
  maxRelationalDepth: number;
  maxFilterDepth: number;
  /** Hands out unique table aliases for subqueries. */
  nextAlias: () => string;
  /** Compiling a permission rule's filter (see compilePermissionFilter). */
  trusted?: boolean;
  /** Where a read plan notes the operators of the filter it compiles (plan-values.ts); permission rules note none. */
  leaves?: LeafSink | undefined;
};

/** One operator on one field as the filter compiled it: what a plan needs to compile it alone for other values. */
export type FilterLeaf = { key: string; field: string; op: FilterOperator; column: Sql; type: FieldType; sql: string; bindings: unknown[] };
/**
 * The operators of a filter in the order they were compiled. `plain` stays true while the condition is nothing
 * but its operators joined by AND and OR (no relational path, whose subquery is text of its own).
 */
export type LeafSink = { leaves: FilterLeaf[]; plain: boolean };

const DATE_TYPES = ['date', 'dateTime', 'timestamp', 'time'];

/**
 * Compiles a permission rule's filter: the rule itself may use fields the reader cannot read, and empty
 * lists from dynamic variables (`_in: $CURRENT_ROLES` of a user without roles) match nothing. A stored rule
 * that no longer compiles (a field it names was deleted, a value of the wrong type written around the API)
 * refuses the request with the generic 403: never wider access, and the rule's content is not shown to the
 * reader.
 */
export function compilePermissionFilter(env: CompileEnv, filter: Filter, collection: string, alias: string): Sql {
  try {
    return checkPermissionFilter(env, filter, collection, alias);
  } catch (error) {
    if (isAppError(error) && (error.code === 'INVALID_QUERY' || error.code === 'FORBIDDEN')) throw forbidden();
    throw error;
  }
}

/** compilePermissionFilter with the query engine's own errors, for checking a rule before it is stored. */
export function checkPermissionFilter(env: CompileEnv, filter: Filter, collection: string, alias: string): Sql {
  return compileNode({ ...env, permissions: ADMIN_PERMISSIONS, trusted: true, leaves: undefined }, filter, collection, alias, 'root', 0, 0);
}

/**
 * Compiles a Directus filter on `collection` (read as table alias `alias`) into a parameterised SQL condition,
 * checked against the reader's permissions. Identifiers go through `??`, values through `?`: no input ever
 * becomes SQL text.
 */
export function compileFilter(env: CompileEnv, filter: Filter, collection: string, alias: string, path = 'root'): Sql {
  return compileNode(env, filter, collection, alias, path, 0, 0);
}

function compileNode(
  env: CompileEnv,
  filter: unknown,
  collection: string,
  alias: string,
  path: string,
  depth: number,
  relationalDepth: number,
): Sql {
  if (depth > env.maxFilterDepth) throw invalidQuery(`Filter is nested deeper than ${env.maxFilterDepth} levels`);
  if (!isPlainObject(filter)) throw invalidQuery('A filter must be an object');
  const parts: Sql[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(value)) throw invalidQuery(`"${key}" must be an array`);
      const inner = value.map((v) => compileNode(env, v, collection, alias, path, depth + 1, relationalDepth));
      parts.push(key === '_and' ? and(inner) : or(inner));
      continue;
    }
    if (key.startsWith('_')) throw invalidQuery(`"${key}" can't be used at this level of a filter`);
    parts.push(compileField(env, key, value, collection, alias, path, depth, relationalDepth));
  }
  return and(parts);
}

function compileField(
  env: CompileEnv,
  key: string,
  value: unknown,
  collection: string,
  alias: string,
  path: string,
  depth: number,
  relationalDepth: number,
): Sql {
  const overview = getCollection(env.schema, collection, path);
  const scoped = /^([^:]+):(.+)$/.exec(key);
  if (scoped && env.leaves) env.leaves.plain = false;
  if (scoped) return compileAnyField(env, scoped[1]!, scoped[2]!, value, collection, alias, path, depth, relationalDepth);
  const fn = parseFieldFunction(key);
  const fieldName = fn ? fn.field : key;
  if (!isPlainObject(value)) {
    requireReadableField(env, collection, fieldName, path, 'presence');
    throw invalidQuery(`The filter for "${key}" must be an object of operators`);
  }

  const keys = Object.keys(value);
  const relation = fn ? null : getFieldRelation(env.schema, collection, fieldName);
  const operators = keys.filter((k) => k.startsWith('_') && k !== '_some' && k !== '_none');
  // A function of the field or a path through it uses its value; the operators below are checked by type.
  const through = fn !== null || (relation !== null && (operators.length === 0 || relation.kind === 'o2m'));
  const field = requireReadableField(env, collection, fieldName, path, through ? 'value' : 'presence');
  if (relation && (operators.length === 0 || relation.kind === 'o2m')) {
    if (env.leaves) env.leaves.plain = false;
    if (relationalDepth + 1 > env.maxRelationalDepth) throw invalidQuery('Max relational depth exceeded');
    const childPath = path === 'root' ? fieldName : `${path}.${fieldName}`;
    const compiler: RelationalCompiler = {
      schema: env.schema,
      nextAlias: env.nextAlias,
      nested: (inner, related, sub, innerPath) => compileNode(env, inner, related, sub, innerPath, depth + 1, relationalDepth + 1),
      rows: (related, sub, innerPath) => readableRows(env, related, sub, innerPath),
    };
    const condition =
      relation.kind === 'm2o'
        ? compileManyToOne(compiler, relation.related, `${alias}.${fieldName}`, value, childPath)
        : compileOneToMany(compiler, relation.related, relation.relation.field, `${alias}.${overview.primary}`, value, childPath);
    // A relational field the reader sees only on some rows can't be filtered on elsewhere.
    return and([visibleWhen(env, collection, alias, fieldName) ?? TRUE_SQL, condition]);
  }
  const nested = keys.find((k) => !k.startsWith('_'));
  if (nested !== undefined) {
    throw invalidQuery(
      relation
        ? `Operators and nested fields can't be mixed in the filter for "${key}"`
        : `"${key}" is not a relational field, "${nested}" can't follow it`,
    );
  }

  const raw = fn ? functionColumn(env, fn.name, collection, fieldName, alias, path) : { sql: '??', bindings: [`${alias}.${fieldName}`] };
  const column = readableColumn(env, collection, alias, fieldName, raw);
  const type = fn ? 'integer' : field.type;
  const concealed = !fn && isConcealed(field);
  const parts: Sql[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (!isFilterOperator(op) || !operatorsForType(type, concealed).includes(op)) {
      throw invalidQuery(`"${type}" field type does not contain the "${op}" filter operator`);
    }
    const part = compileOperator(env, op, operand, column, type, fieldName);
    env.leaves?.leaves.push({ key, field: fieldName, op, column, type, sql: part.sql, bindings: part.bindings });
    parts.push(part);
  }
  return and(parts);
}

/** `item:headings: {title: {_eq: …}}`: a many-to-any key into one of its collections. */
function compileAnyField(
  env: CompileEnv,
  fieldName: string,
  related: string,
  value: unknown,
  collection: string,
  alias: string,
  path: string,
  depth: number,
  relationalDepth: number,
): Sql {
  if (env.trusted && collection === REVISIONS && fieldName === REVISION_ITEM)
    return compileRevisionItem(env, related, value, alias, path, depth, relationalDepth);
  const access = getAccess(env.permissions, collection, 'read');
  const any = getAnyRelation(env.schema, collection, fieldName);
  if (
    !any ||
    !any.allowed.includes(related) ||
    !access ||
    !canAccessField(access, fieldName) ||
    !canAccessField(access, any.collectionField)
  ) {
    throw forbiddenFields(collection, [`${fieldName}:${related}`], path);
  }
  if (!isPlainObject(value) || Object.keys(value).some((k) => k.startsWith('_')))
    throw invalidQuery(`The filter for "${fieldName}:${related}" must name fields of "${related}"`);
  if (relationalDepth + 1 > env.maxRelationalDepth) throw invalidQuery('Max relational depth exceeded');
  const childPath = path === 'root' ? `${fieldName}:${related}` : `${path}.${fieldName}:${related}`;
  const compiler = {
    schema: env.schema,
    nextAlias: env.nextAlias,
    nested: (inner: Record<string, unknown>, target: string, sub: string, innerPath: string) =>
      compileNode(env, inner, target, sub, innerPath, depth + 1, relationalDepth + 1),
    rows: (target: string, sub: string, innerPath: string) => readableRows(env, target, sub, innerPath),
    castToText: (sql: string) => env.dialect.castToText(sql),
  };
  const condition = compileManyToAny(compiler, related, `${alias}.${fieldName}`, `${alias}.${any.collectionField}`, value, childPath);
  return and([
    visibleWhen(env, collection, alias, fieldName) ?? TRUE_SQL,
    visibleWhen(env, collection, alias, any.collectionField) ?? TRUE_SQL,
    condition,
  ]);
}

/**
 * `item:<collection>` in the scope a revisions read gets from the reader's rules (revision-read-rules.ts; only
 * in a permission filter, never from a query): the revision is of `related` and its item (text) is the key
 * of an existing item of `related` matching `value`, compared as text like a many-to-any key. A collection
 * the schema no longer has matches nothing.
 */
function compileRevisionItem(
  env: CompileEnv,
  related: string,
  value: unknown,
  alias: string,
  path: string,
  depth: number,
  relationalDepth: number,
): Sql {
  if (!Object.hasOwn(env.schema.collections, related)) return FALSE_SQL;
  if (!isPlainObject(value)) throw invalidQuery(`The filter for "${REVISION_ITEM}:${related}" must name fields of "${related}"`);
  const compiler = {
    schema: env.schema,
    nextAlias: env.nextAlias,
    nested: (inner: Record<string, unknown>, target: string, sub: string, innerPath: string) =>
      compileNode(env, inner, target, sub, innerPath, depth + 1, relationalDepth),
    rows: () => TRUE_SQL,
    castToText: (sql: string) => env.dialect.castToText(sql),
  };
  return compileManyToAny(
    compiler,
    related,
    `${alias}.${REVISION_ITEM}`,
    `${alias}.${REVISION_COLLECTION}`,
    value,
    `${path}.${REVISION_ITEM}:${related}`,
  );
}

/**
 * The condition under which the reader sees `field` on a row (field-level permissions: a field granted only
 * by filtered rules is visible only where one of those filters matches); null when always.
 */
export function visibleWhen(env: CompileEnv, collection: string, alias: string, field: string): Sql | null {
  if (env.permissions.admin) return null;
  const access = getAccess(env.permissions, collection, 'read');
  const filter = access ? fieldCaseFilter(access, field) : null;
  return filter ? compilePermissionFilter(env, filter, collection, alias) : null;
}

/** The rows of `collection` the reader may see, as a condition on `alias` (403 when they may see none). */
export function readableRows(env: CompileEnv, collection: string, alias: string, path: string): Sql {
  const access = getAccess(env.permissions, collection, 'read');
  if (!access) throw forbiddenCollection(collection, path);
  if (access.kind === 'all' || access.rowFilter === null) return TRUE_SQL;
  return compilePermissionFilter(env, access.rowFilter, collection, alias);
}

/** A column as the reader sees it: `CASE WHEN <visible> THEN column END` when the field is conditionally granted. */
export function readableColumn(env: CompileEnv, collection: string, alias: string, field: string, column: Sql): Sql {
  const when = visibleWhen(env, collection, alias, field);
  if (!when) return column;
  return { sql: `(CASE WHEN ${when.sql} THEN ${column.sql} ELSE NULL END)`, bindings: [...when.bindings, ...column.bindings] };
}

/**
 * A field function as SQL: a date part of a date/time field (through the dialect), or `count` of a one-to-many
 * field (the related rows the reader may see; 403 when they may see none).
 */
export function functionColumn(env: CompileEnv, fn: string, collection: string, fieldName: string, alias: string, path = 'root'): Sql {
  const overview = getCollection(env.schema, collection, path);
  const field = overview.fields[fieldName];
  if (fn === 'count') {
    const relation = getFieldRelation(env.schema, collection, fieldName);
    if (relation?.kind !== 'o2m') throw invalidQuery(`Function "count" only works on one-to-many fields, not on "${fieldName}"`);
    const sub = env.nextAlias();
    const where = and([
      { sql: '?? = ??', bindings: [`${sub}.${relation.relation.field}`, `${alias}.${overview.primary}`] },
      readableRows(env, relation.related, sub, path === 'root' ? fieldName : `${path}.${fieldName}`),
    ]);
    return { sql: `(SELECT COUNT(*) FROM ?? AS ?? WHERE ${where.sql})`, bindings: [relation.related, sub, ...where.bindings] };
  }
  if (!field || !DATE_TYPES.includes(field.type)) {
    throw invalidQuery(`Function "${fn}" only works on date and time fields, not on "${fieldName}"`);
  }
  if (!dateFunctionsFor(field.type).includes(fn as FieldFunction)) {
    throw invalidQuery(`Function "${fn}" can't be used on the ${field.type} field "${fieldName}"`);
  }
  const raw = env.dialect.dateFunction(env.knex, fn as DateFunction, `${alias}.${fieldName}`, field.type).toSQL();
  return { sql: `(${raw.sql})`, bindings: [...raw.bindings] };
}
