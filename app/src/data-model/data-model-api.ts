import {
  createCollection,
  createField,
  createRelation,
  deleteCollection,
  deleteField,
  readCollections,
  readFieldsByCollection,
  readRelations,
  updateCollection,
  updateField,
  updateRelation,
} from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { RelationRow } from './deletion-summary.js';
import type { ApiField, FieldPayload } from './field-draft.js';
import type { PlanStep } from './relation-plan.js';
import { t } from '../i18n/t.js';

/** The data model's SDK calls (`/collections`, `/fields`, `/relations`). */

export type CollectionRow = {
  collection: string;
  meta?: {
    note?: string | null;
    hidden?: boolean | null;
    singleton?: boolean | null;
    icon?: string | null;
    color?: string | null;
  } | null;
  schema?: unknown;
};

/** The user collections (not `service_*`), by name; folders (no `schema`) are left out. */
export async function readUserCollections(client: Client): Promise<CollectionRow[]> {
  const all = (await client.request(readCollections())) as CollectionRow[];
  return all
    .filter(
      (c) => !c.collection.startsWith('service_') && !c.collection.startsWith('directus_') && c.schema !== null && c.schema !== undefined,
    )
    .sort((a, b) => a.collection.localeCompare(b.collection));
}

export async function readFields(client: Client, collection: string): Promise<ApiField[]> {
  return (await client.request(readFieldsByCollection(collection))) as ApiField[];
}

export async function readAllRelations(client: Client): Promise<RelationRow[]> {
  return (await client.request(readRelations())) as RelationRow[];
}

export async function addCollection(client: Client, payload: Record<string, unknown>): Promise<void> {
  await client.request(createCollection(payload));
}

/** Saves a collection's icon and colour (`meta.icon`, `meta.color`; null for none), its other settings kept. */
export async function saveCollectionLook(
  client: Client,
  collection: string,
  look: { icon: string | null; color: string | null },
): Promise<void> {
  await client.request(updateCollection(collection, { meta: look }));
}

export async function removeCollection(client: Client, collection: string): Promise<void> {
  await client.request(deleteCollection(collection));
}

export async function addField(client: Client, collection: string, payload: FieldPayload): Promise<void> {
  await client.request(createField(collection, payload));
}

/** Saves a field's changes (its interface, options and display as the editor has them); its name stays (Directus fields cannot be renamed). */
export async function saveField(client: Client, collection: string, original: ApiField, payload: FieldPayload): Promise<void> {
  const meta = { ...payload.meta };
  // Keep the field's own `special` flags unless its type changes (they may carry more than the type).
  if (payload.type === original.type) delete meta.special;
  if (payload.type === 'alias') await client.request(updateField(collection, original.field, { meta }));
  else await client.request(updateField(collection, original.field, { type: payload.type, schema: payload.schema, meta }));
}

export async function removeField(client: Client, collection: string, field: string): Promise<void> {
  await client.request(deleteField(collection, field));
}

/** Runs the steps of a relational field in order (the first refusal stops it and is thrown). */
export async function runPlan(client: Client, steps: PlanStep[]): Promise<void> {
  for (const step of steps) {
    if (step.action === 'createCollection') await client.request(createCollection(step.body));
    else if (step.action === 'createField') await client.request(createField(step.collection, step.body));
    else if (step.action === 'updateRelation') await client.request(updateRelation(step.collection, step.field, step.body));
    else await client.request(createRelation(step.body));
  }
}

/** The on-delete rules a foreign key may have (the relation form's choices). */
const ON_DELETE_RULES = ['SET NULL', 'CASCADE', 'RESTRICT', 'NO ACTION', 'SET DEFAULT'] as const;

export async function changeOnDelete(client: Client, relation: RelationRow, onDelete: string): Promise<void> {
  const rule = ON_DELETE_RULES.find((known) => known === onDelete);
  if (!rule) throw new Error(t('Unknown on-delete rule "{rule}".', { rule: onDelete }));
  await client.request(updateRelation(relation.collection, relation.field, { schema: { on_delete: rule } }));
}

/** The primary key type of every collection (for the type of a foreign key). */
export async function primaryKeyTypes(client: Client, collections: string[]): Promise<Record<string, string>> {
  const types: Record<string, string> = {};
  await Promise.all(
    collections.map(async (collection) => {
      const fields = await readFields(client, collection);
      const key = fields.find((f) => f.schema?.is_primary_key);
      if (key) types[collection] = key.type;
    }),
  );
  return types;
}
