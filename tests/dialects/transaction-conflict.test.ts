import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onCommit, withTransaction, type Context } from '../../src/engine/context.js';
import { isAppError } from '../../src/kernel/errors/index.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

type Sqlite = { exec(sql: string): void; prepare(sql: string): { run(): unknown }; close(): void; inTransaction: boolean };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (filename: string, options?: { timeout?: number }) => Sqlite;

/**
 * A transaction that loses a conflict with another (here a real deadlock between two connections) is run again
 * by withTransaction, afresh; one that keeps losing ends in 503 SERVICE_UNAVAILABLE; other errors are not
 * retried. Real errors from each database, never made-up ones.
 */
describe('transactions that lose a conflict', () => {
  let t: TestApp;
  let ctx: Context;
  let knex: Knex;
  const table = 'conflict_rows';

  beforeAll(async () => {
    t = await createTestApp();
    knex = t.app.knex;
    ctx = await t.app.systemContext();
    await knex.schema.createTable(table, (b) => {
      b.integer('id').primary();
      b.integer('n').notNullable();
    });
  });
  beforeEach(async () => {
    await knex(table).del();
    await knex(table).insert([
      { id: 1, n: 0 },
      { id: 2, n: 0 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A real conflict error from this database: a deadlock (server databases) or a busy file (SQLite). */
  async function realConflict(): Promise<unknown> {
    if (t.vendor !== 'sqlite') {
      const error = await deadlockWith(() =>
        knex.transaction(async (trx) => {
          await trx(table).where({ id: 1 }).update({ n: 1 });
          await trx(table).where({ id: 2 }).update({ n: 1 });
        }),
      ).catch((e: unknown) => e);
      if (error === undefined) throw new Error('no deadlock');
      return error;
    }
    const filename = (knex.client as { connectionSettings: { filename: string } }).connectionSettings.filename;
    const holder = new Database(filename);
    const other = new Database(filename, { timeout: 0 });
    try {
      holder.exec('BEGIN IMMEDIATE');
      other.prepare(`UPDATE ${table} SET n = n`).run();
    } catch (error) {
      return error;
    } finally {
      if (holder.inTransaction) holder.exec('ROLLBACK');
      holder.close();
      other.close();
    }
    throw new Error('no SQLITE_BUSY');
  }

  /**
   * Runs `work` (which locks row 1, then row 2) against another connection that holds row 2 and, once `work`
   * waits for it, asks for row 1: a deadlock. The other one has written more rows, so MariaDB picks `work` as the
   * victim; PostgreSQL's check runs in the one that waited first, `work` again. The other one then commits.
   */
  async function deadlockWith<T>(work: () => Promise<T>): Promise<T> {
    /**
     * Whether `work` has row 1 and is at row 2. PostgreSQL: a session of this database waits for a lock (its live
     * view). MariaDB: a connection of this database runs the update of row 2, so its update of row 1 is done.
     * (MariaDB's INNODB_TRX view is a copy refreshed at most every 100 ms: it can still show the previous test's
     * wait, and the deadlock was then missed now and then; PROCESSLIST is live.)
     */
    const workAtRow2 = async () => {
      if (t.vendor === 'postgres') {
        const result = (await knex.raw(
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )) as { rows: { n: unknown }[] };
        return Number(result.rows[0]?.n ?? 0);
      }
      const [rows] = (await knex.raw(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND COMMAND = 'Query' AND INFO LIKE ?",
        [`update \`${table}\` set % where \`id\` = 2`],
      )) as [{ n: unknown }[]];
      return Number(rows[0]?.n ?? 0);
    };
    const other = await knex.transaction();
    let running: Promise<T> | undefined;
    try {
      await other(table).insert(Array.from({ length: 20 }, (_, i) => ({ id: 100 + i, n: 0 })));
      await other(table).where({ id: 2 }).update({ n: 2 });
      running = work();
      running.catch(() => undefined);
      // Not a pause: the deadlock is made only once `work` is seen at row 2.
      await expect.poll(workAtRow2, { timeout: 20_000, interval: 20 }).toBeGreaterThan(0);
      await other(table).where({ id: 1 }).update({ n: 2 });
      await other.commit();
      return await running;
    } finally {
      if (!other.isCompleted()) await other.rollback();
      // Should the database pick the other one as the victim after all (a loaded machine delays `work`'s check),
      // `work` goes on and commits: wait for it, so that no write of it lands after this returns.
      await running?.catch(() => undefined);
    }
  }

  it('the database reports the conflict as one (isConflict)', async () => {
    const error = await realConflict();
    expect(ctx.dialect.isConflict(error)).toBe(true);
    expect(ctx.dialect.isConflict(new Error('something else'))).toBe(false);
    expect(ctx.dialect.isConnectionError(error)).toBe(false);
  });

  it('a transaction that lost a conflict runs again, afresh, and commits', async () => {
    let attempts = 0;
    // SQLite has one connection and cannot deadlock: there the first attempt meets SQLite's own busy error.
    const busy = t.vendor === 'sqlite' ? await realConflict() : null;
    const work = () =>
      withTransaction(ctx, async (trx) => {
        attempts += 1;
        await trx
          .db(table)
          .where({ id: 1 })
          .update({ n: 10 * attempts });
        if (busy && attempts === 1) throw busy;
        await trx
          .db(table)
          .where({ id: 2 })
          .update({ n: 10 * attempts });
        return attempts;
      });
    expect(await (busy ? work() : deadlockWith(work))).toBe(2);
    expect(attempts).toBe(2);
    expect(await knex(table).whereIn('id', [1, 2]).orderBy('id').pluck('n')).toEqual([20, 20]);
  });

  it('a conflict that does not go away ends in 503 SERVICE_UNAVAILABLE after four attempts, nothing written', async () => {
    const conflict = await realConflict();
    const before = await knex(table).where({ id: 1 }).first();
    let attempts = 0;
    const error = await withTransaction(ctx, async (trx) => {
      attempts += 1;
      await trx.db(table).where({ id: 1 }).update({ n: 99 });
      throw conflict;
    }).catch((e: unknown) => e);
    expect(isAppError(error) && error.status === 503 && error.code === 'SERVICE_UNAVAILABLE').toBe(true);
    expect(attempts).toBe(4);
    expect(await knex(table).where({ id: 1 }).first()).toEqual(before);
  });

  it('work that committed never runs again, even if an after-commit step then fails with a conflict', async () => {
    const conflict = await realConflict();
    let attempts = 0;
    const error = await withTransaction(ctx, async (trx) => {
      attempts += 1;
      await trx.db(table).where({ id: 2 }).increment('n', 1);
      onCommit(trx, () => {
        throw conflict;
      });
    }).catch((e: unknown) => e);
    expect(error).toBe(conflict);
    expect(attempts).toBe(1);
  });

  it('other errors are not retried', async () => {
    let attempts = 0;
    await expect(
      withTransaction(ctx, async (trx) => {
        attempts += 1;
        await trx.db(table).insert({ id: 1, n: 5 });
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
