import type { HttpMethod, ParameterObject, SchemaObject } from './oas.types.js';
import type { ItemAction } from './spec-access.js';

/**
 * Who may call a system endpoint: everyone, signed-in users (with an action on a collection, when `also` says
 * so), administrators, or holders of an action on a collection.
 */
export type EndpointGate =
  | { kind: 'everyone' }
  | { kind: 'user'; also?: { collection: string; action: ItemAction } }
  | { kind: 'admin' }
  | { kind: 'collection'; collection: string; action: ItemAction };

/** What a system endpoint answers: `{data: <collection item>}` or a list of them, a fixed schema in `{data}`, or 204. */
export type EndpointResult =
  | { kind: 'item'; collection: string; many?: boolean }
  | { kind: 'data'; schema: SchemaObject }
  | { kind: 'bare'; schema: SchemaObject; contentType?: string }
  | { kind: 'none' };

export type SystemEndpoint = {
  path: string;
  method: HttpMethod;
  tag: string;
  operationId: string;
  summary: string;
  gate: EndpointGate;
  parameters?: ParameterObject[];
  body?: SchemaObject | { kind: 'item'; collection: string };
  result: EndpointResult;
};

const EVERYONE: EndpointGate = { kind: 'everyone' };
const USER: EndpointGate = { kind: 'user' };
const ADMIN: EndpointGate = { kind: 'admin' };
const on = (collection: string, action: ItemAction): EndpointGate => ({ kind: 'collection', collection, action });
const str: SchemaObject = { type: 'string' };
const obj: SchemaObject = { type: 'object', additionalProperties: true };
const objects: SchemaObject = { type: 'array', items: obj };
const pathParam = (name: string, schema: SchemaObject = str): ParameterObject => ({ name, in: 'path', required: true, schema });
const body = (properties: Record<string, SchemaObject>, required: string[] = []): SchemaObject => ({ type: 'object', properties, ...(required.length > 0 ? { required } : {}) });
const mode: SchemaObject = { type: 'string', enum: ['json', 'cookie', 'session'] };
const tokens = body({ access_token: { type: 'string', nullable: true }, expires: { type: 'integer', nullable: true }, refresh_token: { type: 'string', nullable: true } });

/**
 * CRUD endpoints of a system collection served like `/items` (`/users`, `/roles`, …): list operations on
 * `base`, by-key operations on `base/{id}`, each gated by the matching action on the collection.
 */
function crud(base: string, collection: string, tag: string, key: SchemaObject): SystemEndpoint[] {
  const item = { kind: 'item' as const, collection };
  const id = [pathParam('id', key)];
  return [
    { path: base, method: 'get', tag, operationId: `get${tag}`, summary: `List ${tag.toLowerCase()}`, gate: on(collection, 'read'), result: { ...item, many: true } },
    { path: base, method: 'post', tag, operationId: `create${tag}`, summary: `Create ${tag.toLowerCase()}`, gate: on(collection, 'create'), body: item, result: item },
    { path: base, method: 'patch', tag, operationId: `update${tag}`, summary: `Update several ${tag.toLowerCase()}`, gate: on(collection, 'update'), body: body({ keys: { type: 'array', items: key }, data: obj }), result: { ...item, many: true } },
    { path: base, method: 'delete', tag, operationId: `delete${tag}`, summary: `Delete several ${tag.toLowerCase()}`, gate: on(collection, 'delete'), body: { type: 'array', items: key }, result: { kind: 'none' } },
    { path: `${base}/{id}`, method: 'get', tag, operationId: `get${tag}Item`, summary: `Read one of ${tag.toLowerCase()}`, gate: on(collection, 'read'), parameters: id, result: item },
    { path: `${base}/{id}`, method: 'patch', tag, operationId: `update${tag}Item`, summary: `Update one of ${tag.toLowerCase()}`, gate: on(collection, 'update'), parameters: id, body: item, result: item },
    { path: `${base}/{id}`, method: 'delete', tag, operationId: `delete${tag}Item`, summary: `Delete one of ${tag.toLowerCase()}`, gate: on(collection, 'delete'), parameters: id, result: { kind: 'none' } },
  ];
}

/**
 * Schema endpoints (`/collections`, `/fields`, `/relations`): readable with the collection's read rule, changed
 * by administrators. `keys` are the path segments of one entry; `createUnder` is how many of them the create
 * path takes (`POST /fields/{collection}`, `POST /relations`).
 */
