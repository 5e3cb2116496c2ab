import type { Knex } from 'knex';
import type { Context } from '../../../engine/context.js';
import { getAccess } from '../../../engine/permissions/get-access.js';
import { compilePermissionFilter } from '../../../engine/query/compile/compile-filter.js';
import { and, TRUE_SQL } from '../../../engine/query/compile/sql.js';
import { createCompileEnv } from '../../../engine/query/create-compile-env.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { forbidden, forbiddenAction } from '../../../kernel/errors/index.js';
import type { PrimaryKey } from '../items.types.js';

/**
 * Every key must name an existing item inside the rules' row filter for the action; otherwise 403 with the
 * generic message (a missing item and a forbidden one look the same).
 */
export async function assertItemAccess(ctx: Context, collection: string, action: 'update' | 'delete', keys: PrimaryKey[]): Promise<void> {
  if (keys.length === 0) return;
  const overview = getCollection(ctx.schema, collection);
  const access = getAccess(ctx.permissions, collection, action);
  if (!access) throw forbiddenAction(action, collection);
  const env = createCompileEnv(ctx);
  const alias = 'a0';
  const where = and([
    { sql: `?? IN (${keys.map(() => '?').join(', ')})`, bindings: [`${alias}.${overview.primary}`, ...keys] },
    access.kind === 'rules' && access.rowFilter ? compilePermissionFilter(env, access.rowFilter, collection, alias) : TRUE_SQL,
  ]);
  const row = (await ctx.db
    .from({ [alias]: collection })
    .whereRaw(where.sql, where.bindings as Knex.RawBinding[])
    .countDistinct({ count: `${alias}.${overview.primary}` })
    .first()) as { count: number | string } | undefined;
  if (Number(row?.count ?? 0) !== new Set(keys.map(String)).size) throw forbidden();
}
