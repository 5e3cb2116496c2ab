import type { Knex } from 'knex';
import type { Context } from '../context.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { buildAst, requireReadAccess } from './ast/build-ast.js';
import type { CompileEnv } from './compile/compile-filter.js';
import { and } from './compile/sql.js';
import { createCompileEnv } from './create-compile-env.js';
import { rootWhere, runAst } from './execute/run-ast.js';
import { runRead } from './execute/run-read.js';
import { runAggregate } from './execute/run-aggregate.js';
import type { DeepQuery, Query, QueryResult } from './query.types.js';
import { resolveVariables } from './resolve-variables.js';

export type ReadOptions = {
  /** An extra condition the caller adds (e.g. `id IN keys`), applied like a permission filter. */
  scope?: Filter;
};

/**
 * THE read path: every list and item read (REST, GraphQL, CLI, services) runs through here.
 * Validates the query against the schema and the reader's permissions, compiles it to parameterised SQL,
 * runs it with batched relational reads, and computes `meta` counts.
 */
export async function readByQuery(ctx: Context, collection: string, rawQuery: Query, options: ReadOptions = {}): Promise<QueryResult> {
  const query = await resolveQueryVariables(ctx, rawQuery);
  const access = requireReadAccess(astEnv(ctx), collection, 'root');
  const permissionFilter = access.kind === 'all' ? null : access.rowFilter;
  const rowFilter = combine(permissionFilter, options.scope ?? null);
  const env = createCompileEnv(ctx);

  let data: Record<string, unknown>[];
  if (query.aggregate || (query.group && query.group.length > 0)) {
    data = await runAggregate(env, collection, query, rowFilter);
  } else {
    const ast = buildAst(astEnv(ctx), collection, query);
    ast.rowFilter = rowFilter;
    data = await runAst(env, ast);
  }

  const result: QueryResult = { data };
  if (query.meta && query.meta.length > 0) result.meta = await countMeta(env, collection, rowFilter, query, query.meta);
  return result;
}

/**
 * `meta` counts in one statement, a scalar subquery per key: `total_count` with the reader's row filter only,
 * `filter_count` with the query's filter and search as well.
 */
async function countMeta(env: CompileEnv, collection: string, rowFilter: Filter | null, query: Query, keys: readonly string[]): Promise<Record<string, number>> {
  const counts = keys.map((key, i) => {
    const where = and([key === 'total_count' ? rootWhere(env, collection, 'm', rowFilter, query, false) : rootWhere(env, collection, 'm', rowFilter, query)]);
    return { sql: `(SELECT COUNT(*) FROM ?? AS ?? WHERE ${where.sql}) AS ??`, bindings: [collection, 'm', ...where.bindings, `c${i}`] };
  });
  const qb = env.knex.select(env.knex.raw(counts.map((c) => c.sql).join(', '), counts.flatMap((c) => c.bindings) as Knex.RawBinding[]));
  const [row] = await runRead<Record<string, unknown>>(env.knex, env.dialect, qb);
  return Object.fromEntries(keys.map((key, i) => [key, Number(row?.[`c${i}`] ?? 0)]));
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
