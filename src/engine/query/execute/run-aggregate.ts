import type { Knex } from 'knex';
import { forbiddenFields, invalidQuery } from '../../../kernel/errors/index.js';
import { NUMERIC_TYPES, type FieldType } from '../../../kernel/system/field-types.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import type { Filter } from '../../schema-overview/schema-overview.types.js';
import { parseFieldFunction } from '../ast/parse-field-function.js';
import { functionColumn, readableColumn, type CompileEnv } from '../compile/compile-filter.js';
import { compileSort } from '../compile/compile-sort.js';
import type { Sql } from '../compile/sql.js';
import type { AggregateFunction, Query } from '../query.types.js';
import { requireReadableField, type FieldUse } from '../require-readable-field.js';
import { rootWhere, type Row } from './run-ast.js';
import { runRead } from './run-read.js';

const SQL_FN: Record<AggregateFunction, (col: string) => string> = {
  count: (c) => `COUNT(${c})`,
  countDistinct: (c) => `COUNT(DISTINCT ${c})`,
  countAll: () => 'COUNT(*)',
  sum: (c) => `SUM(${c})`,
  sumDistinct: (c) => `SUM(DISTINCT ${c})`,
  avg: (c) => `AVG(${c})`,
  avgDistinct: (c) => `AVG(DISTINCT ${c})`,
  min: (c) => `MIN(${c})`,
  max: (c) => `MAX(${c})`,
};
const NUMERIC_ONLY: readonly AggregateFunction[] = ['sum', 'sumDistinct', 'avg', 'avgDistinct'];
const ORDERED_ONLY: readonly AggregateFunction[] = ['min', 'max'];
/** Types without an order on every vendor (PostgreSQL has no MIN of a uuid, a boolean or JSON). */
const UNORDERED_TYPES: readonly FieldType[] = ['uuid', 'boolean', 'json', 'binary'];

/**
 * `aggregate` with optional `groupBy`: `{count: 17}` for `count=*`, `{countDistinct: {user: 3}}` for a field,
 * group fields beside them (`year(date)` groups come back as `date_year`, as Directus names them). Every
 * field used must be readable; values the reader sees only on some rows count as NULL elsewhere; sums and
 * averages need numeric fields; concealed fields can only be counted (`count`: how many are set), never
 * grouped by, compared (`countDistinct`) or taken the minimum or maximum of.
 */
