/**
 * A value knex binds as it is (one `?`, never written into the text): a scalar, a date, bytes, or a list of
 * those (PostgreSQL's `= ANY(?)`). Anything else (knex's raw, a builder, a function) could change the text.
 */
export function isPlainBinding(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      return true;
    case 'object':
      if (value instanceof Date || Buffer.isBuffer(value)) return true;
      return Array.isArray(value) && value.every((item) => item === null || (typeof item !== 'object' && typeof item !== 'function'));
    default:
      return false;
  }
}
