/**
 * The relations of one collection's fields, from `GET /relations` (pure): a field with a foreign key to another
 * collection is many-to-one; an alias field named as a relation's `one_field` (without a junction) is one-to-many.
 */

export type RawRelation = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: { one_field?: string | null; junction_field?: string | null; one_deselect_action?: string | null } | null;
};

export type ManyToOne = { kind: 'm2o'; related: string };
/** `related` is the collection of the children, `foreignKey` their field that points back here. */
export type OneToMany = { kind: 'o2m'; related: string; foreignKey: string; deselect: 'nullify' | 'delete' };
/**
 * Directus's translations: a one-to-many to a junction collection (`related`, pointing back by `foreignKey`) whose
 * `languageField` is a many-to-one to the `languages` collection. Shown only for a field whose interface is
 * `translations` (form-fields); other junctions (many-to-many) are left out as before.
 */
export type Translations = { kind: 'translations'; related: string; foreignKey: string; languageField: string; languages: string | null };
export type FieldRelation = ManyToOne | OneToMany | Translations;

/** The relation of each field of `collection` that has one (many-to-many and many-to-any are left out). */
export function relationsByField(relations: RawRelation[], collection: string): Record<string, FieldRelation> {
  const result: Record<string, FieldRelation> = {};
  for (const relation of relations) {
    if (relation.collection === collection && relation.related_collection) {
      result[relation.field] = { kind: 'm2o', related: relation.related_collection };
    }
  }
  for (const relation of relations) {
    const oneField = relation.meta?.one_field;
    if (relation.related_collection !== collection || !oneField) continue;
    const junctionField = relation.meta?.junction_field;
    if (junctionField) {
      const languages =
        relations.find((r) => r.collection === relation.collection && r.field === junctionField)?.related_collection ?? null;
      result[oneField] = {
        kind: 'translations',
        related: relation.collection,
        foreignKey: relation.field,
        languageField: junctionField,
        languages,
      };
      continue;
    }
    result[oneField] = {
      kind: 'o2m',
      related: relation.collection,
      foreignKey: relation.field,
      deselect: relation.meta?.one_deselect_action === 'delete' ? 'delete' : 'nullify',
    };
  }
  return result;
}
