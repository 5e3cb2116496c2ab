import type { Dialect } from '../../../database/dialects/dialect.js';
import { invalidQuery } from '../../../kernel/errors/index.js';
import type { FieldType } from '../../../kernel/system/field-types.js';
import { castFilterValue, coerceScalar } from './cast-filter-value.js';
import { foldCase } from '../../../kernel/text/fold-case.js';
import { isStorableText } from '../../../kernel/text/is-storable-text.js';
import type { FilterOperator } from './filter-operators.js';
import { FALSE_SQL, type Sql, TRUE_SQL } from './sql.js';

export type OperatorEnv = {
  dialect: Dialect;
  /**
   * A permission rule's filter rather than a reader's: empty lists (a `$CURRENT_ROLES` of nobody) match
   * nothing (`_in`) or everything (`_nin`), and empty strings are compared as they are.
   */
  trusted?: boolean;
};

const LIKE_OPS: Record<string, { prefix: string; suffix: string; negate: boolean; insensitive: boolean }> = {
  _contains: { prefix: '%', suffix: '%', negate: false, insensitive: false },
  _ncontains: { prefix: '%', suffix: '%', negate: true, insensitive: false },
  _icontains: { prefix: '%', suffix: '%', negate: false, insensitive: true },
  _nicontains: { prefix: '%', suffix: '%', negate: true, insensitive: true },
  _starts_with: { prefix: '', suffix: '%', negate: false, insensitive: false },
  _nstarts_with: { prefix: '', suffix: '%', negate: true, insensitive: false },
  _istarts_with: { prefix: '', suffix: '%', negate: false, insensitive: true },
  _nistarts_with: { prefix: '', suffix: '%', negate: true, insensitive: true },
  _ends_with: { prefix: '%', suffix: '', negate: false, insensitive: false },
  _nends_with: { prefix: '%', suffix: '', negate: true, insensitive: false },
  _iends_with: { prefix: '%', suffix: '', negate: false, insensitive: true },
  _niends_with: { prefix: '%', suffix: '', negate: true, insensitive: true },
};

/**
 * An `_in`/`_nin` list longer than this is bound as one value where the dialect can (Dialect.inList): no
 * vendor's limit of bound variables is reached, whatever the list's length. Shorter lists keep one mark each.
 */
const LONG_LIST = 1000;

/** Escapes LIKE wildcards with `!` (a character no vendor treats specially in string literals). */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/**
 * One operator on one column as a parameterised condition. The operand is validated and cast to the field's
 * type first (400 when it can't be), then bound: `column` is the only SQL text that goes in.
 */
export function compileOperator(env: OperatorEnv, op: FilterOperator, operand: unknown, column: Sql, type: FieldType, field: string): Sql {
  const value = Array.isArray(operand) ? operand : coerceScalar(operand);
  const cast = (v: unknown) => env.dialect.toDatabase(type, castFilterValue(type, v, field));
  const col = column.sql;
  const cb = column.bindings;
  const scalar = () => {
    if (value !== null && typeof value === 'object') throw invalidQuery(`"${op}" needs a single value`);
    if (value === '' && !env.trusted)
      throw invalidQuery(`You can't filter for an empty string in "${op}". Use "_empty" or "_nempty" instead`);
    return value;
  };
  const bool = () => {
    if (typeof value !== 'boolean') throw invalidQuery(`"${op}" needs a boolean value`);
    return value;
  };
  const list = () => {
    const items = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items) || (items.length === 0 && !env.trusted)) throw invalidQuery(`"${op}" needs a non-empty array`);
    return items.map((v) => cast(coerceScalar(v)));
  };

  const like = LIKE_OPS[op];
  if (like) {
    const v = scalar();
    if (v === null) throw invalidQuery(`"${op}" needs a value`);
    const text = like.insensitive ? foldCase(String(v)) : String(v);
    if (!isStorableText(text)) throw invalidQuery(`"${op}" needs well-formed text without NUL characters`);
    const pattern = `${like.prefix}${escapeLike(text)}${like.suffix}`;
    // The `_i…` operators: Unicode's lower case on both sides, through the dialect (decision 0054).
    const sql = like.insensitive ? env.dialect.ilike(col, like.negate) : `${col} ${like.negate ? 'NOT LIKE' : 'LIKE'} ? ESCAPE '!'`;
    return { sql, bindings: [...cb, pattern] };
  }

  switch (op) {
    case '_eq':
    case '_neq': {
      const v = scalar();
      if (v === null) return { sql: `${col} IS ${op === '_eq' ? '' : 'NOT '}NULL`, bindings: cb };
      return { sql: `${col} ${op === '_eq' ? '=' : '<>'} ?`, bindings: [...cb, cast(v)] };
    }
    case '_lt':
    case '_lte':
    case '_gt':
    case '_gte': {
      const v = scalar();
      if (v === null) throw invalidQuery(`"${op}" needs a value`);
      const sign = { _lt: '<', _lte: '<=', _gt: '>', _gte: '>=' }[op];
      return { sql: `${col} ${sign} ?`, bindings: [...cb, cast(v)] };
    }
    case '_in':
    case '_nin': {
      const items = list();
      if (items.length === 0) return op === '_in' ? FALSE_SQL : TRUE_SQL;
      if (items.length > LONG_LIST && env.dialect.inList) {
        const long = env.dialect.inList(col, items, op === '_nin');
        return { sql: long.sql, bindings: [...cb, long.binding] };
      }
      const marks = items.map(() => '?').join(', ');
      return { sql: `${col} ${op === '_in' ? 'IN' : 'NOT IN'} (${marks})`, bindings: [...cb, ...items] };
    }
    case '_between':
    case '_nbetween': {
      const items = list();
      if (items.length !== 2) throw invalidQuery(`"${op}" needs exactly two values`);
      return { sql: `${col} ${op === '_between' ? 'BETWEEN' : 'NOT BETWEEN'} ? AND ?`, bindings: [...cb, items[0], items[1]] };
    }
    case '_null':
    case '_nnull': {
      const isNull = bool() === (op === '_null');
      return { sql: `${col} IS ${isNull ? '' : 'NOT '}NULL`, bindings: cb };
    }
    case '_empty':
    case '_nempty': {
      const empty = bool() === (op === '_empty');
      const textual = ['string', 'text', 'csv', 'hash'].includes(type);
      if (!textual) return { sql: `${col} IS ${empty ? '' : 'NOT '}NULL`, bindings: cb };
      return empty
        ? { sql: `(${col} IS NULL OR ${col} = '')`, bindings: [...cb, ...cb] }
        : { sql: `(${col} IS NOT NULL AND ${col} <> '')`, bindings: [...cb, ...cb] };
    }
    default:
      throw invalidQuery(`"${op}" can't be used in a query filter`);
  }
}
