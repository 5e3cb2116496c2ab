import { asSystem, withTransaction, type Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import type { Query } from '../../engine/query/query.types.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';
import type { AuditRecorder } from '../../engine/audit-recorder.js';
import { getFieldRelation } from '../../engine/schema-overview/get-field-relation.js';
import { emitAfterCommit } from '../../engine/write-events.js';
import { isAppError } from '../../kernel/errors/app-error.js';
import {
  forbidden,
  forbiddenAction,
  invalidPayload,
  invalidQuery,
  unprocessableContent,
  versionHashMismatch,
} from '../../kernel/errors/index.js';
import { isPlainObject, isUuid } from '../../kernel/values/index.js';
import type { Item, ItemsService, PrimaryKey } from '../items/index.js';
import { assertItemAccess } from '../items/operations/assert-item-access.js';
import { validateKeys } from '../items/operations/validate-keys.js';
import { VERSIONS, mainHash } from './versions.behaviours.js';

export type VersionsServiceDeps = { items: ItemsService; audit: AuditRecorder };

type Version = { id: string; key: string; collection: string; item: string; hash: string | null; delta: Item | null };

export type Comparison = { outdated: boolean; mainHash: string; current: Item; main: Item };

/** Thrown inside the transaction of a versioned read to roll its trial write back. */
class RolledBack extends Error {
  constructor(readonly result: Item) {
    super('rolled back');
  }
}

/**
 * Content versions beyond their CRUD (which is the items service's, with versionsBehaviour): saving changes into a
 * version, comparing it with its item, promoting it through the item's normal write path, and reading an item as
 * a version has it. Saves and promotes run under the item's own update rules (decision 0101).
 */
export function createVersionsService(deps: VersionsServiceDeps) {
  const { items, audit } = deps;

  /** The version (read under the caller's rules on service_versions; 403 when missing or hidden). */
  const readVersion = async (ctx: Context, id: unknown): Promise<Version> => {
    if (!isUuid(id)) throw forbidden();
    const row = await items.readOne(ctx, VERSIONS, id.toLowerCase(), { fields: ['id', 'key', 'collection', 'item', 'hash', 'delta'] });
    return row as unknown as Version;
  };

  const itemKey = (ctx: Context, version: Version): PrimaryKey =>
    validateKeys(getCollection(ctx.schema, version.collection), [version.item], null)[0]!;

  return {
    /**
     * Merges `delta` into the version's delta (one level: a field given replaces the version's value of it) and
     * answers the main item with the merged delta over it, as Directus does. The delta's fields must exist and be
     * fields the caller may update on that item; its values are checked when it is promoted.
     */
    async save(ctx: Context, id: unknown, delta: unknown): Promise<Item> {
      if (!isPlainObject(delta)) throw invalidPayload('The payload must be an object of field values');
      return withTransaction(ctx, async (trx) => {
        const version = await readVersion(trx, id);
        const overview = getCollection(trx.schema, version.collection);
        const key = itemKey(trx, version);
        const fields = Object.keys(delta);
        const unknown = fields.filter((field) => !Object.hasOwn(overview.fields, field));
        if (unknown.length > 0) {
          if (!trx.permissions.admin) throw forbiddenAction('update', version.collection, unknown);
          throw invalidPayload(
            `Field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')} not in collection "${version.collection}"`,
          );
        }
        if (fields.includes(overview.primary) && String(delta[overview.primary]) !== String(key))
          throw invalidPayload(`The primary key "${overview.primary}" of a version's item can't change`);
        const access = getAccess(trx.permissions, version.collection, 'update');
        if (!access) throw forbiddenAction('update', version.collection);
        if (access.kind === 'rules' && access.fields !== '*') {
          const allowed = access.fields;
          const denied = fields.filter((field) => !allowed.has(field));
          if (denied.length > 0) throw forbiddenAction('update', version.collection, denied);
        }
        await assertItemAccess(trx, version.collection, 'update', [key], fields);
        // The version itself: the caller's update rule on service_versions must let them write its delta.
        await assertItemAccess(trx, VERSIONS, 'update', [version.id], ['delta']);
        const merged = { ...(version.delta ?? {}), ...delta };
        await items.updateOne(asSystem(trx), VERSIONS, version.id, { delta: merged });
        await audit.recordEvent(trx, { action: 'version_save', collection: version.collection, item: version.item });
        const main = await items.readOne(trx, version.collection, key);
        return { ...main, ...merged };
      });
    },

    /** The main item, the version's delta, and whether the item has changed since the version was made. */
    async compare(ctx: Context, id: unknown): Promise<Comparison> {
      const version = await readVersion(ctx, id);
      const key = itemKey(ctx, version);
      const main = await items.readOne(ctx, version.collection, key);
      const hash = await mainHash(ctx, items, version.collection, key);
      return { outdated: hash !== version.hash, mainHash: hash, current: version.delta ?? {}, main };
    },

    /**
     * Writes the version's delta (or the `fields` of it) to its item through the items service — the caller's
     * rules, presets and validation, activity, revisions and events — after checking `mainHash` (required).
     * Answers the item's key; the version stays (Directus; the admin app deletes it after a promote).
     */
    async promote(ctx: Context, id: unknown, body: unknown): Promise<PrimaryKey> {
      const options = body === undefined || body === null ? {} : body;
      if (!isPlainObject(options)) throw invalidPayload('The payload must be an object');
      const { mainHash: expected, fields } = options;
      // Required, as in Directus: a promote says which state of the item it was decided on.
      if (typeof expected !== 'string') throw invalidPayload('"mainHash" field is required');
      if (fields !== undefined && (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string')))
        throw invalidPayload('"fields" must be an array of field names');
      return withTransaction(ctx, async (trx) => {
        const version = await readVersion(trx, id);
        const key = itemKey(trx, version);
        const delta = version.delta ?? {};
        const payload = fields
          ? Object.fromEntries(Object.entries(delta).filter(([field]) => (fields as string[]).includes(field)))
          : delta;
        // The caller may update this item (its hash is no business of anyone else's).
        await assertItemAccess(trx, version.collection, 'update', [key]);
        if (Object.keys(payload).length === 0) throw unprocessableContent('No changes to promote');
        const current = await mainHash(trx, items, version.collection, key);
        if (current !== expected) throw versionHashMismatch(current);
        const names = ['items.promote', `${version.collection}.items.promote`];
        const meta = { collection: version.collection, item: key, version: version.id };
        const written =
          trx.emitEvents !== false && trx.events.hasFilter(names) ? await trx.events.filter(names, payload, meta, trx) : payload;
        const updated = await items.updateOne(trx, version.collection, key, written);
        if (trx.emitEvents !== false) emitAfterCommit(trx, names, { ...meta, item: updated, payload: written });
        return updated;
      });
    },

    /**
     * The item `key` of `collection` as version `versionKey` has it, read with `query` under the caller's rules:
     * the version's delta is written to the item (as the system, no events, no trail) in a transaction that is
     * rolled back after the read, so relations and nested changes read as they will after a promote. 403 when the
     * caller can't read the version or the item.
     */
    async readVersioned(ctx: Context, collection: string, key: PrimaryKey, versionKey: unknown, query: Query): Promise<Item> {
      if (typeof versionKey !== 'string' || versionKey === '') throw invalidQuery('"version" must be a version key');
      const [item] = validateKeys(getCollection(ctx.schema, collection), [key], null);
      const found = await items.readByQuery(ctx, VERSIONS, {
        filter: { _and: [{ collection: { _eq: collection } }, { item: { _eq: String(item) } }, { key: { _eq: versionKey } }] },
        fields: ['delta'],
        limit: 1,
      });
      if (found.data.length === 0) throw forbidden();
      const delta = (found.data[0]!.delta ?? {}) as Item;
      if (Object.keys(delta).length === 0) return items.readOne(ctx, collection, item!, query);
      try {
        await withTransaction(ctx, async (trx) => {
          await items.updateOne({ ...asSystem(trx), emitEvents: false }, collection, item!, delta);
          throw new RolledBack(await items.readOne(trx, collection, item!, query));
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.result;
        if (!isAppError(error) || error.status === 403) throw error;
      }
      // A delta the item no longer accepts (a field's rules changed since): its plain values over the main item.
      const main = await items.readOne(ctx, collection, item!, query);
      const plain = Object.keys(main).filter((field) => field in delta && !getFieldRelation(ctx.schema, collection, field));
      return { ...main, ...Object.fromEntries(plain.map((field) => [field, delta[field]])) };
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
