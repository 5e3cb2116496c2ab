import type { Knex } from 'knex';
import { columnPositions, type Statement, type Table } from '../../../database/execute/statement.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import { isConcealed } from '../../schema-overview/is-concealed.js';
import type { Filter } from '../../schema-overview/schema-overview.types.js';
import type { AnyNode, AstNode, RelationNode, RootAst } from '../ast/ast.types.js';
import { compileFilter, compilePermissionFilter, functionColumn, type CompileEnv } from '../compile/compile-filter.js';
import { compileSearch } from '../compile/compile-search.js';
import { compileSort, type OrderTerm } from '../compile/compile-sort.js';
import { quoteIdentifier } from '../compile/quote-identifier.js';
import { and, type Sql, TRUE_SQL } from '../compile/sql.js';
import type { DeepQuery, Query } from '../query.types.js';
import { createKeyLookup, uniqueKeys } from './key-lookup.js';
import { keyedStatement } from './keyed-statement.js';
import { queryCondition, rootWindow, type ConditionKind, type ValueRecorder } from './plan-values.js';
import { CONCEALED } from '../../../kernel/text/concealed.js';
import { REVISION_COLLECTION_KEY, revisionCollectionColumn, revisionValueKeys, stripRevisionRow } from './revision-values.js';

export type Row = Record<string, unknown>;

const CHUNK = 500;
const PK = '__pk';
const FK = '__fk';
/** The collection of a many-to-any key. */
const FC = '__fc';
const RN = '__rn';
/** The parent's key beside each row of an o2m level. */
const PARENT = `${RN}parent`;
/** The keys of a plain o2m field, aggregated in the parent's statement (keysColumn). */
const AGG = '__agg';

/** Reads the rows an AST describes: one query for the root, one batched query per relation and level. */
export async function runAst(env: CompileEnv, ast: RootAst): Promise<Row[]> {
  const table = await runTable(env, rootStatement(env, ast).toSQL().toNative());
  return finishLevel(env, ast.collection, ast.children, table);
}

/**
 * The root statement of an AST as the driver runs it (native placeholders), for a read plan (read-plans.ts).
 * With `values`, the query's filter, search, the caller's `scope` and the window go in as stand-ins the recorder
 * places (plan-values.ts).
 */
export function compileRoot(
  env: CompileEnv,
  ast: RootAst,
  extra: Sql[] = [],
  values?: ValueRecorder,
  scope: Filter | null = null,
): NativeStatement {
  return rootStatement(env, ast, extra, values, scope).toSQL().toNative();
}

/** The rows of a root statement compiled before (compileRoot) as the API shows them, with their relations. */
export function finishRoot(env: CompileEnv, ast: RootAst, table: Table): Promise<Row[]> {
  return finishLevel(env, ast.collection, ast.children, table);
}

/** A statement compiled before, run by the dialect's executor (in or outside a transaction). */
export function runNative(env: CompileEnv, statement: Statement): Promise<Row[]> {
  return env.dialect.execute(env.knex, statement);
}

/**
 * A read compiled before whose rows the engine shapes (a level of an AST): the rows as arrays beside their column
 * names (Dialect.executeTable), read by position, with no object made per row as read (decision 0068).
 */
export function runTable(env: CompileEnv, statement: Statement): Promise<Table> {
  return env.dialect.executeTable(env.knex, statement);
}

/** A compiled statement as the driver runs it (the executor's Statement). */
export type NativeStatement = Statement;

function rootStatement(
  env: CompileEnv,
  ast: RootAst,
  extra: Sql[] = [],
  values?: ValueRecorder,
  scope: Filter | null = null,
): Knex.QueryBuilder {
  const alias = env.nextAlias();
  const qb = env.knex.from({ [alias]: ast.collection });
  selectLevel(env, qb, ast.collection, alias, ast.children, extra, hasOneToMany(ast.children));
  const where = rootWhere(env, ast.collection, alias, ast.rowFilter, ast.query, true, values, scope);
  qb.whereRaw(where.sql, where.bindings as Knex.RawBinding[]);
  applyOrder(env, qb, orderFor(env, ast.collection, alias, ast.query.sort, ast.query.aggregate !== undefined));
  const window = rootWindow(ast.query);
  const limit = values ? values.window('limit', window.limit) : window.limit;
  const offset = values ? values.window('offset', window.offset) : window.offset;
  if (limit !== undefined) qb.limit(limit);
  if (offset !== undefined) qb.offset(offset);
  return qb;
}

