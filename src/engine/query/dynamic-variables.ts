import ms from 'ms';
import { invalidQuery } from '../../kernel/errors/index.js';

/** What the dynamic variables of a filter, validation or preset resolve to for one accountability. */
export type DynamicData = {
  user: string | null;
  role: string | null;
  roles: string[];
  policies: string[];
  now: Date;
  /** Records read for `$CURRENT_USER.<path>` etc., when such paths occur. */
  userRecord?: Record<string, unknown> | null;
  roleRecord?: Record<string, unknown> | null;
  rolesRecords?: Record<string, unknown>[];
  policiesRecords?: Record<string, unknown>[];
};

export type VariablePaths = { user: Set<string>; role: Set<string>; roles: Set<string>; policies: Set<string> };

const PATH_VARIABLE = /^\$CURRENT_(USER|ROLE|ROLES|POLICIES)\.(.+)$/;
const NOW = /^\$NOW(?:\((.*)\))?$/;

/** The `$CURRENT_X.<path>` paths used anywhere in a value, so their records can be read in one go. */
export function collectVariablePaths(value: unknown, paths: VariablePaths = emptyPaths()): VariablePaths {
  if (typeof value === 'string') {
    const match = PATH_VARIABLE.exec(value);
    if (match) {
      const kind = match[1]!.toLowerCase() as keyof VariablePaths;
      paths[kind].add(match[2]!);
    }
  } else if (Array.isArray(value)) value.forEach((v) => collectVariablePaths(v, paths));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collectVariablePaths(v, paths));
  return paths;
}

export function emptyPaths(): VariablePaths {
  return { user: new Set(), role: new Set(), roles: new Set(), policies: new Set() };
}

export function hasPaths(paths: VariablePaths): boolean {
  return paths.user.size + paths.role.size + paths.roles.size + paths.policies.size > 0;
}

/** Replaces every dynamic variable in a value (deeply); arrays from `$CURRENT_ROLES` are flattened into lists. */
export function applyDynamicVariables<T>(value: T, data: DynamicData): T {
  return replace(value, data) as T;
}

function replace(value: unknown, data: DynamicData): unknown {
  if (typeof value === 'string') return resolveString(value, data);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const resolved = replace(item, data);
      if (Array.isArray(resolved) && typeof item === 'string' && item.startsWith('$CURRENT_')) out.push(...resolved);
      else out.push(resolved);
    }
    return out;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = replace(v, data);
    return out;
  }
  return value;
}

function resolveString(value: string, data: DynamicData): unknown {
  if (!value.startsWith('$')) return value;
  switch (value) {
    case '$CURRENT_USER':
      return data.user;
    case '$CURRENT_ROLE':
      return data.role;
    case '$CURRENT_ROLES':
      return data.roles;
    case '$CURRENT_POLICIES':
      return data.policies;
  }
  const now = NOW.exec(value);
  if (now) return adjustDate(data.now, now[1]).toISOString();
  const path = PATH_VARIABLE.exec(value);
  if (path) {
    const segments = path[2]!.split('.');
    switch (path[1]) {
      case 'USER':
        return pick(data.userRecord, segments);
      case 'ROLE':
        return pick(data.roleRecord, segments);
      case 'ROLES':
        return (data.rolesRecords ?? []).flatMap((r) => toList(pick(r, segments)));
      case 'POLICIES':
        return (data.policiesRecords ?? []).flatMap((r) => toList(pick(r, segments)));
    }
  }
  return value;
}

function toList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}

function pick(record: unknown, segments: string[]): unknown {
  let current: unknown = record;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current.flatMap((c) => toList(pick(c, [segment])));
    else if (current && typeof current === 'object') current = (current as Record<string, unknown>)[segment];
    else return null;
  }
  return current ?? null;
}

/** `$NOW(-1 day)`, `$NOW(+2 weeks)`, `$NOW(-90 minutes)`, months and years by calendar. */
export function adjustDate(now: Date, adjustment: string | undefined): Date {
  if (!adjustment || adjustment.trim() === '') return new Date(now);
  const match = /^\s*([+-]?)\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(adjustment);
  if (!match) throw invalidQuery(`"$NOW(${adjustment})" has an adjustment that can't be read`);
  const sign = match[1] === '-' ? -1 : 1;
  const amount = Number(match[2]);
  const unit = (match[3] || 'days').toLowerCase();
  if (/^(mo|month|months)$/.test(unit)) return addMonths(now, sign * Math.trunc(amount));
  if (/^(y|yr|yrs|year|years)$/.test(unit)) return addMonths(now, sign * Math.trunc(amount) * 12);
  const span = ms(`${amount} ${unit}` as ms.StringValue) as number | undefined;
  if (typeof span !== 'number' || Number.isNaN(span)) throw invalidQuery(`"$NOW(${adjustment})" has an unknown unit "${unit}"`);
  return new Date(now.getTime() + sign * span);
}

/** Calendar months in UTC, clamped to the last day of the target month (March 31 − 1 month = February 28). */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
