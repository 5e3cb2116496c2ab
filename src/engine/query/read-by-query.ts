import type { Knex } from 'knex';
import type { Context } from '../context.js';
import type { Table } from '../../database/execute/statement.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { buildAst, requireReadAccess } from './ast/build-ast.js';
import { sortsAtRandom } from './ast/sorts-at-random.js';
import { checkDeepQueries } from './check-deep-queries.js';
import type { CompileEnv } from './compile/compile-filter.js';
import type { Sql } from './compile/sql.js';
import { aliasesFrom, countingAliases, createCompileEnv, skipAliases } from './create-compile-env.js';
import { compileRoot, finishRoot, rootWhere, runNative, runTable, type NativeStatement } from './execute/run-ast.js';
import { keepResult, keptResult } from './execute/kept-results.js';
import { findReadPlans, keepReadPlan, readKey, readPlanKey, readValuesKey, type ReadPlan } from './execute/read-plans.js';
import { createValueRecorder, fillValues, type ValueRecorder } from './execute/plan-values.js';
import { readCaches, type ReadCaches } from './execute/read-caches.js';
import { runRead } from './execute/run-read.js';
import { runAggregate } from './execute/run-aggregate.js';
import type { DeepQuery, Query, QueryResult } from './query.types.js';
import { resolveVariables } from './resolve-variables.js';

export type ReadOptions = {
  /** An extra condition the caller adds (e.g. `id IN keys`), applied like a permission filter. */
  scope?: Filter;
  /**
   * The caller neither changes the result nor keeps it past its answer: an earlier, frozen result of the same
   * read may be returned while the data has not changed since (decision 0033).
   */
  reuse?: boolean;
};

/**
 * THE read path: every list and item read (REST, GraphQL, CLI, services) runs through here.
 * Validates the query against the schema and the reader's permissions, compiles it to parameterised SQL,
 * runs it with batched relational reads, and computes `meta` counts.
 */
export async function readByQuery(ctx: Context, collection: string, rawQuery: Query, options: ReadOptions = {}): Promise<QueryResult> {
  const query = await resolveQueryVariables(ctx, rawQuery);
  const scope = options.scope ?? null;
  const env = createCompileEnv(ctx);
  if (query.aggregate || (query.group && query.group.length > 0)) return readAggregate(ctx, env, collection, query, scope);
  return readWithPlan(ctx, env, collection, query, scope, options.reuse === true);
}

/** An aggregate (`aggregate`, `groupBy`): one statement through the same executor, with its `meta` counts. */
async function readAggregate(ctx: Context, env: CompileEnv, collection: string, query: Query, scope: Filter | null): Promise<QueryResult> {
  const rowFilter = rowFilterFor(ctx, collection, scope);
  // An aggregate reads none of `fields`, `alias` or `deep`, but a query naming a field it may not use is
  // refused wherever it names it.
  if (query.fields || query.deep || query.alias) checkDeepQueries(env, buildAst(astEnv(ctx), collection, query).children);
  const result: QueryResult = { data: await runAggregate(env, collection, query, rowFilter) };
  if (query.meta && query.meta.length > 0) result.meta = await countMeta(env, collection, rowFilter, query, query.meta);
  return result;
}

/**
 * Every other read, in or outside a transaction, through its read plan (read-plans.ts): the AST and the root
 * statement, run by the dialect's executor. `meta` counts are columns of the page's own statement (uncorrelated
 * subqueries, computed once per statement), so the page and its counts are one round trip and one snapshot;
 * only an empty page needs the counts' own statement. With `reuse`, an earlier result is answered while the
 * dialect's data token shows nothing changed (kept-results.ts); there is no token inside a transaction.
 */
