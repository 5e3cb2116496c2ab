import { forbiddenFields } from '../../kernel/errors/index.js';
import { canAccessField, getAccess } from '../permissions/get-access.js';
import type { CollectionAccess, PermissionSet } from '../permissions/permissions.types.js';
import { REVISIONS } from '../permissions/revision-read-rules.js';
import { getCollection } from '../schema-overview/get-collection.js';
import { isConcealed } from '../schema-overview/is-concealed.js';
import type { FieldOverview, SchemaOverview } from '../schema-overview/schema-overview.types.js';

/**
 * How a read position uses a field:
 * - `show`: its value is selected (`fields`, `alias`, a deep level's fields); a concealed value is then masked;
 * - `presence`: only whether it is set matters (`_null`, `_nnull`, `_empty`, `_nempty`, `count`);
 * - `value`: the value itself decides the answer: `sort`, `groupBy`, `min`/`max`/`countDistinct`…, a field
 *   function (`year(…)`), or a path through it to a related item (`owner.…`).
 */
export type FieldUse = 'show' | 'presence' | 'value';

type Env = { schema: SchemaOverview; permissions: PermissionSet; trusted?: boolean };

/**
 * THE check every read position makes on a field of `collection` (fields, filter, sort, groupBy, aggregate,
 * alias, deep; REST, GraphQL and exports all come through here): the field exists, the reader may read it
 * (the rules' field lists: canAccessField), and where its value is used it is not concealed (isConcealed).
 * Null when any of these fails. A permission rule's own filter (env.trusted) is the administrator's, and is
 * not checked. `access` is the reader's read access to the collection, when the caller has it at hand.
 */
export function readableField(
  env: Env,
  collection: string,
  name: string,
  use: FieldUse,
  access?: CollectionAccess | null,
): FieldOverview | null {
  const overview = getCollection(env.schema, collection);
  const field = Object.hasOwn(overview.fields, name) ? overview.fields[name]! : null;
  if (!field || env.trusted) return field;
  const granted = access === undefined ? getAccess(env.permissions, collection, 'read') : access;
  if (!granted || !canAccessField(granted, name) || (use === 'value' && isConcealed(field))) return null;
  // A revision's data and delta are shown only in part (decision 0047): their whole value decides nothing.
  if (use === 'value' && !env.permissions.admin && collection === REVISIONS && (name === 'data' || name === 'delta')) return null;
  return field;
}

/**
 * readableField, or the same 403 as an unknown field: a refusal says nothing about the field (whether it
 * exists, is outside the reader's rules, or is concealed).
 */
export function requireReadableField(env: Env, collection: string, name: string, path: string, use: FieldUse): FieldOverview {
  getCollection(env.schema, collection, path);
  const field = readableField(env, collection, name, use);
  if (!field) throw forbiddenFields(collection, [name], path);
  return field;
}
