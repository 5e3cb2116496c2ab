import type { Context } from '../context.js';
import type { CompileEnv } from './compile/compile-filter.js';

/** The compile environment of one read: fresh alias numbering, the context's schema and permissions. */
export function createCompileEnv(ctx: Context): CompileEnv {
  let counter = 0;
  return {
    knex: ctx.db,
    dialect: ctx.dialect,
    schema: ctx.schema,
    permissions: ctx.permissions,
    maxRelationalDepth: ctx.config.query.maxRelationalDepth,
    maxFilterDepth: ctx.config.query.maxFilterDepth,
    nextAlias: () => `t${counter++}`,
  };
}
