import { describe, expect, it } from 'vitest';
import { getDialect } from './index.js';

describe('getDialect', () => {
  it('picks the dialect of each client with its capabilities', () => {
    expect(getDialect('sqlite3')).toMatchObject({ vendor: 'sqlite', transactionalDdl: true, supportsReturning: true });
    expect(getDialect('pg')).toMatchObject({ vendor: 'postgres', transactionalDdl: true, supportsReturning: true });
    expect(getDialect('mysql')).toMatchObject({ vendor: 'mysql', transactionalDdl: false, supportsReturning: false });
  });
});
