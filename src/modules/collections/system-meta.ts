import type { SystemCollectionSpec, SystemFieldSpec, SystemRelationSpec } from '../../kernel/system/system-collections.js';

/** The meta of a system collection, from its code declaration, shaped like a service_collections row. */
export function systemCollectionMeta(spec: SystemCollectionSpec): Record<string, unknown> {
  return {
    collection: spec.collection,
    icon: null,
    note: null,
    display_template: null,
    hidden: false,
    singleton: spec.singleton ?? false,
    translations: null,
    archive_field: null,
    archive_app_filter: true,
    archive_value: null,
    unarchive_value: null,
    sort_field: spec.sortField ?? null,
    accountability: spec.accountability,
    color: null,
    item_duplication_fields: null,
    sort: null,
    group: null,
    collapse: 'open',
    preview_url: null,
    versioning: false,
    system: true,
  };
}

/** The meta of a system field, shaped like a service_fields row (no id: it is not stored). */
export function systemFieldMeta(collection: string, field: string, spec: SystemFieldSpec, primary: boolean): Record<string, unknown> {
  return {
    id: null,
    collection,
    field,
    special: spec.special && spec.special.length > 0 ? [...spec.special] : null,
    interface: null,
    options: null,
    display: null,
    display_options: null,
    readonly: primary,
    hidden: primary,
    sort: null,
    width: 'full',
    translations: null,
    note: null,
    conditions: null,
    required: false,
    group: null,
    validation: null,
    validation_message: null,
    searchable: true,
    system: true,
  };
}

/** The meta of a system relation, shaped like a service_relations row. */
export function systemRelationMeta(spec: SystemRelationSpec): Record<string, unknown> {
  return {
    id: null,
    many_collection: spec.collection,
    many_field: spec.field,
    one_collection: spec.related,
    one_field: spec.oneField,
    one_collection_field: null,
    one_allowed_collections: null,
    junction_field: null,
    sort_field: null,
    one_deselect_action: 'nullify',
    system: true,
  };
}