/**
 * WHERE of a root read: permissions, the caller's scope (with or without the filter: it narrows the rows as the
 * permissions do), then the query's filter, then search (the last three through `values` while a plan records
 * them).
 */
export function rootWhere(
  env: CompileEnv,
  collection: string,
  alias: string,
  rowFilter: Filter | null,
  query: Query,
  withFilter = true,
  values?: ValueRecorder,
  scope: Filter | null = null,
): Sql {
  const condition = (kind: ConditionKind) =>
    values ? values.condition(env, kind, collection, alias, query, scope) : queryCondition(env, kind, collection, alias, query, scope);
  return and([
    rowFilter ? compilePermissionFilter(env, rowFilter, collection, alias) : TRUE_SQL,
    scope ? condition('scope') : TRUE_SQL,
    withFilter ? condition('filter') : TRUE_SQL,
    withFilter ? condition('search') : TRUE_SQL,
  ]);
}

function orderFor(env: CompileEnv, collection: string, alias: string, sort: string[] | undefined, aggregate: boolean): OrderTerm[] {
  if (sort && sort.length > 0) return compileSort(env, sort, collection, alias);
  if (aggregate) return [];
  const overview = getCollection(env.schema, collection);
  const field = overview.sortField ?? overview.primary;
  return [{ expression: { sql: '??', bindings: [`${alias}.${field}`] }, descending: false }];
}

function applyOrder(env: CompileEnv, qb: Knex.QueryBuilder, terms: OrderTerm[]): void {
  for (const term of terms) {
    if ('random' in term) qb.orderByRaw(env.dialect.randomOrder(env.knex).toSQL().sql);
    else qb.orderByRaw(`${term.expression.sql} ${term.descending ? 'DESC' : 'ASC'}`, term.expression.bindings as Knex.RawBinding[]);
  }
}

function orderSql(terms: OrderTerm[], env: CompileEnv): Sql {
  const parts = terms.map((t) =>
    'random' in t
      ? { sql: env.dialect.randomOrder(env.knex).toSQL().sql, bindings: [] }
      : { sql: `${t.expression.sql} ${t.descending ? 'DESC' : 'ASC'}`, bindings: t.expression.bindings },
  );
  return { sql: parts.map((p) => p.sql).join(', '), bindings: parts.flatMap((p) => p.bindings) };
}

/** An identifier as SQL: pre-quoted text when possible, else a `??` binding. */
function ident(env: CompileEnv, name: string): Sql {
  const quoted = quoteIdentifier(env.knex, name);
  return quoted === null ? { sql: '??', bindings: [name] } : { sql: quoted, bindings: [] };
}

function caseColumn(env: CompileEnv, collection: string, alias: string, caseFilter: Filter | null, column: Sql, key: string): Sql {
  const as = ident(env, key);
  if (!caseFilter) return { sql: `${column.sql} AS ${as.sql}`, bindings: [...column.bindings, ...as.bindings] };
  const when = compilePermissionFilter(env, caseFilter, collection, alias);
  return {
    sql: `CASE WHEN ${when.sql} THEN ${column.sql} ELSE NULL END AS ${as.sql}`,
    bindings: [...when.bindings, ...column.bindings, ...as.bindings],
  };
}

/**
 * Where a level's rows carry their primary key as read: under the key of its primary key field when the level
 * shows that field as it is (no function, no field rule), else under the helper `__pk`.
 */
function keyOf(env: CompileEnv, collection: string, nodes: AstNode[]): string {
  const primary = getCollection(env.schema, collection).primary;
  const shown = nodes.find((n) => n.kind === 'field' && n.field === primary && !n.fn && !n.caseFilter);
  return shown ? shown.key : PK;
}

/** Whether a level reads one-to-many lists (which need its rows' keys). */
function hasOneToMany(nodes: AstNode[]): boolean {
  return nodes.some((n) => n.kind === 'o2m');
}

