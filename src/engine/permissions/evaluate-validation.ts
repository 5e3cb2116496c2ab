import { parseTemporal, temporalToDate } from '../../database/dialects/shared/parse-temporal.js';
import type { ValidationDetail } from '../../kernel/errors/index.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';

/**
 * Checks a payload against a validation filter (Directus syntax, including `_regex`, `_submitted`).
 * Returns the failures; an empty list means valid. `_and` needs all branches, `_or` at least one. A field
 * missing from the payload passes every operator except `_submitted` (Directus's rule).
 */
export function evaluateValidation(filter: Filter, payload: Record<string, unknown>, path: string[] = []): ValidationDetail[] {
  const failures: ValidationDetail[] = [];
  for (const [key, rule] of Object.entries(filter)) {
    if (key === '_and' && Array.isArray(rule)) {
      for (const inner of rule) failures.push(...evaluateValidation(inner as Filter, payload, path));
      continue;
    }
    if (key === '_or' && Array.isArray(rule)) {
      const branches = rule.map((inner) => evaluateValidation(inner as Filter, payload, path));
      if (branches.length > 0 && !branches.some((b) => b.length === 0)) failures.push(...branches[0]!);
      continue;
    }
    if (!rule || typeof rule !== 'object') continue;
    const value = payload[key];
    const operators = Object.entries(rule as Record<string, unknown>);
    const nested = operators.filter(([op]) => !op.startsWith('_'));
    if (nested.length > 0 && value && typeof value === 'object' && !Array.isArray(value)) {
      failures.push(...evaluateValidation(rule as Filter, value as Record<string, unknown>, [...path, key]));
      continue;
    }
    for (const [op, expected] of operators) {
      if (!op.startsWith('_')) continue;
      if (op === '_submitted') {
        if (expected === true && !(key in payload)) failures.push({ field: key, path, type: 'required' });
        continue;
      }
      // As Directus: a field the payload leaves out passes every rule but `_submitted` (an update keeps it as it is).
      if (!(key in payload)) continue;
      if (!matches(op, value, expected)) failures.push(detail(key, path, op, expected));
    }
  }
  return failures;
}

function detail(field: string, path: string[], op: string, expected: unknown): ValidationDetail {
  const type = op.slice(1);
  const base: ValidationDetail = { field, path, type };
  if (['eq', 'in', 'gt', 'gte', 'lt', 'lte', 'between'].includes(type)) base.valid = expected;
  if (['neq', 'nin', 'nbetween'].includes(type)) base.invalid = expected;
  if (['contains', 'ncontains', 'starts_with', 'ends_with', 'icontains'].includes(type)) base.substring = String(expected);
  return base;
}

/** One operator against one value, with the same meaning the SQL compiler gives it. */
export function matches(op: string, value: unknown, expected: unknown): boolean {
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const list = (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]);
  const cmp = (a: unknown, b: unknown) => {
    const na = Number(a);
    const nb = Number(b);
    if (!Number.isNaN(na) && !Number.isNaN(nb) && a !== '' && b !== '') return na - nb;
    // Dates and date-times compare as instants, whatever zone or precision they were written with.
    const da = typeof a === 'string' ? parseTemporal(a) : undefined;
    const db = typeof b === 'string' ? parseTemporal(b) : undefined;
    if (da?.hasDate && db?.hasDate) return temporalToDate(da).getTime() - temporalToDate(db).getTime();
    return str(a) < str(b) ? -1 : str(a) > str(b) ? 1 : 0;
  };
  const eq = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && a !== undefined && String(a) === String(b));
  switch (op) {
    case '_eq':
      return expected === null ? value === null || value === undefined : eq(value, expected);
    case '_neq':
      return expected === null ? value !== null && value !== undefined : !eq(value, expected);
    case '_lt':
      return value !== null && value !== undefined && cmp(value, expected) < 0;
    case '_lte':
      return value !== null && value !== undefined && cmp(value, expected) <= 0;
    case '_gt':
      return value !== null && value !== undefined && cmp(value, expected) > 0;
    case '_gte':
      return value !== null && value !== undefined && cmp(value, expected) >= 0;
    case '_in':
      return list(expected).some((e) => eq(value, e));
    case '_nin':
      return !list(expected).some((e) => eq(value, e));
    case '_null':
      return (value === null || value === undefined) === (expected !== false);
    case '_nnull':
      return (value !== null && value !== undefined) === (expected !== false);
    case '_empty':
      return (
        (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) === (expected !== false)
      );
    case '_nempty':
      return (
        !(value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) === (expected !== false)
      );
    case '_contains':
      return str(value).includes(str(expected));
    case '_ncontains':
      return !str(value).includes(str(expected));
    case '_icontains':
      return str(value).toLowerCase().includes(str(expected).toLowerCase());
    case '_nicontains':
      return !str(value).toLowerCase().includes(str(expected).toLowerCase());
    case '_starts_with':
      return str(value).startsWith(str(expected));
    case '_nstarts_with':
      return !str(value).startsWith(str(expected));
    case '_istarts_with':
      return str(value).toLowerCase().startsWith(str(expected).toLowerCase());
    case '_nistarts_with':
      return !str(value).toLowerCase().startsWith(str(expected).toLowerCase());
    case '_ends_with':
      return str(value).endsWith(str(expected));
    case '_nends_with':
      return !str(value).endsWith(str(expected));
    case '_iends_with':
      return str(value).toLowerCase().endsWith(str(expected).toLowerCase());
    case '_niends_with':
      return !str(value).toLowerCase().endsWith(str(expected).toLowerCase());
    case '_between': {
      const [a, b] = list(expected);
      return value !== null && value !== undefined && cmp(value, a) >= 0 && cmp(value, b) <= 0;
    }
    case '_nbetween': {
      const [a, b] = list(expected);
      return value === null || value === undefined || cmp(value, a) < 0 || cmp(value, b) > 0;
    }
    case '_regex': {
      const source = str(expected);
      const wrapped = /^\/(.*)\/([a-z]*)$/.exec(source);
      try {
        const regex = wrapped ? new RegExp(wrapped[1]!, wrapped[2]) : new RegExp(source);
        return regex.test(str(value));
      } catch {
        return false;
      }
    }
    default:
      return true;
  }
}
