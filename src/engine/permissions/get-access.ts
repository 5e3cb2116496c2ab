import type { Filter } from '../schema-overview/schema-overview.types.js';
import type { CollectionAccess, PermissionAction, PermissionRule, PermissionSet } from './permissions.types.js';
import { REVISIONS, revisionScope } from './revision-read-rules.js';

/** The merged access of a permission set to one collection and action; null means no rule, i.e. forbidden. */
export function getAccess(set: PermissionSet, collection: string, action: PermissionAction): CollectionAccess | null {
  if (set.admin) return { kind: 'all' };
  const rules = set.index.get(`${collection}:${action}`);
  if (!rules || rules.length === 0) return null;
  const rowFilter = mergeRowFilters(rules);
  // A revision is read under the read rules of the collection it is about (revision-read-rules.ts).
  if (collection === REVISIONS && action === 'read') {
    const scope = revisionScope(set);
    return { kind: 'rules', rules, rowFilter: rowFilter === null ? scope : { _and: [rowFilter, scope] }, fields: mergeFields(rules) };
  }
  return { kind: 'rules', rules, rowFilter, fields: mergeFields(rules) };
}

export function isEmptyFilter(filter: Filter | null | undefined): boolean {
  return !filter || Object.keys(filter).length === 0;
}

/** Row filters are OR-ed; one rule without a filter opens every row. */
export function mergeRowFilters(rules: PermissionRule[]): Filter | null {
  if (rules.some((r) => isEmptyFilter(r.permissions))) return null;
  if (rules.length === 1) return rules[0]!.permissions;
  return { _or: rules.map((r) => r.permissions) };
}

export function mergeFields(rules: PermissionRule[]): Set<string> | '*' {
  const fields = new Set<string>();
  for (const rule of rules) {
    for (const field of rule.fields ?? []) {
      if (field === '*') return '*';
      fields.add(field);
    }
  }
  return fields;
}

export function canAccessField(access: CollectionAccess, field: string): boolean {
  if (access.kind === 'all') return true;
  return access.fields === '*' || access.fields.has(field);
}

/**
 * The condition under which a field's value is shown: null when always (a rule granting the field has no
 * row filter, or the field is granted by every rule), else the OR of the filters of the rules granting it.
 */
export function fieldCaseFilter(access: CollectionAccess, field: string): Filter | null {
  if (access.kind === 'all') return null;
  const granting = access.rules.filter((r) => (r.fields ?? []).some((f) => f === '*' || f === field));
  if (granting.length === access.rules.length) return null;
  if (granting.some((r) => isEmptyFilter(r.permissions))) return null;
  if (granting.length === 1) return granting[0]!.permissions;
  return { _or: granting.map((r) => r.permissions) };
}
