import type { Context } from '../context.js';
import type { CompileEnv } from './compile/compile-filter.js';

/** The compile environment of one read: fresh alias numbering, the context's schema and permissions. */
export function createCompileEnv(ctx: Context): CompileEnv {
  return {
    knex: ctx.db,
    dialect: ctx.dialect,
    schema: ctx.schema,
    permissions: ctx.permissions,
    maxRelationalDepth: ctx.config.query.maxRelationalDepth,
    maxFilterDepth: ctx.config.query.maxFilterDepth,
    nextAlias: aliasesFrom(0),
  };
}

/** Table aliases as a read hands them out (`t0`, `t1`, …), from the `start`-th on. */
export function aliasesFrom(start: number): () => string {
  let counter = start;
  return () => `t${counter++}`;
}

/** A copy of `env` that counts the aliases it hands out: a statement compiled through it and kept says how many it took. */
export function countingAliases(env: CompileEnv): { env: CompileEnv; taken: () => number } {
  let taken = 0;
  return { env: { ...env, nextAlias: () => (taken++, env.nextAlias()) }, taken: () => taken };
}

/**
 * Hands out `count` aliases unused, for a kept statement that took them when it was compiled: the read's later
 * statements then get the aliases (and so the SQL text) they got when it was compiled.
 */
export function skipAliases(env: CompileEnv, count: number): void {
  for (let i = 0; i < count; i++) env.nextAlias();
}