async function readWithPlan(
  ctx: Context,
  env: CompileEnv,
  collection: string,
  query: Query,
  scope: Filter | null,
  reuse: boolean,
): Promise<QueryResult> {
  const caches = readCaches(ctx.caches);
  // Read before the statements run: a change committed after this point makes the next token differ.
  const read = reuse ? await ctx.dialect.dataToken(ctx.db, ctx.dataVersion) : undefined;
  const exact = read === undefined ? '' : readKey(collection, query, scope, ctx.permissions);
  // A kept result answers before the read's plan is looked for or filled with its values (decision 0185).
  if (read !== undefined) {
    const kept = keptResult(caches, ctx.schema, exact, read);
    if (kept) return kept;
  }
  const { plan, statement } = readPlan(ctx, caches, env, collection, query, scope);
  // A read at random is never kept.
  const token = plan.random ? undefined : read;
  const table = await runTable(env, statement);
  const keys = query.meta ?? [];
  let meta: Record<string, number> | undefined;
  if (keys.length > 0 && table.rows.length > 0) meta = metaOf(firstRow(table), keys, META);
  else if (keys.length > 0) {
    // The counts' own statement, kept for the values (and scope) it was compiled with.
    const values = readValuesKey(query, scope);
    if (plan.meta?.values !== values)
      plan.meta = { values, statement: metaStatement(env, collection, plan.ast.rowFilter, query, keys, scope).toSQL().toNative() };
    meta = metaOf((await runNative(env, plan.meta.statement))[0], keys, 'c');
  }
  const result: QueryResult = { data: await finishRoot(env, plan.ast, table) };
  if (meta) result.meta = meta;
  return token === undefined ? result : keepResult(caches, plan, exact, token, result);
}

/** The rows the reader may read (403 when none), narrowed by the caller's scope. */
function rowFilterFor(ctx: Context, collection: string, scope: Filter | null): Filter | null {
  const access = requireReadAccess(astEnv(ctx), collection, 'root');
  return combine(access.kind === 'all' ? null : access.rowFilter, scope);
}

/**
 * The read's plan and its statement with the read's values: a plan kept for the read's shape whose filter,
 * search, scope and window compile to the same text for these values (read-plans.ts, plan-values.ts), else a
 * new plan, kept. A read that is refused or invalid throws while building or filling, so only reads that were
 * allowed are ever kept. The plan's AST holds the reader's row filter only: the scope is compiled beside it
 * (run-ast.ts rootWhere), with the values of each read.
 */
function readPlan(
  ctx: Context,
  caches: ReadCaches,
  env: CompileEnv,
  collection: string,
  query: Query,
  scope: Filter | null,
): { plan: ReadPlan; statement: NativeStatement } {
  const key = readPlanKey(collection, query, scope, ctx.permissions);
  const variants = findReadPlans(caches, ctx.schema, key);
  let values: string | undefined;
  for (const kept of variants) {
    values ??= readValuesKey(query, scope);
    let statement: NativeStatement | null;
    if (!kept.values) statement = kept.compiledFor === values ? kept : null;
    else if (kept.filled?.values === values) statement = kept.filled.statement;
    else {
      // Filled from these values once: the same values (under the same key: reader, schema, shape) fill it alike.
      statement = fillValues(env, kept.values, kept, query, scope);
      if (statement) kept.filled = { values, statement };
    }
    if (statement) {
      skipAliases(env, kept.aliases);
      return { plan: kept, statement };
    }
  }
  const rowFilter = rowFilterFor(ctx, collection, null);
  const ast = buildAst(astEnv(ctx), collection, query);
  ast.rowFilter = rowFilter;
  if (query.deep) checkDeepQueries(env, ast.children);
  const compiledFor = values ?? readValuesKey(query, scope);
  const counting = countingAliases(env);
  const recorder = createValueRecorder(counting.taken);
  const meta =
    query.meta && query.meta.length > 0 ? metaColumns(counting.env, collection, rowFilter, query, query.meta, META, recorder, scope) : [];
  const root = compileRoot(counting.env, ast, meta, recorder, scope);
  let plan: ReadPlan = {
    schema: ctx.schema,
    ast,
    sql: root.sql,
    bindings: root.bindings,
    aliases: counting.taken(),
    random: sortsAtRandom(ast),
    values: null,
    compiledFor,
  };
  const recorded = recorder.finish(root);
  const filled = recorded ? fillValues(env, recorded, root, query, scope) : null;
  if (recorded && filled) {
    plan.values = recorded;
    keepReadPlan(caches, ctx.schema, key, plan);
    return { plan, statement: filled };
  }
  // Values the recorder could not place (never seen in practice): the plan answers its own values only,
  // compiled again with them from the first alias (the aliases handed out above stay unused).
  const again = countingAliases({ ...env, nextAlias: aliasesFrom(0) });
  const extra =
    query.meta && query.meta.length > 0 ? metaColumns(again.env, collection, rowFilter, query, query.meta, META, undefined, scope) : [];
  const compiled = compileRoot(again.env, ast, extra, undefined, scope);
  plan = { ...plan, sql: compiled.sql, bindings: compiled.bindings, aliases: again.taken() };
  keepReadPlan(caches, ctx.schema, key, plan);
  return { plan, statement: plan };
}