/**
 * Adds the SELECT list of one level (one raw fragment): its fields, plus the helper keys its relations need.
 * The primary key is selected a second time (`__pk`) only when the level needs it (`withKey`: its rows are
 * matched by key, or it has one-to-many lists) and does not show it as it is already (keyOf): the thousands of
 * rows of a junction level then come without a column no one reads.
 */
function selectLevel(
  env: CompileEnv,
  qb: Knex.QueryBuilder,
  collection: string,
  alias: string,
  nodes: AstNode[],
  extra: Sql[] = [],
  withKey = true,
): void {
  const overview = getCollection(env.schema, collection);
  const columns: Sql[] = [];
  for (const node of nodes) {
    if (node.kind === 'field') {
      const field = overview.fields[node.field];
      if (!field) continue;
      if (node.fn)
        columns.push(
          caseColumn(env, collection, alias, node.caseFilter, functionColumn(env, node.fn, collection, node.field, alias), node.key),
        );
      else if (!field.alias)
        columns.push(caseColumn(env, collection, alias, node.caseFilter, ident(env, `${alias}.${node.field}`), node.key));
    } else if (node.kind === 'm2o') {
      columns.push(caseColumn(env, collection, alias, node.caseFilter, ident(env, `${alias}.${node.field}`), `${FK}${node.key}`));
    } else if (node.kind === 'm2a') {
      columns.push(caseColumn(env, collection, alias, node.caseFilter, ident(env, `${alias}.${node.field}`), `${FK}${node.key}`));
      columns.push(caseColumn(env, collection, alias, node.caseFilter, ident(env, `${alias}.${node.collectionField}`), `${FC}${node.key}`));
    } else if (node.caseFilter) {
      columns.push(caseColumn(env, collection, alias, node.caseFilter, { sql: '1', bindings: [] }, `${FK}${node.key}`));
    }
    if (node.kind === 'o2m') {
      const keys = keysColumn(env, node, `${alias}.${overview.primary}`);
      if (keys) columns.push(caseColumn(env, collection, alias, node.caseFilter, keys, `${AGG}${node.key}`));
    }
  }
  columns.push(...revisionCollectionColumn(env, collection, alias, nodes), ...extra);
  // Also a level with nothing else to show (a reader who may read the rows but none of their fields): a SELECT
  // needs one column.
  if ((withKey && keyOf(env, collection, nodes) === PK) || columns.length === 0)
    columns.unshift(caseColumn(env, collection, alias, null, ident(env, `${alias}.${overview.primary}`), PK));
  qb.select(env.knex.raw(columns.map((c) => c.sql).join(', '), columns.flatMap((c) => c.bindings) as Knex.RawBinding[]));
}

/**
 * Reads the relations of a level, casts values, and returns the rows as the API shows them: new objects, in
 * the same order, with the level's fields (in the order asked) and then its relations, without helper keys.
 * (Made fresh rather than by deleting helper keys, which would leave every row a slow dictionary object.) The
 * rows as read are left as they are: each relation gives its values as a list beside them (one per row), so no
 * row as read grows a property (a new hidden class for every row of a large level).
 */
