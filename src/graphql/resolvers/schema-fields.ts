import {
  GraphQLBoolean,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import { getAccess } from '../../engine/permissions/get-access.js';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import { SYSTEM_COLLECTIONS } from '../../kernel/system/system-collections.js';
import { readCollection, readCollections, readField, readFields, readRelation, readRelations } from '../../modules/collections/index.js';
import type { SchemaDeps } from '../../modules/collections/index.js';
import type { GraphqlContext } from '../graphql.types.js';
import { GraphQLJSON } from '../schema/scalars.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;
const str = GraphQLString;
const NAME = new GraphQLNonNull(GraphQLString);

/** The `meta` object of a collection, field or relation: the columns of its service_* table, typed as declared. */
function metaType(collection: string): GraphQLObjectType {
  const spec = SYSTEM_COLLECTIONS.find((s) => s.collection === collection)!;
  return new GraphQLObjectType({
    name: `${collection}_meta`,
    fields: () =>
      Object.fromEntries(
        Object.entries(spec.fields).map(([name, field]): [string, { type: GraphQLOutputType }] => {
          const type =
            field.type === 'boolean'
              ? GraphQLBoolean
              : field.type === 'integer'
                ? GraphQLInt
                : field.type === 'csv'
                  ? new GraphQLList(GraphQLString)
                  : field.type === 'json'
                    ? GraphQLJSON
                    : GraphQLString;
          return [name, { type }];
        }),
      ),
  });
}

function schemaTypes() {
  const collection = new GraphQLObjectType({
    name: 'service_collections',
    fields: {
      collection: { type: str },
      meta: { type: metaType('service_collections') },
      schema: { type: new GraphQLObjectType({ name: 'service_collections_schema', fields: { name: { type: str } } }) },
    },
  });
  const field = new GraphQLObjectType({
    name: 'service_fields',
    fields: {
      collection: { type: str },
      field: { type: str },
      type: { type: str },
      meta: { type: metaType('service_fields') },
      schema: {
        type: new GraphQLObjectType({
          name: 'service_fields_schema',
          fields: {
            name: { type: str },
            table: { type: str },
            data_type: { type: str },
            default_value: { type: GraphQLJSON },
            max_length: { type: GraphQLInt },
            numeric_precision: { type: GraphQLInt },
            numeric_scale: { type: GraphQLInt },
            is_nullable: { type: GraphQLBoolean },
            is_unique: { type: GraphQLBoolean },
            is_indexed: { type: GraphQLBoolean },
            is_primary_key: { type: GraphQLBoolean },
            is_generated: { type: GraphQLBoolean },
            generation_expression: { type: str },
            has_auto_increment: { type: GraphQLBoolean },
            foreign_key_table: { type: str },
            foreign_key_column: { type: str },
          },
        }),
      },
    },
  });
  const relation = new GraphQLObjectType({
    name: 'service_relations',
    fields: {
      collection: { type: str },
      field: { type: str },
      related_collection: { type: str },
      meta: { type: metaType('service_relations') },
      schema: {
        type: new GraphQLObjectType({
          name: 'service_relations_schema',
          fields: {
            table: { type: str },
            column: { type: str },
            foreign_key_table: { type: str },
            foreign_key_column: { type: str },
            constraint_name: { type: str },
            on_update: { type: str },
            on_delete: { type: str },
          },
        }),
      },
    },
  });
  return { collection, field, relation };
}

/**
 * `collections`, `collections_by_name`, `fields`, `fields_in_collection`, `fields_by_name`, `relations`,
 * `relations_in_collection` and `relations_by_name` (Directus's names), each for callers who may read the meta
 * collection behind it, and each through the same service as `GET /collections`, `/fields` and `/relations`:
 * the same answers, the same row filtering (only what the caller may read) and the same FORBIDDEN.
 */
export function schemaQueryFields(permissions: PermissionSet, deps: SchemaDeps): Fields {
  const readable = (collection: string) => permissions.admin || getAccess(permissions, collection, 'read') !== null;
  const types = schemaTypes();
  const out: Fields = {};
  if (readable('service_collections')) {
    out.collections = { type: new GraphQLList(types.collection), resolve: (_s, _a, { ctx }) => readCollections(ctx, deps) };
    out.collections_by_name = {
      type: types.collection,
      args: { name: { type: NAME } },
      resolve: (_s, args: { name: string }, { ctx }) => readCollection(ctx, deps, args.name),
    };
  }
  if (readable('service_fields')) {
    out.fields = { type: new GraphQLList(types.field), resolve: (_s, _a, { ctx }) => readFields(ctx, deps) };
    out.fields_in_collection = {
      type: new GraphQLList(types.field),
      args: { collection: { type: NAME } },
      resolve: (_s, args: { collection: string }, { ctx }) => readFields(ctx, deps, args.collection),
    };
    out.fields_by_name = {
      type: types.field,
      args: { collection: { type: NAME }, field: { type: NAME } },
      resolve: (_s, args: { collection: string; field: string }, { ctx }) => readField(ctx, deps, args.collection, args.field),
    };
  }
  if (readable('service_relations')) {
    out.relations = { type: new GraphQLList(types.relation), resolve: (_s, _a, { ctx }) => readRelations(ctx, deps) };
    out.relations_in_collection = {
      type: new GraphQLList(types.relation),
      args: { collection: { type: NAME } },
      resolve: (_s, args: { collection: string }, { ctx }) => readRelations(ctx, deps, args.collection),
    };
    out.relations_by_name = {
      type: types.relation,
      args: { collection: { type: NAME }, field: { type: NAME } },
      resolve: (_s, args: { collection: string; field: string }, { ctx }) => readRelation(ctx, deps, args.collection, args.field),
    };
  }
  return out;
}