function schemaEndpoints(base: string, collection: string, tag: string, keys: string[], createUnder: number): SystemEndpoint[] {
  const under = (n: number) => `${base}${keys.slice(0, n).map((k) => `/{${k}}`).join('')}`;
  const params = (n: number) => keys.slice(0, n).map((k) => pathParam(k));
  const byKey = under(keys.length);
  const read = on(collection, 'read');
  const data = (schema: SchemaObject): EndpointResult => ({ kind: 'data', schema });
  const endpoints: SystemEndpoint[] = [
    { path: base, method: 'get', tag, operationId: `get${tag}`, summary: `List ${tag.toLowerCase()}`, gate: read, result: data(objects) },
  ];
  // `/fields/{collection}`, `/relations/{collection}`: the entries of one collection.
  keys.slice(0, -1).forEach((key, i) => {
    const operationId = `get${tag}Of${key.replace(/^./, (c) => c.toUpperCase())}`;
    endpoints.push({ path: under(i + 1), method: 'get', tag, operationId, summary: `List ${tag.toLowerCase()} of one ${key}`, gate: read, parameters: params(i + 1), result: data(objects) });
  });
  endpoints.push(
    { path: byKey, method: 'get', tag, operationId: `get${tag}Item`, summary: `Read one of ${tag.toLowerCase()}`, gate: read, parameters: params(keys.length), result: data(obj) },
    { path: under(createUnder), method: 'post', tag, operationId: `create${tag}Item`, summary: `Create one of ${tag.toLowerCase()}`, gate: ADMIN, ...(createUnder > 0 ? { parameters: params(createUnder) } : {}), body: obj, result: data(obj) },
    { path: byKey, method: 'patch', tag, operationId: `update${tag}Item`, summary: `Update one of ${tag.toLowerCase()}`, gate: ADMIN, parameters: params(keys.length), body: obj, result: data(obj) },
    { path: byKey, method: 'delete', tag, operationId: `delete${tag}Item`, summary: `Delete one of ${tag.toLowerCase()}`, gate: ADMIN, parameters: params(keys.length), result: { kind: 'none' } },
  );
  return endpoints;
}

const uuid: SchemaObject = { type: 'string', format: 'uuid' };
const int: SchemaObject = { type: 'integer' };