async function finishLevel(env: CompileEnv, collection: string, nodes: AstNode[], table: Table): Promise<Row[]> {
  const rows = table.rows;
  if (rows.length === 0) return [];
  const at = columnPositions(table);
  const overview = getCollection(env.schema, collection);
  const relationKeys: string[] = [];
  const relationValues: unknown[][] = [];
  for (const node of nodes) {
    if (node.kind === 'field') continue;
    const values =
      node.kind === 'm2a'
        ? await manyToAnyValues(env, node, table, at)
        : node.kind === 'm2o'
          ? await manyToOneValues(env, node, table, at)
          : await oneToManyValues(env, node, table, at, keyOf(env, collection, nodes));
    relationKeys.push(node.key);
    relationValues.push(values);
  }
  // What to do with each field of this level, worked out once, then applied to every row.
  const keys: string[] = [];
  const positions: number[] = [];
  const casts: ((value: unknown) => unknown)[] = [];
  for (const node of nodes) {
    if (node.kind !== 'field') continue;
    const field = overview.fields[node.field];
    if (!field || (field.alias && !node.fn)) continue;
    keys.push(node.key);
    positions.push(at.get(node.key) ?? -1);
    if (node.fn) casts.push((value) => (value === null || value === undefined ? null : Number(value)));
    else if (isConcealed(field)) casts.push((value) => (value === null || value === undefined ? null : CONCEALED));
    else {
      const type = field.type;
      casts.push((value) => env.dialect.fromDatabase(type, value));
    }
  }
  const stripped = revisionValueKeys(env, collection, nodes);
  const revisionCollection = stripped.length > 0 ? (at.get(REVISION_COLLECTION_KEY) ?? -1) : -1;
  const out: Row[] = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const shown: Row = {};
    for (let f = 0; f < keys.length; f++) shown[keys[f]!] = casts[f]!(row[positions[f]!]);
    for (let r = 0; r < relationKeys.length; r++) shown[relationKeys[r]!] = relationValues[r]![i];
    if (stripped.length > 0) stripRevisionRow(env, stripped, row[revisionCollection], shown);
    out[i] = shown;
  }
  return out;
}

/** A column of every row (a helper key, read once per level rather than spelt out for every row). */
function column(table: Table, at: ReadonlyMap<string, number>, key: string): unknown[] {
  const rows = table.rows;
  const position = at.get(key) ?? -1;
  const values = new Array<unknown>(rows.length);
  for (let i = 0; i < rows.length; i++) values[i] = rows[i]![position];
  return values;
}

/** Whether the reader sees a relation on a row: its case filter (field permissions), read as the `__fk` helper. */
function visibleOn(node: RelationNode, table: Table, at: ReadonlyMap<string, number>): boolean[] | null {
  if (!node.caseFilter) return null;
  return column(table, at, `${FK}${node.key}`).map((flag) => Number(flag) === 1);
}

/** The related item of each row (null: no key, or an item the reader may not see or that is gone). */
async function manyToOneValues(env: CompileEnv, node: RelationNode, table: Table, at: ReadonlyMap<string, number>): Promise<unknown[]> {
  const fks = column(table, at, `${FK}${node.key}`);
  const byKey = createKeyLookup<Row>();
  for (const chunk of chunks(uniqueKeys(fks))) {
    // A deep `_filter` / `_search` on an m2o leaves the related item out (null) when it does not match.
    const found = await readByPrimaryKeys(env, node, node.collection, node.children, chunk, (env, alias) => [
      node.rowFilter ? compilePermissionFilter(env, node.rowFilter, node.collection, alias) : TRUE_SQL,
      node.query.filter ? compileFilter(env, node.query.filter, node.collection, alias, node.path) : TRUE_SQL,
      node.query.search ? compileSearch(env, node.query.search, node.collection, alias) : TRUE_SQL,
    ]);
    for (const [key, row] of found) byKey.set(key, row);
  }
  return fks.map((fk) => (fk === null || fk === undefined ? null : (byKey.get(fk) ?? null)));
}

/**
 * Many-to-any: the rows' keys grouped by the collection beside them, one batched read per requested
 * collection (with its permissions). A key into a collection that was not asked for stays the key; one into
 * a collection the reader may not see, or to an item that is gone, reads as null.
 */
async function manyToAnyValues(env: CompileEnv, node: AnyNode, table: Table, at: ReadonlyMap<string, number>): Promise<unknown[]> {
  const found = new Map<string, Row>();
  const fks = column(table, at, `${FK}${node.key}`);
  const fcs = column(table, at, `${FC}${node.key}`);
  for (const branch of node.branches) {
    const related = getCollection(env.schema, branch.collection);
    const numeric = ['integer', 'bigInteger'].includes(related.fields[related.primary]?.type ?? '');
    // The key field is text: a value that can't be a key of this collection matches nothing (never an SQL error).
    const keys = uniqueKeys(fks.filter((_, i) => fcs[i] === branch.collection)).filter((k) => !numeric || /^-?\d+$/.test(String(k)));
    for (const chunk of chunks(keys)) {
      const read = await readByPrimaryKeys(env, branch, branch.collection, branch.children, chunk, (env, alias) => [
        branch.rowFilter ? compilePermissionFilter(env, branch.rowFilter, branch.collection, alias) : TRUE_SQL,
      ]);
      for (const [key, row] of read) found.set(`${branch.collection}\u0000${String(key)}`, row);
    }
  }
  const requested = new Set(node.branches.map((b) => b.collection));
  return fks.map((key, i) => {
    const collection = fcs[i];
    if (key === null || key === undefined) return null;
    if (typeof collection !== 'string' || !requested.has(collection)) return key;
    return found.get(`${collection}\u0000${String(key)}`) ?? null;
  });
}

