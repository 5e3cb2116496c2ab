/**
 * The fields a permission rule's row filter may name, for the filter builder: every field of the collection
 * with a value (an administrator edits rules, so no field is held back), many-to-one ones with the dynamic
 * values of what they point at, and the collection's own key with those of the collection (`$CURRENT_USER` on
 * the users' id, `$CURRENT_ROLE(S)` on the roles', `$CURRENT_POLICIES` on the policies').
 */
import { buildFieldPaths, manyToOnes, type FieldPath } from '../content/field-paths.js';
import { dynamicValuesFor } from '../content/filter-value.js';
import type { RawFormField } from '../content/form-fields.js';

type Relation = { collection: string; field: string; related_collection?: string | null };

export function rulePaths(collection: string, fields: RawFormField[], relations: Relation[]): FieldPath[] {
  const visible = fields.map((f) => ({ ...f, meta: f.meta ? { ...f.meta, hidden: false } : f.meta }));
  const paths = buildFieldPaths(
    { fields: visible, access: { read: { access: 'full', fields: ['*'] } } },
    manyToOnes(collection, relations),
    {},
  );
  const key = fields.find((f) => f.schema?.is_primary_key === true)?.field;
  return paths.map((p) => (p.path === key && p.dynamic.length === 0 ? { ...p, dynamic: dynamicValuesFor(p.type, collection) } : p));
}

/** The names of the fields a rule may list (no aliases of relations other than one-to-many ones count as data). */
export function ruleFieldNames(fields: RawFormField[]): string[] {
  return fields.map((f) => f.field);
}
