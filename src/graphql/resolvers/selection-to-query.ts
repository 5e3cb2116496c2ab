import {
  getArgumentValues,
  getNamedType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLUnionType,
  type SelectionSetNode,
} from 'graphql';
import type { Context } from '../../engine/context.js';
import { clientLimits, parseQuery } from '../../engine/query/parse/parse-query.js';
import type { AggregateFunction, Query } from '../../engine/query/query.types.js';
import { invalidQuery } from '../../kernel/errors/index.js';
import { fieldMetaOf } from '../schema/field-meta.js';
import { collectFieldsByName, type SelectionEnv } from './collect-fields.js';

type Selection = { fields: string[]; deep: Record<string, unknown> };

/** GraphQL list arguments and the names of the matching `deep` keys. */
const DEEP_KEYS: Record<string, string> = {
  filter: '_filter',
  sort: '_sort',
  limit: '_limit',
  offset: '_offset',
  page: '_page',
  search: '_search',
};
const QUERY_ARGS = ['filter', 'sort', 'limit', 'offset', 'page', 'search'] as const;

/**
 * The query engine's `fields` (nested selections as dotted paths) and `deep` (arguments of nested list fields)
 * for the selection set of a field returning a collection type, so one engine read answers the whole selection.
 */
export function selectionOf(info: GraphQLResolveInfo): Selection {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return { fields: [], deep: {} };
  return walk({ fragments: info.fragments, variables: info.variableValues }, type, info.fieldNodes);
}

function walk(env: SelectionEnv, type: GraphQLObjectType, nodes: readonly FieldNode[]): Selection {
  const fields = new Set<string>();
  const deep: Record<string, unknown> = {};
  const definitions = type.getFields();
  for (const [name, fieldNodes] of collectFieldsByName(
    env,
    nodes.map((n) => n.selectionSet),
  )) {
    const definition = definitions[name];
    const meta = definition ? fieldMetaOf(definition) : undefined;
    if (!definition || !meta) continue;
    if (meta.kind === 'field') {
      fields.add(meta.field);
    } else if (meta.kind === 'any') {
      // `item { ... on headings { title } }` reads `item:headings.title`, and the collection field to tell them apart.
      fields.add(meta.collectionField);
      for (const [typeName, sets] of fragmentsByType(env, fieldNodes)) {
        const target = meta.collections[typeName];
        if (!target) continue;
        const memberType = (getNamedType(definition.type) as GraphQLUnionType).getTypes().find((t) => t.name === typeName)!;
        const child = walk(
          env,
          memberType,
          sets.map((selectionSet) => ({ selectionSet }) as FieldNode),
        );
        for (const path of child.fields.length > 0 ? child.fields : [target.primary])
          fields.add(`${meta.field}:${target.collection}.${path}`);
      }
    } else if (meta.kind === 'func') {
      for (const fn of collectFieldsByName(
        env,
        fieldNodes.map((n) => n.selectionSet),
      ).keys()) {
        if (!fn.startsWith('__')) fields.add(`${fn}(${meta.field})`);
      }
    } else {
      const relatedType = getNamedType(definition.type) as GraphQLObjectType;
      const child = walk(env, relatedType, fieldNodes);
      for (const path of child.fields.length > 0 ? child.fields : [meta.primary]) fields.add(`${meta.field}.${path}`);
      const entry: Record<string, unknown> = { ...child.deep };
      if (definition.args.length > 0) {
        const argSets = fieldNodes.map((node) => JSON.stringify(getArgumentValues(definition, node, env.variables)));
        if (new Set(argSets).size > 1) throw invalidQuery(`"${meta.field}" is selected more than once with different arguments`);
        const args = JSON.parse(argSets[0]!) as Record<string, unknown>;
        for (const [arg, value] of Object.entries(args))
          if (value !== null && value !== undefined && DEEP_KEYS[arg]) entry[DEEP_KEYS[arg]] = value;
      }
      if (Object.keys(entry).length > 0) deep[meta.field] = entry;
    }
  }
  return { fields: [...fields], deep };
}

