import { readItem, readItems, readRelations, readUser, readUsers } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { readOneCollection } from '../api/shared-reads.js';
import { readAccess, readRawFields } from './content-api.js';
import { planDisplay, toOption, USERS_PLAN, type DisplayPlan, type PrimaryKey, type RelatedOption } from './display-value.js';
import { allows } from './form-fields.js';
import type { Link } from './many-to-many-changes.js';
import { relationsByField, type FieldRelation, type ManyToMany, type RawRelation } from './relations.js';

/** The relations of a collection's fields (`GET /relations`); none when the user may not read them. */
export async function readFieldRelations(client: Client, collection: string): Promise<Record<string, FieldRelation>> {
  try {
    return relationsByField((await client.request(readRelations())) as RawRelation[], collection);
  } catch {
    return {};
  }
}

/**
 * How the items of a related collection read (the field's own template, else the collection's), limited to the fields the user may read; null when they may
 * not read the collection (a picker then shows only the key).
 */
export async function readDisplayPlan(client: Client, collection: string, fieldTemplate?: string | null): Promise<DisplayPlan | null> {
  if (collection === 'service_users') return USERS_PLAN;
  if (collection.startsWith('service_') || collection.startsWith('directus_')) return null;
  const access = await readAccess(client, collection);
  if (!access.read || access.read.access === 'none') return null;
  const [fields, info] = await Promise.all([
    readRawFields(client, collection),
    readOneCollection<{ meta?: { display_template?: string | null } | null }>(client, collection).catch(() => null),
  ]);
  const template = fieldTemplate ?? info?.meta?.display_template ?? null;
  return planDisplay(collection, fields, template, (field) => allows(access.read, field));
}

type Query = { search?: string; filter?: Record<string, unknown>; limit: number };

async function readRows(client: Client, plan: DisplayPlan, query: Query): Promise<Record<string, unknown>[]> {
  const options = {
    fields: plan.fields,
    limit: query.limit,
    sort: [plan.primaryKey],
    ...(query.search ? { search: query.search } : {}),
    ...(query.filter ? { filter: query.filter } : {}),
  };
  if (plan.collection === 'service_users') return (await client.request(readUsers(options as never))) as Record<string, unknown>[];
  return (await client.request(readItems(plan.collection, options as never))) as Record<string, unknown>[];
}

/** Related items matching a search (`search`, the same as the items table), as picker options. */
export async function searchRelated(client: Client, plan: DisplayPlan, search: string, limit = 10): Promise<RelatedOption[]> {
  const rows = await readRows(client, plan, { search: search.trim(), limit });
  return rows.map((row) => toOption(plan, row));
}

/** One related item as an option; its bare key when it cannot be read. */
export async function readRelatedOption(client: Client, plan: DisplayPlan, key: PrimaryKey): Promise<RelatedOption> {
  try {
    const row =
      plan.collection === 'service_users'
        ? ((await client.request(readUser(String(key), { fields: plan.fields }))) as Record<string, unknown>)
        : ((await client.request(readItem(plan.collection, key, { fields: plan.fields }))) as Record<string, unknown>);
    return toOption(plan, row);
  } catch {
    return { key, text: String(key) };
  }
}

/** The children of a one-to-many list: the items whose foreign key points at `parent` (up to 200). */
export async function readChildren(client: Client, plan: DisplayPlan, foreignKey: string, parent: PrimaryKey): Promise<RelatedOption[]> {
  const rows = await readRows(client, plan, { filter: { [foreignKey]: { _eq: parent } }, limit: 200 });
  return rows.map((row) => toOption(plan, row));
}

/** The display text of the given keys of a collection, for those the user may read (others are left out). */
export async function readOptions(client: Client, plan: DisplayPlan, keys: PrimaryKey[]): Promise<Map<string, string>> {
  const unique = [...new Set(keys.map(String))];
  if (unique.length === 0) return new Map();
  const rows = await readRows(client, plan, { filter: { [plan.primaryKey]: { _in: unique } }, limit: unique.length });
  return new Map(rows.map((row) => [String(row[plan.primaryKey]), toOption(plan, row).text]));
}

/**
 * The links of a many-to-many field: the junction rows pointing at `parent`, each with its related item read
 * through the junction (`tags_id.id`, `tags_id.name`: the display plan's fields), up to 200, in the junction's
 * order. A row whose related item is gone or unreadable shows its key.
 */
export async function readLinks(client: Client, plan: DisplayPlan, relation: ManyToMany, parent: PrimaryKey): Promise<Link[]> {
  const junctionFields = await readRawFields(client, relation.junction);
  const junctionKey = junctionFields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
  const rows = (await client.request(
    readItems(relation.junction, {
      fields: [junctionKey, ...plan.fields.map((field) => `${relation.relatedField}.${field}`)],
      filter: { [relation.parentField]: { _eq: parent } },
      sort: [junctionKey],
      limit: 200,
    } as never),
  )) as Record<string, unknown>[];
  return rows.map((row) => {
    const related = row[relation.relatedField];
    const option =
      related !== null && typeof related === 'object'
        ? toOption(plan, related as Record<string, unknown>)
        : { key: (related ?? '') as PrimaryKey, text: String(related ?? '—') };
    return { junctionKey: row[junctionKey] as PrimaryKey, option };
  });
}
