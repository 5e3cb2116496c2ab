import { describe, expect, it } from 'vitest';
import { classifyDatabaseError } from './classify-database-error.js';
import { createMysqlDialect } from './dialects/mysql/index.js';
import { createPostgresDialect } from './dialects/postgres/index.js';

describe('classifyDatabaseError', () => {
  it('answers 503 to a lost connection and to a conflict left over, and leaves other errors alone', () => {
    const pg = createPostgresDialect();
    expect(classifyDatabaseError(pg, Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(classifyDatabaseError(pg, Object.assign(new Error('terminating connection'), { code: '57P01' }))).toMatchObject({ status: 503 });
    expect(classifyDatabaseError(pg, Object.assign(new Error('syntax error'), { code: '42601' }))).toBeNull();
    const mysql = createMysqlDialect();
    expect(classifyDatabaseError(mysql, Object.assign(new Error('Deadlock found'), { errno: 1213 }))).toMatchObject({ status: 503 });
    expect(classifyDatabaseError(mysql, Object.assign(new Error('Duplicate entry'), { errno: 1062 }))).toBeNull();
  });
});
