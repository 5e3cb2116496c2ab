import { asSystem, type Context } from '../../engine/context.js';
import { getCollection, hasCollection } from '../../engine/schema-overview/get-collection.js';
import { forbidden, invalidPayload, unprocessableContent } from '../../kernel/errors/index.js';
import { isSystemCollection } from '../../kernel/system/system-collections.js';
import { isPlainObject } from '../../kernel/values/index.js';
import type { CollectionBehaviour, Item, ItemsService, PrimaryKey } from '../items/index.js';
import { assertItemAccess } from '../items/operations/assert-item-access.js';
import { validateKeys } from '../items/operations/validate-keys.js';
import { hashItem } from './hash-item.js';

export const VERSIONS = 'service_versions';

/** The key `?version=` reserves for the item itself. */
export const MAIN_VERSION = 'main';

const CREATE_FIELDS = new Set(['key', 'name', 'collection', 'item']);
const UPDATE_FIELDS = new Set(['key', 'name']);

export type VersionsDeps = { items: () => ItemsService };

/**
 * Content versions (`service_versions`), on every write path. A new version names an item of a user collection
 * with versioning on, which the writer may update (its own update rules, decision 0101), and a key (not `main`)
 * that item has no version under yet; it remembers the item's hash. Callers change only `key` and `name`; the
 * delta changes through save (modules/versions) — an administrator's PATCH may set it directly, as in Directus.
 */
export function versionsBehaviour(deps: VersionsDeps): CollectionBehaviour {
  return {
    async beforeWrite(ctx, { action, payload, keys }) {
      if (action === 'update') {
        if (!ctx.permissions.admin) onlyFields(payload, UPDATE_FIELDS);
        if ('name' in payload) checkName(payload.name);
        if ('delta' in payload && payload.delta !== null && !isPlainObject(payload.delta))
          throw invalidPayload('"delta" must be an object');
        if ('key' in payload) {
          checkKey(payload.key);
          for (const key of keys) {
            const version = await deps.items().readOne(asSystem(ctx), VERSIONS, key, { fields: ['collection', 'item'] });
            await assertKeyFree(ctx, deps.items(), String(version.collection), String(version.item), payload.key as string, key);
          }
        }
        return payload;
      }
      onlyFields(payload, CREATE_FIELDS);
      checkKey(payload.key);
      if ('name' in payload) checkName(payload.name);
      const { collection, item } = payload;
      if (typeof collection !== 'string' || collection === '') throw invalidPayload('"collection" is required');
      if ((typeof item !== 'string' && typeof item !== 'number') || item === '') throw invalidPayload('"item" is required');
      await assertVersionable(ctx, deps.items(), collection);
      const [key] = validateKeys(getCollection(ctx.schema, collection), [item], null);
      await assertItemAccess(ctx, collection, 'update', [key!]);
      await assertKeyFree(ctx, deps.items(), collection, String(key), payload.key as string, null);
      return { ...payload, item: String(key), hash: await mainHash(ctx, deps.items(), collection, key!) };
    },
  };
}

function onlyFields(payload: Item, allowed: Set<string>): void {
  const other = Object.keys(payload).filter((field) => !allowed.has(field));
  if (other.length > 0) throw invalidPayload(`"${other[0]}" is not allowed`);
}

function checkKey(key: unknown): void {
  if (typeof key !== 'string' || key.trim() === '') throw invalidPayload('"key" must be a non-empty string');
  if (key.length > 64) throw invalidPayload('"key" must be at most 64 characters');
  if (key === MAIN_VERSION) throw invalidPayload(`"${MAIN_VERSION}" is a reserved version key`);
}

function checkName(name: unknown): void {
  if (name !== null && typeof name !== 'string') throw invalidPayload('"name" must be a string');
}

/** The collection is a user collection with content versioning on (422 otherwise; 403 when it is not readable). */
export async function assertVersionable(ctx: Context, items: ItemsService, collection: string): Promise<void> {
  if (!hasCollection(ctx.schema, collection) || isSystemCollection(collection)) throw forbidden();
  const meta = await items.readByQuery(asSystem(ctx), 'service_collections', {
    filter: { collection: { _eq: collection } },
    fields: ['versioning'],
    limit: 1,
  });
  const versioning = meta.data[0]?.versioning;
  if (versioning !== true && versioning !== 1 && versioning !== '1')
    throw unprocessableContent(`Content Versioning is not enabled for collection "${collection}"`);
}

async function assertKeyFree(
  ctx: Context,
  items: ItemsService,
  collection: string,
  item: string,
  key: string,
  except: PrimaryKey | null,
): Promise<void> {
  const existing = await items.readByQuery(asSystem(ctx), VERSIONS, {
    filter: { _and: [{ collection: { _eq: collection } }, { item: { _eq: item } }, { key: { _eq: key } }] },
    fields: ['id'],
    limit: -1,
  });
  if (existing.data.some((row) => String(row.id) !== String(except)))
    throw unprocessableContent(`Version "${key}" already exists for item "${item}" in collection "${collection}"`);
}

/**
 * The hash of the main item as it is stored: its column fields read as the system, so it is the same whoever asks
 * (alias fields are left out: the order of an o2m list is no change of the item).
 */
export async function mainHash(ctx: Context, items: ItemsService, collection: string, item: PrimaryKey): Promise<string> {
  const fields = Object.values(getCollection(ctx.schema, collection).fields)
    .filter((field) => field.type !== 'alias')
    .map((field) => field.field);
  return hashItem(await items.readOne(asSystem(ctx), collection, item, { fields }));
}
