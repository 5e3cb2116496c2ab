import { describe, expect, it } from 'vitest';
import type { ColumnInfo } from './dialect.js';
import { fieldTypeOf as mysqlFieldTypeOf } from './mysql/field-type-of.js';
import { fieldTypeOf as postgresFieldTypeOf } from './postgres/field-type-of.js';
import { fieldTypeOf as sqliteFieldTypeOf } from './sqlite/field-type-of.js';

function info(dataType: string, extra: Partial<ColumnInfo> = {}): ColumnInfo {
  return {
    table: 't',
    name: 'c',
    dataType,
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
    ...extra,
  };
}

describe('fieldTypeOf', () => {
  it.each([
    ['varchar', {}, 'string'],
    ['char', { maxLength: 36 }, 'uuid'],
    ['char', { maxLength: 2 }, 'string'],
    ['boolean', {}, 'boolean'],
    ['datetime', {}, 'dateTime'],
    ['timestamp', {}, 'timestamp'],
    ['json', {}, 'json'],
    ['integer', {}, 'integer'],
    ['bigint', {}, 'bigInteger'],
    ['real', {}, 'float'],
    ['double', {}, 'float'],
    ['numeric', {}, 'decimal'],
    ['text', {}, 'text'],
    ['blob', {}, 'binary'],
    ['', {}, 'unknown'],
  ] as const)('sqlite %s %o → %s', (dataType, extra, expected) => {
    expect(sqliteFieldTypeOf(info(dataType, extra))).toBe(expected);
  });

  it.each([
    ['uuid', {}, 'uuid'],
    ['timestamp with time zone', {}, 'timestamp'],
    ['timestamp without time zone', {}, 'dateTime'],
    ['jsonb', {}, 'json'],
    ['json', {}, 'json'],
    ['character varying', {}, 'string'],
    ['numeric', {}, 'decimal'],
    ['double precision', {}, 'float'],
    ['tsvector', {}, 'unknown'],
  ] as const)('postgres %s → %s', (dataType, extra, expected) => {
    expect(postgresFieldTypeOf(info(dataType, extra))).toBe(expected);
  });

  it.each([
    ['char', { maxLength: 36, columnType: 'char(36)' }, 'uuid'],
    ['tinyint', { columnType: 'tinyint(1)' }, 'boolean'],
    ['tinyint', { columnType: 'tinyint(4)' }, 'integer'],
    ['datetime', { columnType: 'datetime' }, 'dateTime'],
    ['datetime', { columnType: 'datetime(3)' }, 'timestamp'],
    ['timestamp', { columnType: 'timestamp' }, 'timestamp'],
    ['int', { columnType: 'int(10) unsigned' }, 'integer'],
    ['longtext', {}, 'text'],
    ['json', {}, 'json'],
    ['geometry', {}, 'unknown'],
  ] as const)('mysql %s %o → %s', (dataType, extra, expected) => {
    expect(mysqlFieldTypeOf(info(dataType, extra))).toBe(expected);
  });
});
