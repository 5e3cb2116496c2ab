import { ADMIN_PERMISSIONS } from '../../../engine/permissions/admin-permissions.js';
import type { Context } from '../../../engine/context.js';
import { readByQuery } from '../../../engine/query/read-by-query.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { getAnyRelation } from '../../../engine/schema-overview/get-any-relation.js';
import { getFieldRelation } from '../../../engine/schema-overview/get-field-relation.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import type { Item, ItemsService, PrimaryKey } from '../items.types.js';
import type { PreparedPayload } from './prepare-payload.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

/**
 * Nested m2o objects: update the related item when the object names an existing key, else create it. A
 * many-to-any key field (`item`) does the same in the collection its neighbour field names (from the payload,
 * or for an update of `existing`, from the stored row), which must be one of the relation's collections.
 */
export async function writeManyToOne(
  ctx: Context,
  svc: ItemsService,
  collection: string,
  prepared: PreparedPayload,
  existing?: PrimaryKey,
): Promise<void> {
  for (const [field, nested] of Object.entries(prepared.nestedManyToOne)) {
    const relation = getFieldRelation(ctx.schema, collection, field);
    let target: string;
    if (relation?.kind === 'm2o') target = relation.related;
    else {
      const any = getAnyRelation(ctx.schema, collection, field);
      if (!any) continue;
      const named =
        prepared.columns[any.collectionField] ??
        (existing === undefined ? undefined : await storedValue(ctx, collection, existing, any.collectionField));
      if (typeof named !== 'string' || !any.allowed.includes(named)) {
        throw invalidPayload(
          `"${field}" is an object: "${any.collectionField}" must name one of ${any.allowed.map((c) => `"${c}"`).join(', ')}`,
        );
      }
      target = named;
    }
    const related = getCollection(ctx.schema, target);
    const key = nested[related.primary];
    let written: PrimaryKey;
    if (key !== undefined && key !== null && (await exists(ctx, target, key as PrimaryKey))) {
      const { [related.primary]: _pk, ...rest } = nested;
      if (Object.keys(rest).length > 0) await svc.updateMany(ctx, target, [key as PrimaryKey], rest);
      written = key as PrimaryKey;
    } else {
      written = await svc.createOne(ctx, target, nested);
    }
    // A many-to-any key is stored as text.
    prepared.columns[field] = relation?.kind === 'm2o' ? written : String(written);
  }
}

async function storedValue(ctx: Context, collection: string, key: PrimaryKey, field: string): Promise<unknown> {
  const pk = getCollection(ctx.schema, collection).primary;
  const result = await readByQuery({ ...ctx, permissions: ADMIN_PERMISSIONS }, collection, {
    fields: [field],
    filter: { [pk]: { _eq: key } },
    limit: 1,
  });
  return result.data[0]?.[field];
}

/**
 * o2m values: an array replaces the set of children (keys link, objects with a key update, objects without
 * create; children left out are unlinked, or deleted when the relation says so), or the detailed form
 * `{create, update, delete}` changes only what it names.
 */
export async function writeOneToMany(
  ctx: Context,
  svc: ItemsService,
  collection: string,
  parent: PrimaryKey,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    const relation = getFieldRelation(ctx.schema, collection, field);
    if (relation?.kind !== 'o2m') continue;
    const child = relation.relation.collection;
    const fk = relation.relation.field;
    const childPk = getCollection(ctx.schema, child).primary;
    const deselect = async (keys: PrimaryKey[]) => {
      if (keys.length === 0) return;
      if (relation.relation.oneDeselectAction === 'delete') await svc.deleteMany(ctx, child, keys);
      else await svc.updateMany(ctx, child, keys, { [fk]: null });
    };
    const save = async (entry: unknown): Promise<PrimaryKey> => {
      if (typeof entry === 'string' || typeof entry === 'number') {
        await svc.updateMany(ctx, child, [entry], { [fk]: parent });
        return entry;
      }
      if (!isPlainObject(entry)) throw invalidPayload(`Items of "${field}" must be keys or objects`);
      const key = entry[childPk];
      if (key !== undefined && key !== null) {
        const { [childPk]: _pk, ...rest } = entry;
        await svc.updateMany(ctx, child, [key as PrimaryKey], { ...rest, [fk]: parent });
        return key as PrimaryKey;
      }
      return svc.createOne(ctx, child, { ...entry, [fk]: parent });
    };

    if (Array.isArray(value)) {
      const kept: PrimaryKey[] = [];
      for (const entry of value) kept.push(await save(entry));
      const linked = await linkedChildren(ctx, child, fk, childPk, parent);
      const keptSet = new Set(kept.map(String));
      await deselect(linked.filter((k) => !keptSet.has(String(k))));
    } else if (isPlainObject(value)) {
      const { create = [], update = [], delete: remove = [] } = value as { create?: unknown; update?: unknown; delete?: unknown };
      if (!Array.isArray(create) || !Array.isArray(update) || !Array.isArray(remove)) {
        throw invalidPayload(`"${field}" must be an array, or an object with "create", "update" and "delete" arrays`);
      }
      for (const entry of create) {
        if (!isPlainObject(entry)) throw invalidPayload(`"${field}.create" must hold objects`);
        await svc.createOne(ctx, child, { ...entry, [fk]: parent });
      }
      for (const entry of update) {
        if (!isPlainObject(entry) || entry[childPk] === undefined)
          throw invalidPayload(`"${field}.update" must hold objects with "${childPk}"`);
        await save(entry);
      }
      const linked = new Set((await linkedChildren(ctx, child, fk, childPk, parent)).map(String));
      await deselect((remove as PrimaryKey[]).filter((k) => linked.has(String(k))));
    } else if (value !== null && value !== undefined) {
      throw invalidPayload(`"${field}" must be an array or an object`);
    }
  }
}

async function linkedChildren(ctx: Context, child: string, fk: string, childPk: string, parent: PrimaryKey): Promise<PrimaryKey[]> {
  const result = await readByQuery({ ...ctx, permissions: ADMIN_PERMISSIONS }, child, {
    fields: [childPk],
    filter: { [fk]: { _eq: parent } },
    limit: -1,
  });
  return result.data.map((row: Item) => row[childPk] as PrimaryKey);
}

async function exists(ctx: Context, collection: string, key: PrimaryKey): Promise<boolean> {
  const pk = getCollection(ctx.schema, collection).primary;
  try {
    const result = await readByQuery({ ...ctx, permissions: ADMIN_PERMISSIONS }, collection, {
      fields: [pk],
      filter: { [pk]: { _eq: key } },
      limit: 1,
    });
    return result.data.length > 0;
  } catch {
    return false;
  }
}