/** Every system endpoint the document can describe, each with who may call it. */
export const SYSTEM_ENDPOINTS: readonly SystemEndpoint[] = [
  { path: '/auth/login', method: 'post', tag: 'Authentication', operationId: 'login', summary: 'Sign in with e-mail and password', gate: EVERYONE, body: body({ email: { type: 'string', format: 'email' }, password: str, otp: str, mode }, ['email', 'password']), result: { kind: 'data', schema: tokens } },
  { path: '/auth/refresh', method: 'post', tag: 'Authentication', operationId: 'refresh', summary: 'Exchange a refresh token for new tokens', gate: EVERYONE, body: body({ refresh_token: str, mode }), result: { kind: 'data', schema: tokens } },
  { path: '/auth/logout', method: 'post', tag: 'Authentication', operationId: 'logout', summary: 'End the session of a refresh token', gate: EVERYONE, body: body({ refresh_token: str, mode }), result: { kind: 'none' } },
  { path: '/auth/password/request', method: 'post', tag: 'Authentication', operationId: 'passwordRequest', summary: 'Send a password reset link', gate: EVERYONE, body: body({ email: { type: 'string', format: 'email' }, reset_url: str }, ['email']), result: { kind: 'none' } },
  { path: '/auth/password/reset', method: 'post', tag: 'Authentication', operationId: 'passwordReset', summary: 'Set a new password with a reset token', gate: EVERYONE, body: body({ token: str, password: str }, ['token', 'password']), result: { kind: 'none' } },
  { path: '/auth', method: 'get', tag: 'Authentication', operationId: 'listProviders', summary: 'List the single sign-on providers', gate: EVERYONE, result: { kind: 'data', schema: objects } },

  { path: '/server/ping', method: 'get', tag: 'Server', operationId: 'ping', summary: 'Answers pong', gate: EVERYONE, result: { kind: 'bare', schema: str, contentType: 'text/plain' } },
  { path: '/server/info', method: 'get', tag: 'Server', operationId: 'serverInfo', summary: 'Project information', gate: EVERYONE, result: { kind: 'data', schema: obj } },
  { path: '/server/health', method: 'get', tag: 'Server', operationId: 'serverHealth', summary: 'Health of the instance', gate: EVERYONE, result: { kind: 'bare', schema: obj, contentType: 'application/health+json' } },
  { path: '/server/specs/oas', method: 'get', tag: 'Server', operationId: 'oas', summary: 'This OpenAPI document, for the caller', gate: EVERYONE, result: { kind: 'bare', schema: obj } },
  { path: '/server/specs/graphql/{scope}', method: 'get', tag: 'Server', operationId: 'graphqlSdl', summary: "The caller's GraphQL schema (SDL) of /graphql (items) or /graphql/system (system)", gate: EVERYONE, parameters: [pathParam('scope', { type: 'string', enum: ['items', 'system'] })], result: { kind: 'bare', schema: str, contentType: 'text/plain' } },

  { path: '/users/me', method: 'get', tag: 'Users', operationId: 'getMe', summary: 'Read the signed-in user', gate: USER, result: { kind: 'item', collection: 'service_users' } },
  { path: '/users/me', method: 'patch', tag: 'Users', operationId: 'updateMe', summary: 'Update the signed-in user', gate: { kind: 'user', also: { collection: 'service_users', action: 'update' } }, body: { kind: 'item', collection: 'service_users' }, result: { kind: 'item', collection: 'service_users' } },
  { path: '/users/me/tfa/generate', method: 'post', tag: 'Users', operationId: 'meTfaGenerate', summary: 'Start enabling two-factor authentication', gate: USER, body: body({ password: str }, ['password']), result: { kind: 'data', schema: body({ secret: str, otpauth_url: str }) } },
  { path: '/users/me/tfa/enable', method: 'post', tag: 'Users', operationId: 'meTfaEnable', summary: 'Enable two-factor authentication', gate: USER, body: body({ secret: str, otp: str }, ['secret', 'otp']), result: { kind: 'none' } },
  { path: '/users/me/tfa/disable', method: 'post', tag: 'Users', operationId: 'meTfaDisable', summary: 'Disable two-factor authentication', gate: USER, body: body({ otp: str }, ['otp']), result: { kind: 'none' } },
  ...crud('/users', 'service_users', 'Users', uuid),
  { path: '/roles/me', method: 'get', tag: 'Roles', operationId: 'getMyRoles', summary: "The signed-in user's roles", gate: USER, result: { kind: 'data', schema: objects } },
  ...crud('/roles', 'service_roles', 'Roles', uuid),
  { path: '/policies/me/globals', method: 'get', tag: 'Policies', operationId: 'getMyGlobals', summary: "The signed-in user's app and admin access", gate: USER, result: { kind: 'data', schema: body({ app_access: { type: 'boolean' }, admin_access: { type: 'boolean' }, enforce_tfa: { type: 'boolean' } }) } },
  ...crud('/policies', 'service_policies', 'Policies', uuid),
  ...crud('/access', 'service_access', 'Access', uuid),
  ...crud('/files', 'service_files', 'Files', uuid),
  ...crud('/folders', 'service_folders', 'Folders', uuid),
  {
    path: '/assets/{id}',
    method: 'get',
    tag: 'Assets',
    operationId: 'getAsset',
    summary: "A file's bytes (Range, ETag, ?download; width, height, fit, quality, format, transforms or key transform images)",
    gate: on('service_files', 'read'),
    parameters: [pathParam('id', uuid), ...['width', 'height', 'quality'].map((name): ParameterObject => ({ name, in: 'query', required: false, schema: int })), ...['fit', 'format', 'transforms', 'key', 'download'].map((name): ParameterObject => ({ name, in: 'query', required: false, schema: str }))],
    result: { kind: 'bare', schema: { type: 'string', format: 'binary' }, contentType: 'application/octet-stream' },
  },
  { path: '/permissions/me', method: 'get', tag: 'Permissions', operationId: 'getMyPermissions', summary: "The signed-in user's effective access per collection", gate: USER, result: { kind: 'data', schema: obj } },
  ...crud('/permissions', 'service_permissions', 'Permissions', int),

  { path: '/activity', method: 'get', tag: 'Activity', operationId: 'getActivities', summary: 'List activity', gate: on('service_activity', 'read'), result: { kind: 'item', collection: 'service_activity', many: true } },
  { path: '/activity/{id}', method: 'get', tag: 'Activity', operationId: 'getActivity', summary: 'Read one activity record', gate: on('service_activity', 'read'), parameters: [pathParam('id', int)], result: { kind: 'item', collection: 'service_activity' } },
  { path: '/activity/comment', method: 'post', tag: 'Activity', operationId: 'createComment', summary: 'Comment on an item', gate: USER, body: body({ collection: str, item: str, comment: str }, ['collection', 'item', 'comment']), result: { kind: 'data', schema: obj } },
  { path: '/revisions', method: 'get', tag: 'Revisions', operationId: 'getRevisions', summary: 'List revisions', gate: on('service_revisions', 'read'), result: { kind: 'item', collection: 'service_revisions', many: true } },
  { path: '/revisions/{id}', method: 'get', tag: 'Revisions', operationId: 'getRevision', summary: 'Read one revision', gate: on('service_revisions', 'read'), parameters: [pathParam('id', int)], result: { kind: 'item', collection: 'service_revisions' } },
  { path: '/settings', method: 'get', tag: 'Settings', operationId: 'getSettings', summary: 'Read the settings', gate: on('service_settings', 'read'), result: { kind: 'item', collection: 'service_settings' } },
  { path: '/settings', method: 'patch', tag: 'Settings', operationId: 'updateSettings', summary: 'Update the settings', gate: on('service_settings', 'update'), body: { kind: 'item', collection: 'service_settings' }, result: { kind: 'item', collection: 'service_settings' } },

  ...schemaEndpoints('/collections', 'service_collections', 'Collections', ['collection'], 0),
  ...schemaEndpoints('/fields', 'service_fields', 'Fields', ['collection', 'field'], 1),
  ...schemaEndpoints('/relations', 'service_relations', 'Relations', ['collection', 'field'], 0),
  { path: '/schema/snapshot', method: 'get', tag: 'Schema', operationId: 'schemaSnapshot', summary: 'Export the data model', gate: ADMIN, result: { kind: 'bare', schema: obj } },
  { path: '/schema/diff', method: 'post', tag: 'Schema', operationId: 'schemaDiff', summary: 'Compare a snapshot with the data model', gate: ADMIN, body: obj, result: { kind: 'bare', schema: obj } },
  { path: '/schema/apply', method: 'post', tag: 'Schema', operationId: 'schemaApply', summary: 'Apply a difference', gate: ADMIN, body: obj, result: { kind: 'none' } },
  { path: '/utils/cache/clear', method: 'post', tag: 'Utilities', operationId: 'clearCache', summary: 'Clear the caches of every instance', gate: ADMIN, result: { kind: 'none' } },
  { path: '/utils/hash/generate', method: 'post', tag: 'Utilities', operationId: 'hashGenerate', summary: 'Hash a string with argon2', gate: EVERYONE, body: body({ string: str }, ['string']), result: { kind: 'data', schema: str } },
  { path: '/utils/hash/verify', method: 'post', tag: 'Utilities', operationId: 'hashVerify', summary: 'Check a string against an argon2 hash', gate: EVERYONE, body: body({ string: str, hash: str }, ['string', 'hash']), result: { kind: 'data', schema: { type: 'boolean' } } },
  { path: '/utils/random/string', method: 'get', tag: 'Utilities', operationId: 'randomString', summary: 'A random string', gate: EVERYONE, parameters: [{ name: 'length', in: 'query', required: false, schema: int }], result: { kind: 'data', schema: str } },
  { path: '/utils/sort/{collection}', method: 'post', tag: 'Utilities', operationId: 'sortItems', summary: "Move an item to another item's place in the collection's sort order", gate: USER, parameters: [pathParam('collection')], body: body({ item: { oneOf: [str, int] }, to: { oneOf: [str, int] } }, ['item', 'to']), result: { kind: 'none' } },
  { path: '/utils/revert/{revision}', method: 'post', tag: 'Utilities', operationId: 'revertRevision', summary: 'Put an item back to the state a revision recorded', gate: USER, parameters: [pathParam('revision', int)], result: { kind: 'none' } },
];
