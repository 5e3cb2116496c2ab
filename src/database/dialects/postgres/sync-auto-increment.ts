import type { Knex } from 'knex';

/**
 * A serial or identity column's sequence does not notice explicit values; move it to the column's maximum
 * (never backwards) so the next automatic value is free. Does nothing for a column without a sequence.
 */
export async function syncAutoIncrement(knex: Knex, table: string, column: string): Promise<void> {
  await knex.raw(
    `SELECT setval(s.seq, GREATEST(m.max_value, COALESCE(pg_sequence_last_value(s.seq::regclass), 0)))
       FROM (SELECT pg_get_serial_sequence(quote_ident(?), ?) AS seq) s,
            (SELECT MAX(??) AS max_value FROM ??) m
      WHERE s.seq IS NOT NULL AND m.max_value IS NOT NULL`,
    [table, column, column, table],
  );
}
