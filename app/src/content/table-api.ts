import { updateItems } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { readCollectionFields, readCollectionRelations, readMyPermissions, readOneCollection } from '../api/shared-reads.js';
import { buildFieldPaths, manyToOnes, type CollectionSchema, type FieldPath } from './field-paths.js';
import { fieldTemplate, planDisplay, type DisplayPlan } from './display-value.js';
import { allows, type CollectionAccess, type RawFormField } from './form-fields.js';

/**
 * What the items list needs to know of a collection: its fields and access, the paths to filter and show, its
 * manual sort field (`meta.sort_field`) and display template (`meta.display_template`).
 */
export type TableSchema = CollectionSchema & { paths: FieldPath[]; primaryKey: string; sortField: string | null; template: string | null };

type CollectionMeta = { meta?: { display_template?: string | null; sort_field?: string | null } | null };

const USER_COLLECTIONS = new Set(['service_users', 'directus_users']);
const USERS_TEMPLATE = '{{ first_name }} {{ last_name }}';

type RawRelation = { collection: string; field: string; related_collection?: string | null };

/**
 * The fields and access of a collection (`GET /fields`, `GET /permissions/me`), its many-to-one relations
 * (`GET /relations`) and the fields of the collections they point at, as the paths the user may read. A related
 * collection whose fields cannot be read (a 403) just adds no paths.
 */
export async function readTableSchema(client: Client, collection: string): Promise<TableSchema> {
  const [fields, permissions, relations, info] = await Promise.all([
    readCollectionFields<RawFormField>(client, collection),
    readMyPermissions<Record<string, CollectionAccess | undefined>>(client),
    readCollectionRelations<RawRelation>(client, collection).catch(() => [] as RawRelation[]),
    readOneCollection<CollectionMeta>(client, collection).catch(() => null),
  ]);
  const own: CollectionSchema = { fields, access: permissions[collection] ?? {} };
  const links = manyToOnes(collection, relations).filter((link) => (permissions[link.related]?.read?.access ?? 'none') !== 'none');
  const targets = [...new Set(links.map((link) => link.related))];
  const related: Record<string, CollectionSchema> = {};
  const templates: Record<string, string | null> = {};
  await Promise.all(
    targets.map(async (target) => {
      try {
        const [targetFields, targetInfo] = await Promise.all([
          readCollectionFields<RawFormField>(client, target),
          readOneCollection<CollectionMeta>(client, target).catch(() => null),
        ]);
        related[target] = { fields: targetFields, access: permissions[target] ?? {} };
        templates[target] = targetInfo?.meta?.display_template ?? (USER_COLLECTIONS.has(target) ? USERS_TEMPLATE : null);
      } catch {
        // Not readable: no related paths through it.
      }
    }),
  );
  // Each many-to-one column reads as its related item's template: the field's own, else its collection's.
  const displays: Record<string, DisplayPlan> = {};
  for (const link of links) {
    const target = related[link.related];
    if (!target) continue;
    const meta = fields.find((f) => f.field === link.field)?.meta;
    const template = fieldTemplate(meta) ?? templates[link.related] ?? null;
    displays[link.field] = planDisplay(link.related, target.fields, template, (field) => allows(target.access.read, field));
  }
  const primaryKey = fields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
  return {
    ...own,
    paths: buildFieldPaths(own, links, related, displays),
    primaryKey,
    sortField: info?.meta?.sort_field ?? null,
    template: info?.meta?.display_template ?? null,
  };
}

/** Applies the same values to several items (`PATCH /items/<collection>` with `keys` and `data`). */
export async function updateMany(client: Client, collection: string, keys: string[], data: Record<string, unknown>): Promise<void> {
  await client.request(updateItems(collection, keys, data as never));
}