/**
 * `meta` counts in one statement, a scalar subquery per key: `total_count` with the reader's row filter only,
 * `filter_count` with the query's filter and search as well.
 */
async function countMeta(
  env: CompileEnv,
  collection: string,
  rowFilter: Filter | null,
  query: Query,
  keys: readonly string[],
): Promise<Record<string, number>> {
  const [row] = await runRead<Record<string, unknown>>(env.knex, env.dialect, metaStatement(env, collection, rowFilter, query, keys));
  return metaOf(row, keys, 'c');
}

/** The counts' own statement: one row, a column `c<i>` per key. */
function metaStatement(
  env: CompileEnv,
  collection: string,
  rowFilter: Filter | null,
  query: Query,
  keys: readonly string[],
  scope: Filter | null = null,
): Knex.QueryBuilder {
  const columns = metaColumns(env, collection, rowFilter, query, keys, 'c', undefined, scope);
  return env.knex.select(env.knex.raw(columns.map((c) => c.sql).join(', '), columns.flatMap((c) => c.bindings) as Knex.RawBinding[]));
}

/** Where the page's statement carries its `meta` counts (`__meta0`, …): not a name a field can take here. */
const META = '__meta';

/** One count per `meta` key, as a scalar subquery named `<prefix><i>`. */
function metaColumns(
  env: CompileEnv,
  collection: string,
  rowFilter: Filter | null,
  query: Query,
  keys: readonly string[],
  prefix: string,
  values?: ValueRecorder,
  scope: Filter | null = null,
): Sql[] {
  return keys.map((key, i) => {
    const where = rootWhere(env, collection, 'm', rowFilter, query, key !== 'total_count', values, scope);
    return {
      sql: `(SELECT COUNT(*) FROM ?? AS ?? WHERE ${where.sql}) AS ??`,
      bindings: [collection, 'm', ...where.bindings, `${prefix}${i}`],
    };
  });
}

/** The first row of a table as an object (the counts beside a page's rows). */
function firstRow(table: Table): Record<string, unknown> {
  const row = table.rows[0]!;
  return Object.fromEntries(table.columns.map((name, i) => [name, row[i]]));
}

function metaOf(row: Record<string, unknown> | undefined, keys: readonly string[], prefix: string): Record<string, number> {
  return Object.fromEntries(keys.map((key, i) => [key, Number(row?.[`${prefix}${i}`] ?? 0)]));
}

function astEnv(ctx: Context) {
  return { schema: ctx.schema, permissions: ctx.permissions, maxRelationalDepth: ctx.config.query.maxRelationalDepth };
}

function combine(a: Filter | null, b: Filter | null): Filter | null {
  if (!a) return b;
  if (!b) return a;
  return { _and: [a, b] };
}

async function resolveQueryVariables(ctx: Context, query: Query): Promise<Query> {
  if (!query.filter && !query.deep) return query;
  const resolved: Query = { ...query };
  if (query.filter) resolved.filter = await resolveVariables(ctx, query.filter);
  if (query.deep) resolved.deep = await resolveVariables(ctx, query.deep as Record<string, DeepQuery>);
  return resolved;
}
