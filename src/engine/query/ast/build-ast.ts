import { forbiddenCollection, forbiddenFields, invalidQuery } from '../../../kernel/errors/index.js';
import { canAccessField, fieldCaseFilter, getAccess } from '../../permissions/get-access.js';
import type { CollectionAccess, PermissionSet } from '../../permissions/permissions.types.js';
import { getCollection } from '../../schema-overview/get-collection.js';
import { getAnyRelation } from '../../schema-overview/get-any-relation.js';
import { getFieldRelation } from '../../schema-overview/get-field-relation.js';
import type { CollectionOverview, SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { DeepQuery, Query } from '../query.types.js';
import { readableField } from '../require-readable-field.js';
import type { AnyBranch, AstNode, RootAst } from './ast.types.js';
import { dateFunctionsFor, parseFieldFunction, type FieldFunction } from './parse-field-function.js';

export type AstEnv = {
  schema: SchemaOverview;
  permissions: PermissionSet;
  maxRelationalDepth: number;
  /** The limit of nested one-to-many lists without a `_limit` of their own (Query.nestedLimit). */
  nestedLimit?: number;
};

/**
 * Turns a query on a collection into the tree of what to read, checking every requested field against the
 * schema and the reader's read permissions (unknown or forbidden: 403, as Directus, without revealing which).
 */
export function buildAst(env: AstEnv, collection: string, query: Query): RootAst {
  const access = requireReadAccess(env, collection, 'root');
  const fields = query.fields && query.fields.length > 0 ? query.fields : ['*'];
  const listEnv = query.nestedLimit === undefined ? env : { ...env, nestedLimit: query.nestedLimit };
  const children = buildChildren(listEnv, collection, access, fields, query.deep ?? {}, query.alias ?? {}, '', 0);
  return { collection, children, query, rowFilter: access.kind === 'all' ? null : access.rowFilter };
}

export function requireReadAccess(env: AstEnv, collection: string, path: string): CollectionAccess {
  getCollection(env.schema, collection, path);
  const access = getAccess(env.permissions, collection, 'read');
  if (!access) throw forbiddenCollection(collection, path);
  return access;
}

type Entry = { field: string; key: string; children: string[] | null };

/** Many-to-any requests are kept as `<collection or empty>\u0000<rest>` until their node is built. */
const SCOPE = '\u0000';

function buildChildren(
  env: AstEnv,
  collectionName: string,
  access: CollectionAccess,
  requested: string[],
  deep: Record<string, DeepQuery>,
  alias: Record<string, string>,
  path: string,
  depth: number,
): AstNode[] {
  const collection = getCollection(env.schema, collectionName);
  // Output keys in the order they are first asked for; a nested request wins over a plain one.
  const entries = new Map<string, Entry>();
  const forbidden: string[] = [];
  const addDirect = (field: string, key: string) => {
    if (!entries.has(key)) entries.set(key, { field, key, children: null });
  };
  const addNested = (field: string, key: string, rest: string) => {
    const entry = entries.get(key) ?? { field, key, children: [] };
    entry.children = [...(entry.children ?? []), rest];
    entries.set(key, entry);
  };

  for (const raw of requested) {
    if (raw.split('.').length - 1 + depth > env.maxRelationalDepth) throw invalidQuery('Max relational depth exceeded');
    const dot = raw.indexOf('.');
    const head = dot === -1 ? raw : raw.slice(0, dot);
    const rest = dot === -1 ? null : raw.slice(dot + 1);

    if (head === '*') {
      for (const field of Object.keys(collection.fields)) {
        if (!canAccessField(access, field)) continue;
        // A concealed relational field shows its (masked) key: the wildcard doesn't read through it.
        if (rest !== null && !readableField(env, collectionName, field, 'value', access)) {
          addDirect(field, field);
          continue;
        }
        if (rest !== null && getAnyRelation(env.schema, collectionName, field)) {
          addNested(field, field, `${SCOPE}${rest}`);
          continue;
        }
        const relation = getFieldRelation(env.schema, collectionName, field);
        // A wildcard skips one-to-many fields into collections (or keys) the reader cannot see instead of failing.
        const related = relation ? getAccess(env.permissions, relation.related, 'read') : null;
        if (relation?.kind === 'o2m' && !(related && canAccessField(related, getCollection(env.schema, relation.related).primary)))
          continue;
        if (rest !== null && relation && related) addNested(field, field, rest);
        else addDirect(field, field);
      }
      continue;
    }

    // `item:headings.title`: a many-to-any field read into one of its collections.
    const scoped = /^([^:]+):(.+)$/.exec(head);
    if (scoped) {
      const [, anyField, scope] = scoped as unknown as [string, string, string];
      const any = readableField(env, collectionName, anyField, 'value', access)
        ? getAnyRelation(env.schema, collectionName, anyField)
        : null;
      if (!any || !any.allowed.includes(scope)) {
        forbidden.push(head);
        continue;
      }
      addNested(anyField, anyField, `${scope}${SCOPE}${rest ?? '*'}`);
      continue;
    }

    const target = alias[head] ?? head;
    const fn = parseFieldFunction(target);
    const fieldName = fn ? fn.field : target;
    // A field function or a path through the field reads its value; a plain field shows it (masked if concealed).
    if (!readableField(env, collectionName, fieldName, fn || rest !== null ? 'value' : 'show', access)) {
      forbidden.push(fieldName);
      continue;
    }
    if (fn) {
      if (rest !== null) throw invalidQuery(`Field function "${target}" can't be followed by a path`);
      // Directus names a function's output `<field>_<function>` (`published_at_year`), unless aliased.
      addDirect(target, target === head ? `${fn.field}_${fn.name}` : head);
    } else if (rest === null) addDirect(fieldName, head);
    else if (getAnyRelation(env.schema, collectionName, fieldName)) addNested(fieldName, head, `${SCOPE}${rest}`);
    else if (getFieldRelation(env.schema, collectionName, fieldName)) addNested(fieldName, head, rest);
    else forbidden.push(raw);
  }
  if (forbidden.length > 0) throw forbiddenFields(collectionName, [...new Set(forbidden)], path === '' ? 'root' : path);

  return [...entries.values()].map(({ field, key, children }) =>
    children === null
      ? buildDirectNode(env, collection, access, field, key, deep, path, depth)
      : children[0]?.includes(SCOPE)
        ? buildAnyNode(env, collection, access, field, key, children, path, depth)
        : buildRelationNode(env, collection, access, field, key, children, deep[key] ?? deep[field] ?? {}, path, depth),
  );
}

/**
 * A many-to-any field: `item:<collection>.<rest>` reads that collection (403 when it may not be read);
 * `item.<rest>` reads every allowed collection the reader may read.
 */
function buildAnyNode(
  env: AstEnv,
  collection: CollectionOverview,
  access: CollectionAccess,
  fieldName: string,
  key: string,
  requested: string[],
  path: string,
  depth: number,
): AstNode {
  const any = getAnyRelation(env.schema, collection.collection, fieldName)!;
  const childPath = path === '' ? key : `${path}.${key}`;
  const wanted = new Map<string, string[]>();
  for (const entry of requested) {
    const [scope, rest] = entry.split(SCOPE) as [string, string];
    const targets = scope !== '' ? [scope] : any.allowed.filter((name) => getAccess(env.permissions, name, 'read'));
    for (const target of targets) wanted.set(target, [...(wanted.get(target) ?? []), rest]);
  }
  const branches: AnyBranch[] = [...wanted].map(([target, fields]) => {
    const branchPath = `${childPath}:${target}`;
    const branchAccess = requireReadAccess(env, target, branchPath);
    return {
      collection: target,
      children: buildChildren(env, target, branchAccess, fields, {}, {}, branchPath, depth + 1),
      rowFilter: branchAccess.kind === 'all' ? null : branchAccess.rowFilter,
    };
  });
  if (!canAccessField(access, any.collectionField))
    throw forbiddenFields(collection.collection, [any.collectionField], path === '' ? 'root' : path);
  return {
    kind: 'm2a',
    key,
    field: fieldName,
    collectionField: any.collectionField,
    relation: any.relation,
    branches,
    caseFilter: fieldCaseFilter(access, fieldName),
    path: childPath,
  };
}

function buildDirectNode(
  env: AstEnv,
  collection: CollectionOverview,
  access: CollectionAccess,
  target: string,
  key: string,
  deep: Record<string, DeepQuery>,
  path: string,
  depth: number,
): AstNode {
  const fn = parseFieldFunction(target);
  const fieldName = fn ? fn.field : target;
  const field = collection.fields[fieldName]!;
  const caseFilter = fieldCaseFilter(access, fieldName);
  if (fn) {
    validateFunction(env, collection.collection, fieldName, fn.name);
    return { kind: 'field', key, field: fieldName, type: field.type, fn: fn.name, caseFilter };
  }
  // A plain o2m field reads as the list of related primary keys.
  const relation = getFieldRelation(env.schema, collection.collection, fieldName);
  if (relation?.kind === 'o2m') {
    return buildRelationNode(env, collection, access, fieldName, key, [], deep[key] ?? deep[fieldName] ?? {}, path, depth, true);
  }
  return { kind: 'field', key, field: fieldName, type: field.type, fn: null, caseFilter };
}

function buildRelationNode(
  env: AstEnv,
  collection: CollectionOverview,
  access: CollectionAccess,
  fieldName: string,
  key: string,
  requested: string[],
  deep: DeepQuery,
  path: string,
  depth: number,
  keysOnly = false,
): AstNode {
  const relation = getFieldRelation(env.schema, collection.collection, fieldName)!;
  const childPath = path === '' ? key : `${path}.${key}`;
  const relatedAccess = requireReadAccess(env, relation.related, childPath);
  const related = getCollection(env.schema, relation.related);
  const fields = keysOnly ? [related.primary] : requested;
  if (keysOnly && !canAccessField(relatedAccess, related.primary)) {
    throw forbiddenFields(relation.related, [related.primary], childPath);
  }
  const children = buildChildren(env, relation.related, relatedAccess, fields, deep.deep ?? {}, {}, childPath, depth + 1);
  return {
    kind: relation.kind,
    key,
    field: fieldName,
    collection: relation.related,
    relation: relation.relation,
    children,
    // A list without a `_limit` of its own gets the read's nested limit (decision 0045).
    query:
      relation.kind === 'o2m' && deep.limit === undefined && env.nestedLimit !== undefined ? { ...deep, limit: env.nestedLimit } : deep,
    keysOnly,
    rowFilter: relatedAccess.kind === 'all' ? null : relatedAccess.rowFilter,
    caseFilter: fieldCaseFilter(access, fieldName),
    path: childPath,
  };
}

function validateFunction(env: AstEnv, collection: string, field: string, fn: string): void {
  const overview = getCollection(env.schema, collection).fields[field]!;
  if (fn === 'count') {
    if (getFieldRelation(env.schema, collection, field)?.kind !== 'o2m') {
      throw invalidQuery(`Function "count" only works on one-to-many fields, not on "${field}"`);
    }
    return;
  }
  if (!['date', 'dateTime', 'timestamp', 'time'].includes(overview.type)) {
    throw invalidQuery(`Function "${fn}" only works on date and time fields, not on "${field}"`);
  }
  if (!dateFunctionsFor(overview.type).includes(fn as FieldFunction)) {
    throw invalidQuery(`Function "${fn}" can't be used on the ${overview.type} field "${field}"`);
  }
}