export async function runAggregate(env: CompileEnv, collection: string, query: Query, rowFilter: Filter | null): Promise<Row[]> {
  const overview = getCollection(env.schema, collection);
  // Counting a field only tells whether it is set; every other function, and a group, uses its value.
  const fieldOf = (name: string, use: FieldUse) => {
    const field = requireReadableField(env, collection, name, 'root', use);
    if (field.alias) throw forbiddenFields(collection, [name]);
    return field;
  };
  const alias = env.nextAlias();
  const column = (name: string): Sql => readableColumn(env, collection, alias, name, { sql: '??', bindings: [`${alias}.${name}`] });
  const qb = env.knex.from({ [alias]: collection });
  const columns: Knex.Raw[] = [];
  const outputs: { fn: AggregateFunction; field: string; key: string }[] = [];
  for (const [fn, fields] of Object.entries(query.aggregate ?? {}) as [AggregateFunction, string[]][]) {
    if (!Object.hasOwn(SQL_FN, fn)) throw invalidQuery(`"aggregate" has an unknown function "${fn}"`);
    for (const name of fn === 'countAll' ? ['*'] : fields) {
      const key = `${fn}->${name}`;
      if (name === '*') {
        if (fn !== 'count' && fn !== 'countAll') throw invalidQuery(`"${fn}" needs a field, not "*"`);
        columns.push(env.knex.raw(`${SQL_FN[fn]('*')} AS ??`, [key]));
      } else {
        const field = fieldOf(name, fn === 'count' ? 'presence' : 'value');
        if (NUMERIC_ONLY.includes(fn) && !NUMERIC_TYPES.includes(field.type))
          throw invalidQuery(`"${fn}" only works on numeric fields, not on "${name}"`);
        if (ORDERED_ONLY.includes(fn) && UNORDERED_TYPES.includes(field.type))
          throw invalidQuery(`"${fn}" only works on fields with an order, not on "${name}"`);
        if (fn.endsWith('Distinct') && field.type === 'json') throw invalidQuery(`"${fn}" does not work on JSON fields such as "${name}"`);
        const value = column(name);
        columns.push(env.knex.raw(`${SQL_FN[fn](value.sql)} AS ??`, [...value.bindings, key] as Knex.RawBinding[]));
      }
      outputs.push({ fn, field: name, key });
    }
  }
  const groups: { key: string; type: string | null; name: string }[] = [];
  for (const name of query.group ?? []) {
    const fn = parseFieldFunction(name);
    const grouped = fieldOf(fn ? fn.field : name, 'value');
    if (!fn && grouped.type === 'json') throw invalidQuery(`"groupBy" does not work on JSON fields such as "${name}"`);
    const value = fn
      ? readableColumn(env, collection, alias, fn.field, functionColumn(env, fn.name, collection, fn.field, alias))
      : column(name);
    const key = fn ? `${fn.field}_${fn.name}` : name;
    columns.push(env.knex.raw(`${value.sql} AS ??`, [...value.bindings, key] as Knex.RawBinding[]));
    // By position: the same expression bound twice is two expressions to PostgreSQL (a field the reader sees only on some rows is a CASE with bindings).
    qb.groupByRaw(String(columns.length));
    groups.push({ key, name: fn ? fn.field : name, type: fn ? null : overview.fields[name]!.type });
  }
  if (columns.length === 0) throw invalidQuery('"aggregate" or "groupBy" needs at least one field');
  qb.select(columns);
  const where = rootWhere(env, collection, alias, rowFilter, query);
  qb.whereRaw(where.sql, where.bindings as Knex.RawBinding[]);
  // The sort is checked as any read's is; groups are ordered by what they are grouped by, and a plain aggregate
  // is one row that needs no order.
  const terms = query.sort && query.sort.length > 0 ? compileSort(env, query.sort, collection, alias) : [];
  if (groups.length > 0) checkGroupSort(query);
  for (const term of groups.length > 0 ? terms : []) {
    if ('random' in term) qb.orderByRaw(env.dialect.randomOrder(env.knex).toSQL().sql);
    else qb.orderByRaw(`${term.expression.sql} ${term.descending ? 'DESC' : 'ASC'}`, term.expression.bindings as Knex.RawBinding[]);
  }
  if (groups.length > 0) applyGroupWindow(qb, query);

  const rows = await runRead<Row>(env.knex, env.dialect, qb);
  return rows.map((row) => {
    const out: Row = {};
    for (const group of groups)
      out[group.key] = group.type ? env.dialect.fromDatabase(overview.fields[group.name]!.type, row[group.key]) : toNumber(row[group.key]);
    for (const { fn, field, key } of outputs) {
      const raw = row[key];
      const keepType = (fn === 'min' || fn === 'max') && field !== '*';
      const value =
        raw === null || raw === undefined ? null : keepType ? env.dialect.fromDatabase(overview.fields[field]!.type, raw) : Number(raw);
      // `{count: 17}` for `*` alone, `{count: {views: 5}}` for fields, `{count: {"*": 17, views: 5}}` for both.
      const alone = field === '*' && outputs.every((o) => o.fn !== fn || o.field === '*');
      out[fn] = alone ? value : { ...((out[fn] as Row | undefined) ?? {}), [field]: value };
    }
    return out;
  });
}

/**
 * The sort of an aggregate with groups may only use fields as `groupBy` names them (`status`, `year(date)`) or
 * `?`. Any other field has no one value per group: PostgreSQL and MariaDB refuse the statement (a 500), SQLite
 * would order by an arbitrary row's value.
 */
function checkGroupSort(query: Query): void {
  for (const term of query.sort ?? []) {
    const name = term.startsWith('-') ? term.slice(1) : term;
    if (name !== '?' && !(query.group ?? []).includes(name))
      throw invalidQuery(`"sort" of grouped results can only use the "groupBy" fields, not "${name}"`);
  }
}

/** limit, offset and page over the groups (a plain aggregate is one row). */
function applyGroupWindow(qb: Knex.QueryBuilder, query: Query): void {
  const limit = query.limit ?? -1;
  const offset = query.page && query.page > 0 && limit > 0 ? limit * (query.page - 1) : (query.offset ?? 0);
  if (limit !== -1) qb.limit(limit);
  if (offset > 0) {
    if (limit === -1) qb.limit(Number.MAX_SAFE_INTEGER);
    qb.offset(offset);
  }
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
