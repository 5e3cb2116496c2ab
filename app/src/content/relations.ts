/**
 * The relations of one collection's fields, from `GET /relations` (pure): a field with a foreign key to another
 * collection is many-to-one; an alias field named as a relation's `one_field` is one-to-many, or many-to-many when
 * the relation has a `junction_field` whose relation points at a collection.
 */

export type RawRelation = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: {
    one_field?: string | null;
    junction_field?: string | null;
    one_deselect_action?: string | null;
    sort_field?: string | null;
    one_allowed_collections?: string[] | null;
    one_collection_field?: string | null;
  } | null;
};

export type ManyToOne = { kind: 'm2o'; related: string };
/** `related` is the collection of the children, `foreignKey` their field that points back here. */
export type OneToMany = { kind: 'o2m'; related: string; foreignKey: string; deselect: 'nullify' | 'delete' };
/**
 * A many-to-many through a junction collection: `junction` rows point here by `parentField` and at the
 * `related` collection by `relatedField` (`articles_tags.articles_id`, `articles_tags.tags_id`).
 */
export type ManyToMany = { kind: 'm2m'; related: string; junction: string; parentField: string; relatedField: string };
/**
 * Directus's translations: a one-to-many to a junction collection (`related`, pointing back by `foreignKey`) whose
 * `languageField` is a many-to-one to the `languages` collection. Never returned by `relationsByField` (a junction
 * is a many-to-many there): the form turns a many-to-many whose field's interface is `translations` into one
 * (`asTranslations`, form-fields).
 */
export type Translations = { kind: 'translations'; related: string; foreignKey: string; languageField: string; languages: string | null };
/**
 * Directus's many-to-any: junction rows point here by `parentField`, name an item by its key in `itemField` and
 * its collection (one of `allowed`) in `collectionField`; `sortField` (the relation's `sort_field`) orders them.
 */
export type ManyToAny = {
  kind: 'm2a';
  junction: string;
  parentField: string;
  itemField: string;
  collectionField: string;
  allowed: string[];
  sortField: string | null;
};
export type FieldRelation = ManyToOne | OneToMany | ManyToMany | Translations | ManyToAny;

/** The translations shape of a many-to-many (the junction holds the translations, the related collection the languages). */
export function asTranslations(relation: ManyToMany): Translations {
  return {
    kind: 'translations',
    related: relation.junction,
    foreignKey: relation.parentField,
    languageField: relation.relatedField,
    languages: relation.related,
  };
}

/** The relation of each field of `collection` that has one. */
export function relationsByField(relations: RawRelation[], collection: string): Record<string, FieldRelation> {
  const result: Record<string, FieldRelation> = {};
  for (const relation of relations) {
    if (relation.collection === collection && relation.related_collection) {
      result[relation.field] = { kind: 'm2o', related: relation.related_collection };
    }
  }
  for (const relation of relations) {
    const oneField = relation.meta?.one_field;
    const junctionField = relation.meta?.junction_field;
    if (relation.related_collection !== collection || !oneField) continue;
    if (junctionField) {
      // The junction's other relation names the related collection, or (many-to-any) the collections it may name.
      const other = relations.find((r) => r.collection === relation.collection && r.field === junctionField);
      if (!other?.related_collection && other?.meta?.one_collection_field && other.meta.one_allowed_collections?.length)
        result[oneField] = {
          kind: 'm2a',
          junction: relation.collection,
          parentField: relation.field,
          itemField: junctionField,
          collectionField: other.meta.one_collection_field,
          allowed: [...other.meta.one_allowed_collections],
          sortField: relation.meta?.sort_field ?? null,
        };
      else if (other?.related_collection)
        result[oneField] = {
          kind: 'm2m',
          related: other.related_collection,
          junction: relation.collection,
          parentField: relation.field,
          relatedField: junctionField,
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