/**
 * A plain o2m field (the related keys only, in their default order, no window) as a correlated subquery of
 * the parent's statement that aggregates the keys into a JSON array, where the dialect can: one statement
 * fewer per level (the activity log's `revisions`). The same rows as readChildren (childConditions).
 */
function keysColumn(env: CompileEnv, node: RelationNode, parentKey: string): Sql | null {
  const deep = node.query;
  const limit = deep.limit ?? -1;
  if (!node.keysOnly || !env.dialect.jsonArrayAgg || (deep.sort && deep.sort.length > 0) || limit === 0 || deep.offset || deep.page)
    return null;
  const related = getCollection(env.schema, node.collection);
  // A key the reader sees only on some rows, or one JSON can't carry exactly (bigint), goes the long way.
  const primary = node.children.find((c) => c.kind === 'field' && c.field === related.primary);
  if (!primary || primary.kind !== 'field' || primary.caseFilter || primary.type === 'bigInteger') return null;
  if (limit !== -1 && !Number.isSafeInteger(limit)) return null;
  const alias = env.nextAlias();
  const [term] = orderFor(env, node.collection, alias, undefined, false);
  if (!term || 'random' in term) return null;
  const order = orderSql([term], env);
  const key = ident(env, `${alias}.${related.primary}`);
  const where = and([{ sql: '?? = ??', bindings: [`${alias}.${node.relation.field}`, parentKey] }, ...childConditions(env, node, alias)]);
  const agg = env.dialect.jsonArrayAgg;
  if (limit === -1)
    return {
      sql: `(SELECT ${agg(key.sql, order.sql)} FROM ?? AS ?? WHERE ${where.sql})`,
      bindings: [...key.bindings, ...order.bindings, node.collection, alias, ...where.bindings],
    };
  // A limited list (every client's read has one): the first `limit` keys in their order, with the value they are
  // ordered by, then aggregated in that order. The limit is written into the statement: SQLite flattens a
  // subquery with a literal LIMIT (about as fast as no limit), not one with a bound LIMIT or a window (4–10×
  // slower per parent row).
  const kept = env.nextAlias();
  const inner = `SELECT ${key.sql} AS ??, ${term.expression.sql} AS ?? FROM ?? AS ?? WHERE ${where.sql} ORDER BY ${order.sql} LIMIT ${limit}`;
  const innerBindings = [
    ...key.bindings,
    PK,
    ...term.expression.bindings,
    RN,
    node.collection,
    alias,
    ...where.bindings,
    ...order.bindings,
  ];
  return {
    sql: `(SELECT ${agg('??', `?? ${term.descending ? 'DESC' : 'ASC'}`)} FROM (${inner}) AS ??)`,
    bindings: [`${kept}.${PK}`, `${kept}.${RN}`, ...innerBindings, kept],
  };
}

/**
 * The children of each row, finished (or their keys, for a plain o2m field); null where the reader may not see
 * the field on that row.
 */
