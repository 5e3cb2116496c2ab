import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { createWriteCount, dataToken } from './data-token.js';

/** A knex instance with a pool (no connection is ever made: only its events are used). */
function knex() {
  return knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 1 }, pool: { min: 0, max: 1 } });
}

const pool = (db: ReturnType<typeof knex>) =>
  (db.client as { pool: { emit?: unknown; _executeEventHandlers(e: string, r: unknown): void } }).pool;
const release = (db: ReturnType<typeof knex>, connection: unknown) => pool(db)._executeEventHandlers('release', connection);

describe('the PostgreSQL data token', () => {
  it('is undefined without the snapshot read at the start of the request, and inside a transaction', () => {
    const db = knex();
    const count = createWriteCount();
    expect(dataToken(count, db, undefined)).toBeUndefined();
    expect(dataToken(count, { isTransaction: true } as never, 'snapshot')).toBeUndefined();
    expect(dataToken(count, db, 'snapshot')).toBe('snapshot/0');
    void db.destroy();
  });

  it("changes when a write is sent and again when its connection goes back to the pool (after it answered or its transaction's COMMIT)", () => {
    const db = knex();
    const count = createWriteCount();
    count.listen(db);
    count.listen(db);
    const token = () => dataToken(count, db, 'snapshot');
    const connection = { __knexUid: 'c1' };
    for (const sql of ['insert into t values ($1)', 'COMMIT;', 'with w as (update t set a = 1 returning *) select * from w']) {
      const before = token();
      db.emit('query', { sql, __knexUid: 'c1' });
      const during = token();
      expect(during).not.toBe(before);
      release(db, connection);
      expect(token()).not.toBe(during);
      // Released again with nothing written since: no change.
      const after = token();
      release(db, connection);
      expect(token()).toBe(after);
    }
    void db.destroy();
  });

  it('stays the same across plain reads and their connections going back', () => {
    const db = knex();
    const count = createWriteCount();
    count.listen(db);
    const before = dataToken(count, db, 'snapshot');
    db.emit('query', { sql: 'select * from t where id = $1', __knexUid: 'c1' });
    db.emit('query', { sql: '  SELECT 1', __knexUid: 'c2' });
    release(db, { __knexUid: 'c1' });
    release(db, { __knexUid: 'c2' });
    expect(dataToken(count, db, 'snapshot')).toBe(before);
    void db.destroy();
  });
});
