import type { FieldType } from '../../../kernel/system/field-types.js';
import type { SchemaObject } from './oas.types.js';

/**
 * The OpenAPI schema of a value of one field type, as the REST API returns it: numbers for the numeric types
 * (a value too large for a JavaScript number comes back as a string, so bigInteger and decimal stay numbers in
 * the common case), ISO 8601 strings for dates and times, arrays for csv. `json` and `unknown` can be any JSON
 * value and get the empty schema. Alias fields have no value of their own (null).
 */
export function fieldTypeSchema(type: FieldType): SchemaObject | null {
  switch (type) {
    case 'string':
    case 'text':
    case 'hash':
      return { type: 'string' };
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'integer':
      return { type: 'integer', format: 'int32' };
    case 'bigInteger':
      return { type: 'integer', format: 'int64' };
    case 'float':
      return { type: 'number', format: 'float' };
    case 'decimal':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'csv':
      return { type: 'array', items: { type: 'string' } };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'dateTime':
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'time':
      return { type: 'string', format: 'time' };
    case 'binary':
      return { type: 'string', format: 'binary' };
    case 'json':
    case 'unknown':
      return {};
    case 'alias':
      return null;
  }
}
