import type { Knex } from 'knex';
import { invalidForeignKey } from '../../../kernel/errors/index.js';
import { withConnection } from '../../execute/knex-connection.js';

/**
 * A transaction for schema changes. SQLite alters a table by rebuilding it (knex copies the rows into a new
 * table and drops the old one); with foreign keys enforced, dropping the old copy of a referenced table
 * deletes its rows first and fires the ON DELETE actions of the tables that point at it (CASCADE wipes
 * their rows). `PRAGMA foreign_keys` is ignored inside a transaction, so it is switched off on the one
 * connection before the transaction opens, every key is checked before commit, and it is switched on again.
 */
export async function schemaTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  // The one connection, taken for the whole change: the pragma must be set on the connection the transaction uses.
  return withConnection(knex, async (connection: unknown) => {
    await knex.raw('PRAGMA foreign_keys = OFF').connection(connection);
    try {
      return await knex.transaction(
        async (trx) => {
          const result = await work(trx);
          const violations = (await trx.raw('PRAGMA foreign_key_check')) as { table: string }[];
          if (violations.length > 0) throw invalidForeignKey(violations[0]!.table, null, null);
          return result;
        },
        { connection },
      );
    } finally {
      await knex.raw('PRAGMA foreign_keys = ON').connection(connection);
    }
  });
}