/** The selection sets of the inline fragments and named fragments of union fields, by their type condition. */
function fragmentsByType(env: SelectionEnv, nodes: readonly FieldNode[]): Map<string, SelectionSetNode[]> {
  const result = new Map<string, SelectionSetNode[]>();
  const add = (type: string | undefined, set: SelectionSetNode) => {
    if (!type) return;
    result.set(type, [...(result.get(type) ?? []), set]);
  };
  for (const node of nodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind === Kind.INLINE_FRAGMENT) add(selection.typeCondition?.name.value, selection.selectionSet);
      else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = env.fragments[selection.name.value];
        if (fragment) add(fragment.typeCondition.name.value, fragment.selectionSet);
      }
    }
  }
  return result;
}

function limitsOf(ctx: Context) {
  return clientLimits(ctx.config.query);
}

/** The Query of a list or by-key read: the selection, plus `filter`/`sort`/`limit`/… arguments when given. */
export function queryOf(ctx: Context, info: GraphQLResolveInfo, args: Record<string, unknown>, primary: string): Query {
  const selection = selectionOf(info);
  const raw: Record<string, unknown> = { fields: selection.fields.length > 0 ? selection.fields : [primary] };
  if (Object.keys(selection.deep).length > 0) raw.deep = selection.deep;
  for (const key of QUERY_ARGS) if (args[key] !== undefined && args[key] !== null) raw[key] = args[key];
  return parseQuery(raw, limitsOf(ctx));
}

/** The Query of an `<collection>_aggregated` field: aggregate functions from the selection, `groupBy`, filters. */
export function aggregateQueryOf(ctx: Context, info: GraphQLResolveInfo, args: Record<string, unknown>): Query {
  const env = { fragments: info.fragments, variables: info.variableValues };
  const aggregate: Partial<Record<AggregateFunction, string[]>> = {};
  for (const [name, nodes] of collectFieldsByName(
    env,
    info.fieldNodes.map((n) => n.selectionSet),
  )) {
    if (name === 'countAll') aggregate.countAll = ['*'];
    else if (name !== 'group' && !name.startsWith('__')) {
      const fields = [
        ...collectFieldsByName(
          env,
          nodes.map((n) => n.selectionSet),
        ).keys(),
      ].filter((f) => !f.startsWith('__'));
      if (fields.length > 0) aggregate[name as AggregateFunction] = fields;
    }
  }
  const raw: Record<string, unknown> = { aggregate };
  if (args.groupBy !== undefined && args.groupBy !== null) raw.groupBy = args.groupBy;
  for (const key of QUERY_ARGS) if (args[key] !== undefined && args[key] !== null) raw[key] = args[key];
  return parseQuery(raw, limitsOf(ctx));
}

/**
 * The Query of the selection under one field of the resolved field (`data { … }` of `<collection>_mutated`): the
 * fields it selects, always with the primary key.
 */
export function nestedQueryOf(ctx: Context, info: GraphQLResolveInfo, field: string, primary: string): Query {
  const parent = getNamedType(info.returnType);
  const definition = isObjectType(parent) ? parent.getFields()[field] : undefined;
  const type = definition ? getNamedType(definition.type) : undefined;
  const env = { fragments: info.fragments, variables: info.variableValues };
  const nodes = collectFieldsByName(
    env,
    info.fieldNodes.map((n) => n.selectionSet),
  ).get(field);
  const selection = nodes && type && isObjectType(type) ? walk(env, type, nodes) : { fields: [], deep: {} };
  const raw: Record<string, unknown> = { fields: [...new Set([primary, ...selection.fields])] };
  if (Object.keys(selection.deep).length > 0) raw.deep = selection.deep;
  return parseQuery(raw, limitsOf(ctx));
}
