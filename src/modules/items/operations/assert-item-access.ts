import type { Knex } from 'knex';
import type { Context } from '../../../engine/context.js';
import { fieldsRowFilter } from '../../../engine/permissions/fields-row-filter.js';
import { getAccess } from '../../../engine/permissions/get-access.js';
import { compilePermissionFilter } from '../../../engine/query/compile/compile-filter.js';
import { and, TRUE_SQL } from '../../../engine/query/compile/sql.js';
import { createCompileEnv } from '../../../engine/query/create-compile-env.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { forbidden, forbiddenAction } from '../../../kernel/errors/index.js';
import type { PrimaryKey } from '../items.types.js';

/**
 * Every key must name an existing item inside the rules' row filter for the action; otherwise 403 with the
 * generic message (a missing item and a forbidden one look the same). With `fields` (the fields an update
 * writes), each item must also be inside a rule naming each of them (fieldsRowFilter).
 */
export async function assertItemAccess(
  ctx: Context,
  collection: string,
  action: 'update' | 'delete',
  keys: PrimaryKey[],
  fields: readonly string[] = [],
): Promise<void> {
  if (keys.length === 0) return;
  const row = (await accessCount(ctx, collection, action, keys, fields).first()) as { count: number | string } | undefined;
  if (Number(row?.count ?? 0) !== distinctCount(keys)) throw forbidden();
}

/** How many different keys there are (the count accessCount must reach). */
export function distinctCount(keys: PrimaryKey[]): number {
  return new Set(keys.map(String)).size;
}

/**
 * SELECT count of the keys that name existing items inside the rules' row filter for the action (and, for
 * `fields`, inside a rule naming each field): the check of assertItemAccess, also usable as a subquery guarding
 * the write itself. Throws 403 without any access at all. Still one query: the per-field filters are ANDed in.
 */
export function accessCount(
  ctx: Context,
  collection: string,
  action: 'update' | 'delete',
  keys: PrimaryKey[],
  fields: readonly string[] = [],
): Knex.QueryBuilder {
  const overview = getCollection(ctx.schema, collection);
  const access = getAccess(ctx.permissions, collection, action);
  if (!access) throw forbiddenAction(action, collection);
  const env = createCompileEnv(ctx);
  const alias = 'a0';
  const perField = fields.length > 0 ? fieldsRowFilter(access, fields) : null;
  const where = and([
    { sql: `?? IN (${keys.map(() => '?').join(', ')})`, bindings: [`${alias}.${overview.primary}`, ...keys] },
    access.kind === 'rules' && access.rowFilter ? compilePermissionFilter(env, access.rowFilter, collection, alias) : TRUE_SQL,
    perField ? compilePermissionFilter(env, perField, collection, alias) : TRUE_SQL,
  ]);
  return ctx.db
    .from({ [alias]: collection })
    .whereRaw(where.sql, where.bindings as Knex.RawBinding[])
    .countDistinct({ count: `${alias}.${overview.primary}` });
}
