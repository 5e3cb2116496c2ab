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

export const EVERYONE: EndpointGate = { kind: 'everyone' };
export const USER: EndpointGate = { kind: 'user' };
export const ADMIN: EndpointGate = { kind: 'admin' };
export const on = (collection: string, action: ItemAction): EndpointGate => ({ kind: 'collection', collection, action });
export const str: SchemaObject = { type: 'string' };
export const obj: SchemaObject = { type: 'object', additionalProperties: true };
export const objects: SchemaObject = { type: 'array', items: obj };
export const pathParam = (name: string, schema: SchemaObject = str): ParameterObject => ({ name, in: 'path', required: true, schema });
export const body = (properties: Record<string, SchemaObject>, required: string[] = []): SchemaObject => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
});
export const mode: SchemaObject = { type: 'string', enum: ['json', 'cookie', 'session'] };
export const tokens = body({
  access_token: { type: 'string', nullable: true },
  expires: { type: 'integer', nullable: true },
  refresh_token: { type: 'string', nullable: true },
});

/**
 * CRUD endpoints of a system collection served like `/items` (`/users`, `/roles`, …): list operations on
 * `base`, by-key operations on `base/{id}`, each gated by the matching action on the collection.
 */
export function crud(base: string, collection: string, tag: string, key: SchemaObject): SystemEndpoint[] {
  const item = { kind: 'item' as const, collection };
  const id = [pathParam('id', key)];
  return [
    {
      path: base,
      method: 'get',
      tag,
      operationId: `get${tag}`,
      summary: `List ${tag.toLowerCase()}`,
      gate: on(collection, 'read'),
      result: { ...item, many: true },
    },
    {
      path: base,
      method: 'post',
      tag,
      operationId: `create${tag}`,
      summary: `Create ${tag.toLowerCase()}`,
      gate: on(collection, 'create'),
      body: item,
      result: item,
    },
    {
      path: base,
      method: 'patch',
      tag,
      operationId: `update${tag}`,
      summary: `Update several ${tag.toLowerCase()}`,
      gate: on(collection, 'update'),
      body: body({ keys: { type: 'array', items: key }, data: obj }),
      result: { ...item, many: true },
    },
    {
      path: base,
      method: 'delete',
      tag,
      operationId: `delete${tag}`,
      summary: `Delete several ${tag.toLowerCase()}`,
      gate: on(collection, 'delete'),
      body: { type: 'array', items: key },
      result: { kind: 'none' },
    },
    {
      path: `${base}/{id}`,
      method: 'get',
      tag,
      operationId: `get${tag}Item`,
      summary: `Read one of ${tag.toLowerCase()}`,
      gate: on(collection, 'read'),
      parameters: id,
      result: item,
    },
    {
      path: `${base}/{id}`,
      method: 'patch',
      tag,
      operationId: `update${tag}Item`,
      summary: `Update one of ${tag.toLowerCase()}`,
      gate: on(collection, 'update'),
      parameters: id,
      body: item,
      result: item,
    },
    {
      path: `${base}/{id}`,
      method: 'delete',
      tag,
      operationId: `delete${tag}Item`,
      summary: `Delete one of ${tag.toLowerCase()}`,
      gate: on(collection, 'delete'),
      parameters: id,
      result: { kind: 'none' },
    },
  ];
}

/**
 * Schema endpoints (`/collections`, `/fields`, `/relations`): readable with the collection's read rule, changed
 * by administrators. `keys` are the path segments of one entry; `createUnder` is how many of them the create
 * path takes (`POST /fields/{collection}`, `POST /relations`).
 */
export function schemaEndpoints(
  base: string,
  collection: string,
  tag: string,
  keys: string[],
  createUnder: number,
  options: { batchUpdate?: boolean } = {},
): SystemEndpoint[] {
  const under = (n: number) =>
    `${base}${keys
      .slice(0, n)
      .map((k) => `/{${k}}`)
      .join('')}`;
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
    endpoints.push({
      path: under(i + 1),
      method: 'get',
      tag,
      operationId,
      summary: `List ${tag.toLowerCase()} of one ${key}`,
      gate: read,
      parameters: params(i + 1),
      result: data(objects),
    });
  });
  endpoints.push(
    {
      path: byKey,
      method: 'get',
      tag,
      operationId: `get${tag}Item`,
      summary: `Read one of ${tag.toLowerCase()}`,
      gate: read,
      parameters: params(keys.length),
      result: data(obj),
    },
    {
      path: under(createUnder),
      method: 'post',
      tag,
      operationId: `create${tag}Item`,
      summary: `Create one of ${tag.toLowerCase()}`,
      gate: ADMIN,
      ...(createUnder > 0 ? { parameters: params(createUnder) } : {}),
      body: obj,
      result: data(obj),
    },
    {
      path: byKey,
      method: 'patch',
      tag,
      operationId: `update${tag}Item`,
      summary: `Update one of ${tag.toLowerCase()}`,
      gate: ADMIN,
      parameters: params(keys.length),
      body: obj,
      result: data(obj),
    },
    ...(options.batchUpdate
      ? [
          {
            path: under(createUnder),
            method: 'patch' as const,
            tag,
            operationId: `update${tag}Batch`,
            summary: `Update several of ${tag.toLowerCase()} in one transaction`,
            gate: ADMIN,
            ...(createUnder > 0 ? { parameters: params(createUnder) } : {}),
            body: { type: 'array', items: obj } as SchemaObject,
            result: data(objects),
          },
        ]
      : []),
    {
      path: byKey,
      method: 'delete',
      tag,
      operationId: `delete${tag}Item`,
      summary: `Delete one of ${tag.toLowerCase()}`,
      gate: ADMIN,
      parameters: params(keys.length),
      result: { kind: 'none' },
    },
  );
  return endpoints;
}
export const uuid: SchemaObject = { type: 'string', format: 'uuid' };
export const int: SchemaObject = { type: 'integer' };
