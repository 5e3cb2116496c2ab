import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
} from 'graphql';
import { canAccessField, getAccess } from '../../engine/permissions/get-access.js';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import { getAnyRelation } from '../../engine/schema-overview/get-any-relation.js';
import { getFieldRelation } from '../../engine/schema-overview/get-field-relation.js';
import type { CollectionOverview, FieldOverview, SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import type { GraphqlContext } from '../graphql.types.js';
import { buildAggregatedType } from './aggregate-types.js';
import { isGraphqlName, type ExposedCollection } from './exposed-collections.js';
import { metaExtensions } from './field-meta.js';
import { filterOperatorsFor } from './filter-operator-types.js';
import { GraphQLJSON } from './scalars.js';
import { functionTypeOf, functionValues, inputScalarOf, outputScalarOf } from './scalar-types.js';

/**
 * The collection each many-to-any value was read from, for the union's resolveType. Beside the value, not on it:
 * a read's result may be frozen and shared by later reads (decision 0033).
 */
const anyCollections = new WeakMap<object, string>();

/** The nested item of a many-to-any field, tagged with its collection; null when it is not an object (a bare key, a gap). */
function tagCollection(value: unknown, collection: unknown): unknown {
  if (value === null || typeof value !== 'object' || typeof collection !== 'string') return null;
  anyCollections.set(value, collection);
  return value;
}

export type TypeRegistry = {
  schema: SchemaOverview;
  permissions: PermissionSet;
  exposed: Map<string, ExposedCollection>;
  /** The object type of a collection; null when the caller can read none of its fields (or it is not exposed). */
  objectType(collection: string): GraphQLObjectType | null;
  /** `<type>_filter`, with the caller's readable fields. */
  filterType(collection: string): GraphQLInputObjectType;
  /** `<type>_aggregated` (group, countAll, count, countDistinct, avg, sum, …). */
  aggregatedType(collection: string): GraphQLObjectType;
  /** `create_<type>_input` / `update_<type>_input` with the fields the caller may write; null when there are none. */
  inputType(collection: string, action: 'create' | 'update'): GraphQLInputObjectType | null;
  /** `filter, sort, limit, offset, page, search` for list fields of a collection. */
  listArgs(collection: string): GraphQLFieldConfigArgumentMap;
  /** Fields of a collection the caller may read and GraphQL can name, in the collection's order. */
  readableFields(collection: string): FieldOverview[];
  overview(collection: string): CollectionOverview;
};

/**
 * Builds (lazily, once each) the GraphQL types of the exposed collections as one caller sees them: only the
 * fields their read permissions grant, relations typed as the related type when that one is visible too.
 */
export function createTypeRegistry(
  schema: SchemaOverview,
  permissions: PermissionSet,
  exposed: Map<string, ExposedCollection>,
): TypeRegistry {
  const objects = new Map<string, GraphQLObjectType | null>();
  const filters = new Map<string, GraphQLInputObjectType>();
  const quantifiers = new Map<string, GraphQLInputObjectType>();
  const aggregates = new Map<string, GraphQLObjectType>();
  const inputs = new Map<string, GraphQLInputObjectType | null>();
  const readable = new Map<string, FieldOverview[]>();
  const unions = new Map<string, GraphQLUnionType | null>();

  const overview = (collection: string) => schema.collections[collection]!;
  const typeName = (collection: string) => exposed.get(collection)!.typeName;

  const readableFields = (collection: string): FieldOverview[] => {
    let list = readable.get(collection);
    if (!list) {
      const access = exposed.has(collection) ? getAccess(permissions, collection, 'read') : null;
      list = access
        ? Object.values(overview(collection).fields).filter((f) => isGraphqlName(f.field) && canAccessField(access, f.field))
        : [];
      readable.set(collection, list);
    }
    return list;
  };
  const hasType = (collection: string) => readableFields(collection).some((f) => !f.alias);
  const relationOf = (collection: string, field: string) => {
    const relation = getFieldRelation(schema, collection, field);
    return relation && hasType(relation.related) ? relation : null;
  };

  /**
   * A many-to-any key field as the union `<type>_<field>_union` of the allowed collections the caller may read
   * (null when none): each value is told apart by the collection field read beside it.
   */
  const anyOf = (collection: string, field: string) => {
    const any = getAnyRelation(schema, collection, field);
    if (!any) return null;
    const key = `${collection}.${field}`;
    const members = any.allowed.filter((name) => exposed.has(name) && hasType(name));
    if (!unions.has(key)) {
      unions.set(
        key,
        members.length === 0
          ? null
          : new GraphQLUnionType({
              name: `${typeName(collection)}_${field}_union`,
              types: () => members.map((name) => registry.objectType(name)!),
              resolveType: (value) => typeName(String(anyCollections.get(value as object))),
            }),
      );
    }
    const union = unions.get(key);
    if (!union || !canAccessField(getAccess(permissions, collection, 'read')!, any.collectionField)) return null;
    const collections = Object.fromEntries(members.map((name) => [typeName(name), { collection: name, primary: overview(name).primary }]));
    return { union, meta: { kind: 'any' as const, field, collectionField: any.collectionField, collections } };
  };

  const listArgs = (collection: string): GraphQLFieldConfigArgumentMap => ({
    filter: { type: registry.filterType(collection) },
    sort: { type: new GraphQLList(GraphQLString) },
    limit: { type: GraphQLInt },
    offset: { type: GraphQLInt },
    page: { type: GraphQLInt },
    search: { type: GraphQLString },
  });

  const objectFields = (collection: string): GraphQLFieldConfigMap<unknown, GraphqlContext> => {
    const out: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
    const own = overview(collection);
    const addFunction = (field: FieldOverview, o2m: boolean) => {
      const type = functionTypeOf(field, o2m);
      const name = `${field.field}_func`;
      if (!type || Object.hasOwn(own.fields, name)) return;
      out[name] = {
        type,
        resolve: (row) => functionValues(row, field.field),
        extensions: metaExtensions({ kind: 'func', field: field.field }),
      };
    };
    for (const field of readableFields(collection)) {
      const any = anyOf(collection, field.field);
      if (any) {
        out[field.field] = {
          type: any.union,
          resolve: (row) =>
            tagCollection((row as Record<string, unknown>)[field.field], (row as Record<string, unknown>)[any.meta.collectionField]),
          extensions: metaExtensions(any.meta),
        };
        continue;
      }
      const relation = relationOf(collection, field.field);
      if (relation) {
        const related = registry.objectType(relation.related)!;
        const meta = metaExtensions({
          kind: 'relation',
          field: field.field,
          related: relation.related,
          primary: overview(relation.related).primary,
          many: relation.kind === 'o2m',
        });
        if (relation.kind === 'm2o') out[field.field] = { type: related, extensions: meta };
        else {
          out[field.field] = { type: new GraphQLList(related), args: listArgs(relation.related), extensions: meta };
          addFunction(field, true);
        }
        continue;
      }
      if (field.alias) continue;
      out[field.field] = {
        type: outputScalarOf(field, field.field === own.primary),
        extensions: metaExtensions({ kind: 'field', field: field.field }),
      };
      addFunction(field, false);
    }
    return out;
  };

  const filterFields = (collection: string, quantifier: boolean): GraphQLInputFieldConfigMap => {
    const out: GraphQLInputFieldConfigMap = {};
    for (const field of readableFields(collection)) {
      const relation = relationOf(collection, field.field);
      if (relation)
        out[field.field] = { type: relation.kind === 'm2o' ? registry.filterType(relation.related) : quantifierType(relation.related) };
      else if (!field.alias) out[field.field] = { type: filterOperatorsFor(field) };
    }
    const self = registry.filterType(collection);
    out._and = { type: new GraphQLList(self) };
    out._or = { type: new GraphQLList(self) };
    if (quantifier) {
      out._some = { type: self };
      out._none = { type: self };
    }
    return out;
  };

  const quantifierType = (collection: string): GraphQLInputObjectType => {
    let type = quantifiers.get(collection);
    if (!type) {
      type = new GraphQLInputObjectType({
        name: `${typeName(collection)}_quantifier_filter`,
        fields: () => filterFields(collection, true),
      });
      quantifiers.set(collection, type);
    }
    return type;
  };

  const inputFields = (collection: string, action: 'create' | 'update'): GraphQLInputFieldConfigMap => {
    const access = getAccess(permissions, collection, action);
    const out: GraphQLInputFieldConfigMap = {};
    if (!access) return out;
    for (const field of Object.values(overview(collection).fields)) {
      if (!isGraphqlName(field.field) || !canAccessField(access, field.field)) continue;
      const relation = getFieldRelation(schema, collection, field.field);
      if (field.alias && relation?.kind !== 'o2m') continue;
      // A many-to-any key takes a key or a nested item, like a relation.
      out[field.field] = { type: relation || getAnyRelation(schema, collection, field.field) ? GraphQLJSON : inputScalarOf(field) };
    }
    return out;
  };

  const registry: TypeRegistry = {
    schema,
    permissions,
    exposed,
    readableFields,
    overview,
    listArgs,
    objectType(collection) {
      if (!objects.has(collection)) {
        objects.set(
          collection,
          hasType(collection)
            ? new GraphQLObjectType<unknown, GraphqlContext>({ name: typeName(collection), fields: () => objectFields(collection) })
            : null,
        );
      }
      return objects.get(collection) ?? null;
    },
    filterType(collection) {
      let type = filters.get(collection);
      if (!type) {
        type = new GraphQLInputObjectType({ name: `${typeName(collection)}_filter`, fields: () => filterFields(collection, false) });
        filters.set(collection, type);
      }
      return type;
    },
    aggregatedType(collection) {
      let type = aggregates.get(collection);
      if (!type) {
        type = buildAggregatedType(
          typeName(collection),
          readableFields(collection).filter((f) => !f.alias),
        );
        aggregates.set(collection, type);
      }
      return type;
    },
    inputType(collection, action) {
      const key = `${action}:${collection}`;
      if (!inputs.has(key)) {
        const fields = inputFields(collection, action);
        inputs.set(
          key,
          Object.keys(fields).length === 0 ? null : new GraphQLInputObjectType({ name: `${action}_${typeName(collection)}_input`, fields }),
        );
      }
      return inputs.get(key) ?? null;
    },
  };
  return registry;
}
