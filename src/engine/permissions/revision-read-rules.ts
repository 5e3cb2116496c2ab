import type { Filter } from '../schema-overview/schema-overview.types.js';
import type { PermissionRule, PermissionSet } from './permissions.types.js';

/** The collection whose reads follow the read rules of the collection each row is about (decision 0047). */
export const REVISIONS = 'service_revisions';

/** The key field of a revision seen as a key into the collection named beside it (compile-filter's trail key). */
export const REVISION_ITEM = 'item';
export const REVISION_COLLECTION = 'collection';

/** What a reader may see of a revision's `data` and `delta`: every field, or only these. */
export type RevisionFields = '*' | ReadonlySet<string>;

const scopes = new WeakMap<PermissionSet, Filter>();
const fieldSets = new WeakMap<PermissionSet, Map<string, RevisionFields>>();

/**
 * The condition a non-administrator's revisions read adds to their own `service_revisions` row filter: the
 * revision is of a collection they have a read rule on and, when every such rule has a row filter, of an item
 * that exists and matches one of them (`item:<collection>`, a key into that collection compiled as an
 * EXISTS-style subquery by the filter compiler, only inside a permission filter). Collections the reader may
 * read without a row filter go into one `collection IN (…)`. No collection: no revision. Worked out once per
 * permission set; a function of its rules only, so read plans keyed on the rules (decision 0032) stay right.
 */
export function revisionScope(set: PermissionSet): Filter {
  let scope = scopes.get(set);
  if (scope) return scope;
  const open: string[] = [];
  const filtered: Filter[] = [];
  for (const [key, rules] of set.index) {
    if (!key.endsWith(':read') || rules.length === 0) continue;
    const collection = key.slice(0, -':read'.length);
    if (collection === REVISIONS) continue;
    if (rules.some((r) => isEmpty(r.permissions))) open.push(collection);
    else
      filtered.push({
        [`${REVISION_ITEM}:${collection}`]: rules.length === 1 ? rules[0]!.permissions! : { _or: rules.map((r) => r.permissions!) },
      });
  }
  const parts: Filter[] = [...(open.length > 0 ? [{ [REVISION_COLLECTION]: { _in: open.sort() } }] : []), ...filtered];
  scope = parts.length === 1 ? parts[0]! : { _or: parts };
  scopes.set(set, scope);
  return scope;
}

/**
 * The fields of `collection` a reader sees in a revision's `data` and `delta` (the conservative choice of
 * decision 0047, which needs no per-row condition): those granted by a rule without a row filter, plus those
 * granted by every read rule on the collection. A revision is only shown when one of the rules applies to its
 * item (revisionScope), so a field granted by all of them is granted whichever applies. No rule: nothing.
 */
export function revisionFields(set: PermissionSet, collection: string): RevisionFields {
  let byCollection = fieldSets.get(set);
  if (!byCollection) {
    byCollection = new Map();
    fieldSets.set(set, byCollection);
  }
  let fields = byCollection.get(collection);
  if (fields) return fields;
  fields = fieldsOf(set.index.get(`${collection}:read`) ?? []);
  byCollection.set(collection, fields);
  return fields;
}

function fieldsOf(rules: readonly PermissionRule[]): RevisionFields {
  if (rules.length === 0) return new Set();
  const all = (r: PermissionRule) => (r.fields ?? []).includes('*');
  if (rules.some((r) => isEmpty(r.permissions) && all(r)) || rules.every(all)) return '*';
  const granted = new Set<string>();
  for (const rule of rules) if (isEmpty(rule.permissions)) for (const f of rule.fields ?? []) granted.add(f);
  const partial = rules.filter((r) => !all(r));
  for (const f of partial[0]?.fields ?? []) if (partial.every((r) => (r.fields ?? []).includes(f))) granted.add(f);
  return granted;
}

/** A revision's `data` or `delta` with only the fields the reader sees (a value that is not an object: null). */
export function stripRevisionValue(value: unknown, fields: RevisionFields): unknown {
  if (fields === '*' || value === null || value === undefined) return value;
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) if (fields.has(key)) out[key] = v;
  return out;
}

function isEmpty(filter: Filter | null | undefined): boolean {
  return !filter || Object.keys(filter).length === 0;
}
