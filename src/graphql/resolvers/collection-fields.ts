import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { getAccess } from '../../engine/permissions/get-access.js';
import { forbidden, isAppError } from '../../kernel/errors/index.js';
import type { ItemsService, PrimaryKey } from '../../modules/items/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';
import type { ExposedCollection } from '../schema/exposed-collections.js';
import type { TypeRegistry } from '../schema/type-registry.js';
import { shapedRootField } from '../execution/shaped-root-field.js';
import { aggregateQueryOf, queryOf } from './selection-to-query.js';

type Field = GraphQLFieldConfig<unknown, GraphqlContext, Record<string, unknown>>;
type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

const DELETE_ONE = new GraphQLObjectType({ name: 'delete_one', fields: { id: { type: GraphQLID } } });
const DELETE_MANY = new GraphQLObjectType({ name: 'delete_many', fields: { ids: { type: new GraphQLList(GraphQLID) } } });

/**
 * Root query fields of one collection: `<name>`, `<name>_by_id`, `<name>_aggregated` (a singleton: `<name>` only).
 * With `readVersion` (user collections), `<name>_by_id` and a singleton's `<name>` take Directus's `version`
 * argument: the item as that content version has it.
 */
export function collectionQueryFields(
  registry: TypeRegistry,
  items: ItemsService,
  exposed: ExposedCollection,
  readVersion?: GraphqlDeps['readVersion'],
): Fields {
  const { collection, rootName } = exposed;
  const type = registry.objectType(collection);
  if (!rootName || !type) return {};
  const primary = registry.overview(collection).primary;

  if (exposed.singleton) {
    return {
      [rootName]: shapedRootField({
        type,
        ...(readVersion ? { args: { version: { type: GraphQLString } } } : {}),
        resolve: async (_s, args, { ctx }, info) => {
          const { version, ...rest } = args;
          const query = queryOf(ctx, info, rest, primary);
          if (!readVersion || version === undefined || version === null || version === 'main')
            return items.readSingleton(ctx, collection, query);
          const key = (await items.readSingleton(ctx, collection, { fields: [primary] }))[primary];
          if (key === null || key === undefined) throw forbidden();
          return readVersion(ctx, collection, key as PrimaryKey, version, query);
        },
      }),
    };
  }
  return {
    [rootName]: shapedRootField({
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))),
      args: registry.listArgs(collection),
      // The rows are only read, never changed: an unchanged earlier result may serve them (decision 0033).
      resolve: async (_s, args, { ctx }, info) =>
        (await items.readByQuery(ctx, collection, queryOf(ctx, info, args, primary), { reuse: true })).data,
    }),
    [`${rootName}_by_id`]: shapedRootField({
      type,
      args: { id: { type: new GraphQLNonNull(GraphQLID) }, ...(readVersion ? { version: { type: GraphQLString } } : {}) },
      resolve: async (_s, args, { ctx }, info) => {
        const query = queryOf(ctx, info, {}, primary);
        const { version } = args;
        if (!readVersion || version === undefined || version === null || version === 'main')
          return items.readOne(ctx, collection, args.id as PrimaryKey, query);
        return readVersion(ctx, collection, args.id as PrimaryKey, version, query);
      },
    }),
    [`${rootName}_aggregated`]: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(registry.aggregatedType(collection)))),
      args: { ...registry.listArgs(collection), groupBy: { type: new GraphQLList(GraphQLString) } },
      resolve: async (_s, args, { ctx }, info) => {
        const query = aggregateQueryOf(ctx, info, args);
        const rows = (await items.readByQuery(ctx, collection, query)).data;
        return rows.map((row) => toAggregated(row, query.group ?? []));
      },
    },
  };
}

/** `{action: 'create', count: {id: 3}}` → `{group: {action: 'create'}, count: {id: 3}}`. */
function toAggregated(row: Record<string, unknown>, group: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const field of group) delete out[field];
  out.group = Object.fromEntries(group.map((field) => [field, row[field]]));
  return out;
}

/**
 * Root mutation fields of one collection, each only when the caller holds the permission:
 * `create_<name>_item(s)`, `update_<name>_item(s)`, `update_<name>_batch`, `delete_<name>_item(s)`
 * (a singleton: `update_<name>`). Results are read back with the caller's permissions, like REST.
 */
