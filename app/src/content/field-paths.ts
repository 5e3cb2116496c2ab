/**
 * The field paths a user may filter on and show as columns: the readable fields of a collection, and through each
 * readable many-to-one field the readable fields of the related collection (`author.name`). Pure logic over
 * `GET /fields`, `GET /relations` and `GET /permissions/me`.
 */
import { fieldLabel } from './content-api.js';
import type { DisplayPlan } from './display-value.js';
import { dynamicValuesFor, type DynamicValue } from './filter-value.js';
import { allows, type CollectionAccess, type RawFormField } from './form-fields.js';

export type FieldPath = {
  /** `title`, or `author.name` through a many-to-one field. */
  path: string;
  /** `Title`, or `Author › Name`. */
  label: string;
  type: string;
  /** The dynamic values offered for it (`$NOW` for dates, `$CURRENT_USER` for keys of users). */
  dynamic: DynamicValue[];
  choices: { text: string; value: string }[];
  /** For a many-to-one field: how its related item reads (its display template), when the user may read it. */
  display?: DisplayPlan;
  /** The field's own display in lists (`meta.display`: `labels`, `boolean`, `datetime`…) and its options, when set. */
  displayName?: string;
  displayOptions?: Record<string, unknown>;
};

/** A many-to-one field of the collection and the collection it points at. */
export type ManyToOne = { field: string; related: string };

/** The fields and the access of one collection. */
export type CollectionSchema = { fields: RawFormField[]; access: CollectionAccess };

const USER_COLLECTIONS = new Set(['service_users', 'directus_users']);

/** The many-to-one fields among a collection's relations (`GET /relations/<collection>`). */
export function manyToOnes(
  collection: string,
  relations: { collection: string; field: string; related_collection?: string | null }[],
): ManyToOne[] {
  return relations
    .filter((r) => r.collection === collection && r.related_collection)
    .map((r) => ({ field: r.field, related: r.related_collection as string }));
}

/**
 * The paths of a collection: its readable fields with a value (no alias, not hidden by `meta.hidden`), each
 * followed by the readable fields of its related collection when it is a many-to-one whose collection's schema is
 * known (`related`).
 */
export function buildFieldPaths(
  own: CollectionSchema,
  relations: ManyToOne[],
  related: Record<string, CollectionSchema | undefined>,
  displays: Record<string, DisplayPlan | undefined> = {},
): FieldPath[] {
  const paths: FieldPath[] = [];
  for (const field of readable(own)) {
    const relation = relations.find((r) => r.field === field.field);
    const display = relation ? displays[field.field] : undefined;
    paths.push({
      ...pathOf(field, field.field, fieldLabel(field.field), relation?.related ?? null, false),
      ...(display ? { display } : {}),
    });
    const target = relation ? related[relation.related] : undefined;
    if (!relation || !target) continue;
    for (const inner of readable(target)) {
      const isUserKey = USER_COLLECTIONS.has(relation.related) && inner.schema?.is_primary_key === true;
      paths.push(
        pathOf(inner, `${field.field}.${inner.field}`, `${fieldLabel(field.field)} › ${fieldLabel(inner.field)}`, null, isUserKey),
      );
    }
  }
  return paths;
}

function readable(schema: CollectionSchema): RawFormField[] {
  return schema.fields.filter((f) => f.type !== 'alias' && !f.meta?.hidden && allows(schema.access.read, f.field));
}

function pathOf(field: RawFormField, path: string, label: string, related: string | null, isUserKey: boolean): FieldPath {
  return {
    path,
    label,
    type: field.type,
    dynamic: dynamicValuesFor(field.type, related, isUserKey),
    choices: (field.meta?.options?.choices ?? []).map((c) => ({ text: c.text ?? String(c.value), value: String(c.value) })),
    ...(field.meta?.display ? { displayName: field.meta.display, displayOptions: field.meta.display_options ?? {} } : {}),
  };
}

/** The columns shown when the user chose none: the first eight of the collection's own fields. */
export function defaultColumns(paths: FieldPath[]): string[] {
  return paths
    .filter((p) => !p.path.includes('.'))
    .slice(0, 8)
    .map((p) => p.path);
}

/** The chosen columns that are still readable paths (in the chosen order), or the default ones when none remain. */
export function visibleColumns(paths: FieldPath[], chosen: string[] | null): FieldPath[] {
  const byPath = new Map(paths.map((p) => [p.path, p]));
  const shown = [...new Set(chosen ?? defaultColumns(paths))].flatMap((path) => byPath.get(path) ?? []);
  return shown.length > 0 || !chosen ? shown : visibleColumns(paths, null);
}

/** The value at a path of a row read with related fields (`author.name` of `{ author: { name } }`); null when the relation is empty. */
export function valueAt(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const segment of path.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
