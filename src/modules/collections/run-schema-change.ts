import type { Knex } from 'knex';
import { onCommit, type Context } from '../../engine/context.js';
import { invalidPayload, isAppError } from '../../kernel/errors/index.js';
import type { SchemaDeps } from './schema.types.js';

export type SchemaChangeOptions = {
  /** The collection the change is about (names it in translated driver errors). */
  collection: string;
  /**
   * Undoes what may have been committed when the change fails on a vendor whose DDL commits at once
   * (MySQL/MariaDB); runs on the pool after the failed transaction. Best effort.
   */
  undo?: (db: Knex) => Promise<void>;
};

/**
 * Runs one schema change as one transaction (joining the caller's when there is one, as schema apply does),
 * opened by the dialect so that SQLite can rebuild tables safely. The change raises the schema version stored
 * in the database first (in the same transaction: it also serialises concurrent changes; see decision 0010).
 * The schema overview is invalidated after commit and also when the change fails (DDL may already have
 * committed). Driver errors become catalogue
 * errors; one the dialect does not know is still the client's change being refused: 400, never a 500. A lost
 * connection is left as it is (503 SERVICE_UNAVAILABLE from the transports).
 * A caller grouping several changes (schema apply) opens the group with runSchemaChange too: a transaction
 * from withTransaction lacks SQLite's foreign key suspension, and rebuilding a referenced table would then
 * fire ON DELETE actions on the rows that point at it.
 */
export async function runSchemaChange<T>(
  ctx: Context,
  deps: SchemaDeps,
  options: SchemaChangeOptions,
  work: (trx: Context) => Promise<T>,
): Promise<T> {
  if (ctx.inTransaction) {
    try {
      await deps.schemaStore.recordChange(ctx.db);
      const result = await work(ctx);
      onCommit(ctx, () => deps.schemaStore.invalidate());
      return result;
    } catch (error) {
      throw translate(ctx, error, options.collection);
    } finally {
      deps.schemaStore.invalidate();
    }
  }

  const afterCommit: (() => void | Promise<void>)[] = [];
  const body = async (trx: Knex.Transaction) => {
    await deps.schemaStore.recordChange(trx);
    return work({ ...ctx, db: trx, outerDb: ctx.db, inTransaction: true, afterCommit });
  };
  try {
    const result = await ctx.dialect.schemaTransaction(ctx.db, body);
    await recordAfterDdl(ctx, deps);
    deps.schemaStore.invalidate();
    for (const callback of afterCommit) await callback();
    return result;
  } catch (error) {
    deps.schemaStore.invalidate();
    if (!ctx.dialect.transactionalDdl && options.undo) {
      await options
        .undo(ctx.db)
        .catch((undoError: unknown) =>
          ctx.logger.error({ err: undoError }, `could not undo a failed schema change of "${options.collection}"`),
        );
    }
    await recordAfterDdl(ctx, deps);
    throw translate(ctx, error, options.collection);
  }
}

/**
 * Where DDL commits at once (MySQL/MariaDB), the version raised at the start of a change committed with its
 * first statement, before the change was done: raise it again once it is over (done, failed or undone), so
 * that nothing read in between stays cached. Best effort; the local caches are invalidated anyway.
 */
export async function recordAfterDdl(ctx: Context, deps: SchemaDeps): Promise<void> {
  if (ctx.dialect.transactionalDdl) return;
  await deps.schemaStore
    .recordChange(ctx.db)
    .catch((error: unknown) => ctx.logger.error({ err: error }, 'could not record a schema change'));
}

/**
 * The catalogue error for a failed change. A lost connection is not the change being refused: it stays as it is,
 * for the transports to answer 503 SERVICE_UNAVAILABLE as they do for every other request.
 */
function translate(ctx: Context, error: unknown, collection: string): unknown {
  if (isAppError(error) || ctx.dialect.isConnectionError(error)) return error;
  const known = ctx.dialect.translateError(error, collection);
  if (known) return known;
  ctx.logger.warn({ err: error }, `the database refused a schema change of "${collection}"`);
  return invalidPayload(`The database refused the change to collection "${collection}"`, error);
}