export function collectionMutationFields(registry: TypeRegistry, items: ItemsService, exposed: ExposedCollection): Fields {
  const { collection, rootName } = exposed;
  if (!rootName || exposed.readOnly) return {};
  const { permissions } = registry;
  const type = registry.objectType(collection);
  const primary = registry.overview(collection).primary;
  const out: Fields = {};
  const createInput = registry.inputType(collection, 'create');
  const updateInput = registry.inputType(collection, 'update');
  const listArgs = type ? registry.listArgs(collection) : {};

  /** The written item read back as selected; null (or []) when the caller may not read it (REST answers 204). */
  const readBack = async (read: () => Promise<unknown>, empty: unknown) => {
    if (!type) return true;
    try {
      return await read();
    } catch (error) {
      if (isAppError(error) && error.status === 403) return empty;
      throw error;
    }
  };
  const one =
    (write: (args: Record<string, unknown>, gctx: GraphqlContext) => Promise<PrimaryKey>): Field['resolve'] =>
    async (_source, args, gctx, info) => {
      const key = await write(args, gctx);
      return readBack(() => items.readOne(gctx.ctx, collection, key, queryOf(gctx.ctx, info, {}, primary)), null);
    };
  const many =
    (write: (args: Record<string, unknown>, gctx: GraphqlContext) => Promise<PrimaryKey[]>): Field['resolve'] =>
    async (_source, args, gctx, info) => {
      const keys = await write(args, gctx);
      return readBack(() => items.readMany(gctx.ctx, collection, keys, queryOf(gctx.ctx, info, args, primary)), []);
    };
  const itemType = type ?? GraphQLBoolean;
  const listType = type ? new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))) : GraphQLBoolean;

  if (exposed.singleton) {
    if (updateInput && getAccess(permissions, collection, 'update')) {
      out[`update_${rootName}`] = {
        type: itemType,
        args: { data: { type: new GraphQLNonNull(updateInput) } },
        resolve: async (_s, args, gctx, info) => {
          await items.upsertSingleton(gctx.ctx, collection, args.data);
          return readBack(() => items.readSingleton(gctx.ctx, collection, queryOf(gctx.ctx, info, {}, primary)), null);
        },
      };
    }
    return out;
  }

  if (createInput && getAccess(permissions, collection, 'create')) {
    out[`create_${rootName}_items`] = {
      type: listType,
      args: { ...listArgs, data: { type: new GraphQLList(new GraphQLNonNull(createInput)) } },
      resolve: many((args, { ctx }) => items.createMany(ctx, collection, (args.data as unknown[] | null) ?? [])),
    };
    out[`create_${rootName}_item`] = {
      type: itemType,
      args: { data: { type: new GraphQLNonNull(createInput) } },
      resolve: one((args, { ctx }) => items.createOne(ctx, collection, args.data)),
    };
  }
  if (updateInput && getAccess(permissions, collection, 'update')) {
    out[`update_${rootName}_items`] = {
      type: listType,
      args: { ...listArgs, ids: { type: new GraphQLNonNull(new GraphQLList(GraphQLID)) }, data: { type: new GraphQLNonNull(updateInput) } },
      resolve: many((args, { ctx }) => items.updateMany(ctx, collection, args.ids as PrimaryKey[], args.data)),
    };
    out[`update_${rootName}_batch`] = {
      type: listType,
      args: { ...listArgs, data: { type: new GraphQLList(new GraphQLNonNull(updateInput)) } },
      resolve: many((args, { ctx }) => items.updateBatch(ctx, collection, (args.data as unknown[] | null) ?? [])),
    };
    out[`update_${rootName}_item`] = {
      type: itemType,
      args: { id: { type: new GraphQLNonNull(GraphQLID) }, data: { type: new GraphQLNonNull(updateInput) } },
      resolve: one((args, { ctx }) => items.updateOne(ctx, collection, args.id as PrimaryKey, args.data)),
    };
  }
  if (getAccess(permissions, collection, 'delete')) {
    out[`delete_${rootName}_items`] = {
      type: DELETE_MANY,
      args: { ids: { type: new GraphQLNonNull(new GraphQLList(GraphQLID)) } },
      resolve: async (_s, args, { ctx }) => {
        await items.deleteMany(ctx, collection, args.ids as PrimaryKey[]);
        return { ids: args.ids };
      },
    };
    out[`delete_${rootName}_item`] = {
      type: DELETE_ONE,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: async (_s, args, { ctx }) => {
        await items.deleteOne(ctx, collection, args.id as PrimaryKey);
        return { id: args.id };
      },
    };
  }
  return out;
}
