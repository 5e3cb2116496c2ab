import { getFieldRelation } from '../../engine/schema-overview/get-field-relation.js';
import type { CollectionOverview, Filter, SchemaOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** The keys of the specification's single-rule body (§4.5), Directus 8's permission row. */
const LEGACY_KEYS = [
  'read',
  'create',
  'update',
  'delete',
  'comment',
  'explain',
  'status',
  'status_blacklist',
  'read_field_blacklist',
  'write_field_blacklist',
] as const;

const ROW_LEVELS = ['none', 'mine', 'role', 'full'] as const;
type RowLevel = (typeof ROW_LEVELS)[number];

/** One modern rule a legacy body converts to (without its policy, which the caller resolves from `role`). */
export type ConvertedRule = {
  collection: string;
  action: 'read' | 'create' | 'update' | 'delete';
  permissions: Filter | null;
  validation: Filter | null;
  presets: Record<string, unknown> | null;
  fields: string[];
};

export type LegacyConversion = {
  /** The role whose policy receives the rules; null = the public policy. */
  role: string | null;
  rules: ConvertedRule[];
};

/**
 * Which create body this is: `modern` (`action` + `policy`), `role` (Directus 10: `action` + `role`, no
 * `policy`), or `legacy` (the specification's single-rule body: levels per action, no `action`).
 */
export function permissionBodyKind(body: Record<string, unknown>): 'modern' | 'role' | 'legacy' {
  if (body.action !== undefined) {
    const legacy = LEGACY_KEYS.filter((key) => key in body);
    if (legacy.length > 0)
      throw invalidPayload(`A rule with "action" can't also carry the legacy keys ${legacy.map((k) => `"${k}"`).join(', ')}`);
    return 'role' in body && body.policy === undefined ? 'role' : 'modern';
  }
  return LEGACY_KEYS.some((key) => key in body) || ('role' in body && body.policy === undefined) ? 'legacy' : 'modern';
}

/**
 * Converts the legacy body into equivalent modern rules (docs/permissions.md, "The legacy single-rule body").
 * Pure: checks everything against the schema and throws 400 INVALID_PAYLOAD for anything it can't express.
 */
export function convertLegacyPermission(schema: SchemaOverview, body: Record<string, unknown>): LegacyConversion {
  const unknown = Object.keys(body).filter(
    (key) => key !== 'collection' && key !== 'role' && !(LEGACY_KEYS as readonly string[]).includes(key),
  );
  if (unknown.length > 0)
    throw invalidPayload(
      `Unknown key${unknown.length > 1 ? 's' : ''} in a legacy permission body: ${unknown.map((k) => `"${k}"`).join(', ')}`,
    );
  const { collection, role } = body;
  if (typeof collection !== 'string' || !Object.hasOwn(schema.collections, collection))
    throw invalidPayload('"collection" must name an existing collection');
  if (!('role' in body)) throw invalidPayload('"role" is required in a legacy permission body (null for the public)');
  if (role !== null && typeof role !== 'string') throw invalidPayload('"role" must be a role id or null');
  const overview = schema.collections[collection]!;

  const read = level(body, 'read', ROW_LEVELS);
  const create = level(body, 'create', ['none', 'full']);
  const update = level(body, 'update', ROW_LEVELS);
  const del = level(body, 'delete', ROW_LEVELS);
  const comment = level(body, 'comment', ['none', 'read', 'create', 'update', 'full']);
  level(body, 'explain', ['none', 'create', 'update', 'always']);

  const status = body.status ?? null;
  if (status !== null && (typeof status !== 'string' || status === '')) throw invalidPayload('"status" must be a non-empty string or null');
  const statusBlacklist = fieldList(body.status_blacklist, 'status_blacklist');
  if ((status !== null || statusBlacklist.length > 0) && !Object.hasOwn(overview.fields, 'status')) {
    throw invalidPayload(`"status" and "status_blacklist" need a "status" field, and "${collection}" has none`);
  }
  const readable = allFieldsBut(overview, fieldList(body.read_field_blacklist, 'read_field_blacklist'), 'read_field_blacklist');
  const writable = allFieldsBut(overview, fieldList(body.write_field_blacklist, 'write_field_blacklist'), 'write_field_blacklist');

  const statusFilter: Filter | null = status !== null ? { status: { _eq: status } } : null;
  const blacklistFilter: Filter | null = statusBlacklist.length > 0 ? { status: { _nin: statusBlacklist } } : null;
  const rowFilter = (lvl: RowLevel): Filter | null => allOf([ownership(schema, overview, lvl), statusFilter]);

  const rules: ConvertedRule[] = [];
  const add = (action: ConvertedRule['action'], rule: Omit<ConvertedRule, 'collection' | 'action'>) =>
    rules.push({ collection, action, ...rule });
  if (read !== 'none') add('read', { permissions: rowFilter(read), validation: null, presets: null, fields: readable });
  if (create !== 'none') {
    add('create', {
      permissions: null,
      validation: allOf([statusFilter, blacklistFilter]),
      presets: status !== null ? { status } : null,
      fields: writable,
    });
  }
  if (update !== 'none') add('update', { permissions: rowFilter(update), validation: blacklistFilter, presets: null, fields: writable });
  if (del !== 'none') add('delete', { permissions: rowFilter(del), validation: null, presets: null, fields: ['*'] });
  // Comments (Directus 11's service_comments, decision 0080): each level adds the rules of the ones before it.
  if (comment !== 'none' && collection !== 'service_comments') {
    const onThis: Filter = { collection: { _eq: collection } };
    const levels = ['read', 'create', 'update', 'full'] as const;
    const reached = levels.slice(0, levels.indexOf(comment) + 1);
    const commentRule = (action: ConvertedRule['action'], filter: Filter | null, validation: Filter | null): ConvertedRule => ({
      collection: 'service_comments',
      action,
      permissions: filter,
      validation,
      presets: null,
      fields: ['*'],
    });
    rules.push(commentRule('read', onThis, null));
    if (reached.includes('create')) rules.push(commentRule('create', null, onThis));
    if (reached.includes('update')) rules.push(commentRule('update', onThis, null));
    if (reached.includes('full')) rules.push(commentRule('delete', onThis, null));
  }
  return { role, rules };
}

function level<T extends string>(body: Record<string, unknown>, key: string, allowed: readonly T[]): T {
  const value = body[key] ?? 'none';
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw invalidPayload(`"${key}" must be one of [${allowed.join(', ')}]`);
  return value as T;
}

/** An array of strings or a CSV string (Directus 8 stored these as CSV); null/absent = empty. */
function fieldList(value: unknown, key: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((s) => s.trim()).filter(Boolean);
  throw invalidPayload(`"${key}" must be an array of strings or a comma-separated string`);
}

/** `['*']` without a blacklist, else every field of the collection (as it is now) except the listed ones. */
function allFieldsBut(overview: CollectionOverview, blacklist: string[], key: string): string[] {
  if (blacklist.length === 0) return ['*'];
  const unknown = blacklist.filter((field) => !Object.hasOwn(overview.fields, field));
  if (unknown.length > 0)
    throw invalidPayload(`"${key}" names fields that don't exist in "${overview.collection}": ${unknown.map((f) => `"${f}"`).join(', ')}`);
  return Object.keys(overview.fields).filter((field) => !blacklist.includes(field));
}

/** `mine` = items the user created; `role` = items created by a user of the same role (user-created field). */
function ownership(schema: SchemaOverview, overview: CollectionOverview, lvl: RowLevel): Filter | null {
  if (lvl === 'none' || lvl === 'full') return null;
  const owner = Object.values(overview.fields).find((field) => field.special.includes('user-created'));
  if (!owner) throw invalidPayload(`"${lvl}" needs a field with the "user-created" special, and "${overview.collection}" has none`);
  if (lvl === 'mine') return { [owner.field]: { _eq: '$CURRENT_USER' } };
  const relation = getFieldRelation(schema, overview.collection, owner.field);
  if (relation?.kind !== 'm2o' || relation.related !== 'service_users') {
    throw invalidPayload(`"role" needs "${owner.field}" to be a relation to users, and in "${overview.collection}" it isn't`);
  }
  return { [owner.field]: { role: { _eq: '$CURRENT_ROLE' } } };
}

function allOf(filters: (Filter | null)[]): Filter | null {
  const present = filters.filter((f): f is Filter => f !== null && isPlainObject(f));
  if (present.length === 0) return null;
  return present.length === 1 ? present[0]! : { _and: present };
}