async function oneToManyValues(
  env: CompileEnv,
  node: RelationNode,
  table: Table,
  at: ReadonlyMap<string, number>,
  keyColumn: string,
): Promise<unknown[]> {
  const visible = visibleOn(node, table, at);
  if (at.has(`${AGG}${node.key}`)) return aggregatedKeys(env, node, column(table, at, `${AGG}${node.key}`), visible);
  const parents = column(table, at, keyColumn);
  const keys = uniqueKeys(visible ? parents.filter((_, i) => visible[i]) : parents);
  const related = getCollection(env.schema, node.collection);
  const groups = new Map<string, unknown[]>();
  for (const chunk of chunks(keys)) {
    const found = await readChildren(env, node, chunk, node.relation.field);
    const finished = await finishLevel(env, node.collection, node.children, found);
    const parentAt = found.columns.indexOf(PARENT);
    // Children come grouped by parent (but for a window's): look a list up only when the parent changes.
    let parent: unknown = undefined;
    let list: unknown[] | undefined;
    for (let i = 0; i < found.rows.length; i++) {
      const current = found.rows[i]![parentAt];
      if (list === undefined || current !== parent) {
        const key = String(current);
        list = groups.get(key);
        if (list === undefined) groups.set(key, (list = []));
        parent = current;
      }
      const child = finished[i]!;
      list.push(node.keysOnly ? child[related.primary] : child);
    }
  }
  return parents.map((parent, i) => (visible && !visible[i] ? null : (groups.get(String(parent)) ?? [])));
}

/** The keys keysColumn aggregated: a JSON array per row (text or parsed, by driver), cast as the key field. */
function aggregatedKeys(env: CompileEnv, node: RelationNode, aggregated: unknown[], visible: boolean[] | null): unknown[] {
  const related = getCollection(env.schema, node.collection);
  const type = related.fields[related.primary]!.type;
  return aggregated.map((value, i) => {
    if (visible && !visible[i]) return null;
    const keys = typeof value === 'string' ? (JSON.parse(value) as unknown[]) : ((value ?? null) as unknown[] | null);
    return (keys ?? []).map((k) => env.dialect.fromDatabase(type, k));
  });
}

/** Which related rows an o2m level shows: the reader's row filter, then the deep filter and search. */
function childConditions(env: CompileEnv, node: RelationNode, alias: string): Sql[] {
  const deep = node.query;
  return [
    node.rowFilter ? compilePermissionFilter(env, node.rowFilter, node.collection, alias) : TRUE_SQL,
    deep.filter ? compileFilter(env, deep.filter, node.collection, alias, node.path) : TRUE_SQL,
    deep.search ? compileSearch(env, deep.search, node.collection, alias) : TRUE_SQL,
  ];
}

/**
 * The rows of `collection` whose primary key is in `keys` and that meet `conditions` (which compile with the
 * env and table alias they are given), as the API shows them, each beside its key as read.
 */
async function readByPrimaryKeys(
  env: CompileEnv,
  owner: object,
  collection: string,
  children: AstNode[],
  keys: unknown[],
  conditions: (env: CompileEnv, alias: string) => Sql[],
): Promise<[unknown, Row][]> {
  const primary = getCollection(env.schema, collection).primary;
  const found = await readByKeys(env, owner, keys, (env, list) => {
    const alias = env.nextAlias();
    const qb = env.knex.from({ [alias]: collection });
    selectLevel(env, qb, collection, alias, children);
    const where = and([
      { sql: `?? IN (${list.map(() => '?').join(', ')})`, bindings: [`${alias}.${primary}`, ...list] },
      ...conditions(env, alias),
    ]);
    return qb.whereRaw(where.sql, where.bindings as Knex.RawBinding[]);
  });
  const finished = await finishLevel(env, collection, children, found);
  const key = found.columns.indexOf(keyOf(env, collection, children));
  return found.rows.map((row, i) => [row[key], finished[i]!]);
}

/**
 * Reads a relation's rows by their keys (or their parents' keys). The statement is compiled once per node and
 * number of keys (keyed-statement.ts); the node lives as long as its read plan.
 */
function readByKeys(
  env: CompileEnv,
  owner: object,
  keys: readonly unknown[],
  build: (env: CompileEnv, keys: readonly unknown[]) => Knex.QueryBuilder,
): Promise<Table> {
  return runTable(
    env,
    keyedStatement(env, owner, keys, (env, list) => build(env, list).toSQL().toNative()),
  );
}

/** A deep query's per-parent limit (-1: none) and offset (`page` counts in limits). */
function perParent(deep: DeepQuery): { limit: number; offset: number } {
  const limit = deep.limit ?? -1;
  return { limit, offset: deep.page && deep.page > 0 && limit > 0 ? limit * (deep.page - 1) : (deep.offset ?? 0) };
}

