import type { Filter } from '../schema-overview/schema-overview.types.js';
import type { SchemaOverview } from '../schema-overview/schema-overview.types.js';
import type { ShareScope } from '../../kernel/context/index.js';
import type { PermissionRule, PermissionSet } from './permissions.types.js';

/** Every read rule of `set` on `collection`, or one rule granting all of it (administrators). */
function readRulesOf(set: PermissionSet, collection: string): PermissionRule[] {
  if (set.admin)
    return [{ id: null, policy: null, collection, action: 'read', permissions: null, validation: null, presets: null, fields: ['*'] }];
  return set.index.get(`${collection}:read`) ?? [];
}

/** The fields both lists grant ('*' is every field); null when none. */
function commonFields(a: string[] | null, b: string[] | null): string[] | null {
  if (!a || !b) return null;
  if (a.includes('*')) return b.length > 0 ? [...b] : null;
  if (b.includes('*')) return a.length > 0 ? [...a] : null;
  const shared = a.filter((f) => b.includes(f));
  return shared.length > 0 ? shared : null;
}

function allOf(filters: (Filter | null)[]): Filter {
  const parts = filters.filter((f): f is Filter => f !== null && Object.keys(f).length > 0);
  return parts.length === 1 ? parts[0]! : { _and: parts };
}

/**
 * The read rules of a share session (decision 0105): only the shared item of the shared collection, only what
 * BOTH the share's role (when it has one) and its creator may read of it, field by field and row filter by row
 * filter. Each pair of a creator rule and a role rule becomes one rule whose row filter is the item's key AND both
 * filters and whose fields are those both grant; the union of the pairs is exactly "what both may read" (a field
 * of the item is shown when some creator rule and some role rule grant it and match the item). Nothing else:
 * no other collection, no other action. `creator` and `role` are the sets resolved for the creator and the
 * role (their dynamic variables resolved as them); `role` null means the share has no role.
 */
export function shareRules(
  schema: SchemaOverview,
  scope: ShareScope,
  creator: PermissionSet | null,
  role: PermissionSet | null | 'none',
): PermissionRule[] {
  const overview = Object.hasOwn(schema.collections, scope.collection) ? schema.collections[scope.collection] : undefined;
  if (!overview || !creator || role === null) return [];
  const itemFilter: Filter = { [overview.primary]: { _eq: scope.item } };
  const creatorRules = readRulesOf(creator, scope.collection);
  const roleRules =
    role === 'none' ? readRulesOf({ admin: true, rules: [], index: new Map() }, scope.collection) : readRulesOf(role, scope.collection);
  const rules: PermissionRule[] = [];
  for (const a of creatorRules) {
    for (const b of roleRules) {
      const fields = commonFields(a.fields, b.fields);
      if (!fields) continue;
      rules.push({
        id: null,
        policy: null,
        collection: scope.collection,
        action: 'read',
        permissions: allOf([itemFilter, a.permissions, b.permissions]),
        validation: null,
        presets: null,
        fields,
        system: true,
      });
    }
  }
  return rules;
}
