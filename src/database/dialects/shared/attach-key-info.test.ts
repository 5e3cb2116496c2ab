import { describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../dialect.js';
import { attachKeyInfo } from './attach-key-info.js';

function column(name: string): ColumnInfo {
  return {
    table: 't',
    name,
    dataType: 'integer',
    defaultValue: null,
    maxLength: null,
    numericPrecision: null,
    numericScale: null,
    isNullable: true,
    isUnique: false,
    isIndexed: false,
    isPrimaryKey: false,
    isGenerated: false,
    generationExpression: null,
    hasAutoIncrement: false,
    foreignKeyTable: null,
    foreignKeyColumn: null,
  };
}

describe('attachKeyInfo', () => {
  it('derives keys from single-column indexes and foreign keys only', () => {
    const [id, a, b, c] = attachKeyInfo(
      [column('id'), column('a'), column('b'), column('c')],
      [
        { table: 't', name: 't_pkey', columns: ['id'], unique: true, primary: true },
        { table: 't', name: 't_a_unique', columns: ['a'], unique: true, primary: false },
        { table: 't', name: 't_b_index', columns: ['b'], unique: false, primary: false },
        { table: 't', name: 't_b_c_unique', columns: ['b', 'c'], unique: true, primary: false },
        { table: 'other', name: 'other_c_index', columns: ['c'], unique: false, primary: false },
      ],
      [{ table: 't', column: 'c', foreignKeyTable: 'u', foreignKeyColumn: 'id', constraintName: null, onDelete: null, onUpdate: null }],
    );
    expect(id).toMatchObject({ isPrimaryKey: true, isUnique: false, isIndexed: false });
    expect(a).toMatchObject({ isUnique: true, isIndexed: true });
    expect(b).toMatchObject({ isUnique: false, isIndexed: true });
    expect(c).toMatchObject({ isUnique: false, isIndexed: false, foreignKeyTable: 'u', foreignKeyColumn: 'id' });
  });
});
