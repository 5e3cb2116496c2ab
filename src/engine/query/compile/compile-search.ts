import { canAccessField, getAccess } from '../../permissions/get-access.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import { isConcealed } from '../../schema-overview/is-concealed.js';
import { castFilterValue } from './cast-filter-value.js';
import { readableColumn, type CompileEnv } from './compile-filter.js';
import { escapeLike } from './compile-operator.js';
import { FALSE_SQL, or, type Sql, TRUE_SQL } from './sql.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';
import { foldCase } from '../../../kernel/text/fold-case.js';

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * `search`: case-insensitive substring over the readable, searchable text fields; exact match on numeric
 * fields when the term is a number and on uuid fields when it is a uuid. Concealed fields and fields the
 * reader can't read are skipped (silently); a field the reader sees only on some rows is searched only
 * there. No candidate field: no rows.
 */
export function compileSearch(env: CompileEnv, term: string, collection: string, alias: string): Sql {
  if (term === '') return TRUE_SQL;
  const overview = getCollection(env.schema, collection);
  const access = getAccess(env.permissions, collection, 'read');
  // Unicode's lower case on both sides, through the dialect, as `_icontains` (decision 0054).
  const pattern = `%${escapeLike(foldCase(term))}%`;
  const parts: Sql[] = [];
  for (const field of Object.values(overview.fields)) {
    if (field.alias || !field.searchable || isConcealed(field)) continue;
    if (!access || !canAccessField(access, field.field)) continue;
    const column = () => readableColumn(env, collection, alias, field.field, { sql: '??', bindings: [`${alias}.${field.field}`] });
    if (field.type === 'string' || field.type === 'text' || field.type === 'csv') {
      const c = column();
      parts.push({ sql: env.dialect.ilike(c.sql, false), bindings: [...c.bindings, pattern] });
    } else if (NUMBER.test(term) && ['integer', 'bigInteger', 'float', 'decimal'].includes(field.type)) {
      const value = numberFor(field.type, term, field.field);
      if (value === undefined) continue;
      const c = column();
      parts.push({ sql: `${c.sql} = ?`, bindings: [...c.bindings, value] });
    } else if (field.type === 'uuid' && isUuid(term)) {
      const c = column();
      parts.push({ sql: `${c.sql} = ?`, bindings: [...c.bindings, term.toLowerCase()] });
    }
  }
  return parts.length === 0 ? FALSE_SQL : or(parts);
}

/** The term as a value of a numeric field, or undefined when the field can't hold it (a fraction, out of range). */
function numberFor(type: FieldOverviewType, term: string, field: string): unknown {
  try {
    return castFilterValue(type, term, field);
  } catch {
    return undefined;
  }
}

type FieldOverviewType = Parameters<typeof castFilterValue>[0];