/** The owner of a node's statement without the window (keyed-statement.ts keeps one statement per owner). */
const unnumbered = new WeakMap<RelationNode, object>();

/**
 * The o2m children of `parents`, at most `limit` per parent after `offset`, in their order. First without the
 * window: every child of these parents in (parent, order) order, up to the most rows the window could keep plus
 * one, numbered here; numbering in SQL (ROW_NUMBER) costs more than the read itself on SQLite. Only when there
 * are more rows than that for several parents (one of them may crowd out the others) does the window statement run.
 */
async function readChildren(env: CompileEnv, node: RelationNode, parents: unknown[], fkField: string): Promise<Table> {
  const { limit, offset } = perParent(node.query);
  const numbered = () => readByKeys(env, node, parents, (env, list) => childrenStatement(env, node, list, fkField, true));
  const most = parents.length * (offset + limit);
  if (limit === -1 || !Number.isSafeInteger(most + 1)) return numbered();
  let owner = unnumbered.get(node);
  if (!owner) unnumbered.set(node, (owner = {}));
  const read = await readByKeys(env, owner, parents, (env, list) => childrenStatement(env, node, list, fkField, false));
  // One parent: its rows in order are the answer however many there are (the statement stops one past them).
  if (read.rows.length > most && parents.length > 1) return numbered();
  const parentAt = read.columns.indexOf(PARENT);
  const kept: (readonly unknown[])[] = [];
  let parent: unknown;
  let position = 0;
  for (const row of read.rows) {
    const current = row[parentAt];
    position = current === parent ? position + 1 : 1;
    parent = current;
    if (position > offset && position <= offset + limit) kept.push(row);
  }
  return kept.length === read.rows.length ? read : { columns: read.columns, rows: kept };
}

/**
 * The statement of an o2m level: its rows whose parent is in `parents`, with the per-parent limit and offset as
 * a window (`numbered`), or ordered by parent with a limit of `parents × (offset + limit) + 1` rows (readChildren).
 */
function childrenStatement(
  env: CompileEnv,
  node: RelationNode,
  parents: readonly unknown[],
  fkField: string,
  numbered: boolean,
): Knex.QueryBuilder {
  const deep: DeepQuery = node.query;
  const alias = env.nextAlias();
  const qb = env.knex.from({ [alias]: node.collection });
  // The parent's key as `__rnparent`: `__fkparent` is the helper of a child field named `parent` (MariaDB refuses the duplicate).
  selectLevel(
    env,
    qb,
    node.collection,
    alias,
    node.children,
    [caseColumn(env, node.collection, alias, null, ident(env, `${alias}.${fkField}`), PARENT)],
    hasOneToMany(node.children),
  );
  const where = and([
    { sql: `?? IN (${parents.map(() => '?').join(', ')})`, bindings: [`${alias}.${fkField}`, ...parents] },
    ...childConditions(env, node, alias),
  ]);
  qb.whereRaw(where.sql, where.bindings as Knex.RawBinding[]);
  const order = orderFor(env, node.collection, alias, deep.sort, false);
  const { limit, offset } = perParent(deep);
  if (limit === -1 && offset === 0) {
    applyOrder(env, qb, order);
    return qb;
  }
  if (!numbered) {
    qb.orderByRaw('?? ASC', [`${alias}.${fkField}`]);
    applyOrder(env, qb, order);
    return qb.limit(parents.length * (offset + limit) + 1);
  }
  // Per-parent limit and offset: number the children of each parent, keep the window.
  const orderBy = orderSql(order, env);
  qb.select(
    env.knex.raw(`ROW_NUMBER() OVER (PARTITION BY ?? ORDER BY ${orderBy.sql}) AS ??`, [
      `${alias}.${fkField}`,
      ...orderBy.bindings,
      RN,
    ] as Knex.RawBinding[]),
  );
  const outer = env.knex.from(qb.as('w')).where(RN, '>', offset);
  if (limit !== -1) outer.andWhere(RN, '<=', offset + limit);
  outer.orderBy(RN);
  return outer;
}

function chunks<T>(values: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) result.push(values.slice(i, i + CHUNK));
  return result;
}
