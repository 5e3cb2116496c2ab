import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, type FieldType } from '../../../kernel/system/field-types.js';
import { fieldTypeSchema } from './field-type-schema.js';

describe('fieldTypeSchema', () => {
  const cases: { type: FieldType; schema: ReturnType<typeof fieldTypeSchema> }[] = [
    { type: 'string', schema: { type: 'string' } },
    { type: 'text', schema: { type: 'string' } },
    { type: 'hash', schema: { type: 'string' } },
    { type: 'uuid', schema: { type: 'string', format: 'uuid' } },
    { type: 'integer', schema: { type: 'integer', format: 'int32' } },
    { type: 'bigInteger', schema: { type: 'integer', format: 'int64' } },
    { type: 'float', schema: { type: 'number', format: 'float' } },
    { type: 'decimal', schema: { type: 'number' } },
    { type: 'boolean', schema: { type: 'boolean' } },
    { type: 'json', schema: {} },
    { type: 'csv', schema: { type: 'array', items: { type: 'string' } } },
    { type: 'date', schema: { type: 'string', format: 'date' } },
    { type: 'dateTime', schema: { type: 'string', format: 'date-time' } },
    { type: 'timestamp', schema: { type: 'string', format: 'date-time' } },
    { type: 'time', schema: { type: 'string', format: 'time' } },
    { type: 'binary', schema: { type: 'string', format: 'binary' } },
    { type: 'unknown', schema: {} },
    { type: 'alias', schema: null },
  ];

  it.each(cases)('maps $type', ({ type, schema }) => {
    expect(fieldTypeSchema(type)).toEqual(schema);
  });

  it('covers every field type', () => {
    expect(cases.map((c) => c.type).sort()).toEqual([...FIELD_TYPES].sort());
  });
});
