import type { CollectionOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { fieldTypeSchema } from './field-type-schema.js';
import type { OperationObject, PathItemObject, SchemaObject } from './oas.types.js';
import { ERROR_RESPONSES, FIELDS_PARAMETER as FIELDS, LIST_PARAMETERS, NO_CONTENT, dataResponse, json } from './shared-components.js';
import type { CollectionUse } from './spec-access.js';

/**
 * The `/items/<collection>` and `/items/<collection>/{id}` operations of one user collection, one per action
 * the caller holds: read → GET, create → POST, update → PATCH, delete → DELETE. A singleton has only GET and
 * PATCH on `/items/<collection>`. `name` is the collection's schema (and tag) name.
 */
export function itemPaths(overview: CollectionOverview, use: CollectionUse, name: string): Record<string, PathItemObject> {
  const item: SchemaObject = { $ref: `#/components/schemas/${name}` };
  const items: SchemaObject = { type: 'array', items: item };
  const key = keySchema(overview);
  const keys: SchemaObject = { type: 'array', items: key };
  const can = (action: 'read' | 'create' | 'update' | 'delete') => use.actions.has(action);
  const op = (operationId: string, summary: string, rest: Omit<OperationObject, 'operationId' | 'summary' | 'tags'>): OperationObject => ({
    summary,
    operationId,
    tags: [name],
    ...rest,
    responses: { ...rest.responses, ...ERROR_RESPONSES },
  });

  const list: PathItemObject = {};
  const detail: PathItemObject = {};
  const c = overview.collection;

  if (overview.singleton) {
    if (can('read'))
      list.get = op(`read${name}`, `Read the ${c} singleton`, { parameters: FIELDS, responses: { '200': dataResponse(item) } });
    if (can('update')) {
      list.patch = op(`update${name}`, `Update the ${c} singleton`, {
        parameters: FIELDS,
        requestBody: { required: true, content: json(item) },
        responses: { '200': dataResponse(item) },
      });
    }
    return Object.keys(list).length > 0 ? { [`/items/${c}`]: list } : {};
  }

  if (can('read')) {
    list.get = op(`read${name}`, `List the ${c} items`, {
      parameters: LIST_PARAMETERS,
      responses: { '200': dataResponse(items, { meta: { $ref: '#/components/schemas/Meta' } }) },
    });
    detail.get = op(`readSingle${name}`, `Read one ${c} item`, { parameters: FIELDS, responses: { '200': dataResponse(item) } });
  }
  if (can('create')) {
    list.post = op(`create${name}`, `Create one or more ${c} items`, {
      parameters: FIELDS,
      requestBody: { required: true, content: json({ oneOf: [item, items] }) },
      responses: { '200': dataResponse({ oneOf: [item, items] }) },
    });
  }
  if (can('update')) {
    list.patch = op(`update${name}`, `Update several ${c} items`, {
      parameters: FIELDS,
      requestBody: {
        required: true,
        content: json({
          oneOf: [
            { type: 'object', properties: { keys: keys, data: item }, required: ['keys', 'data'] },
            {
              type: 'object',
              properties: { query: { type: 'object', additionalProperties: true }, data: item },
              required: ['query', 'data'],
            },
            items,
          ],
        }),
      },
      responses: { '200': dataResponse(items) },
    });
    detail.patch = op(`updateSingle${name}`, `Update one ${c} item`, {
      parameters: FIELDS,
      requestBody: { required: true, content: json(item) },
      responses: { '200': dataResponse(item) },
    });
  }
  if (can('delete')) {
    list.delete = op(`delete${name}`, `Delete several ${c} items`, {
      requestBody: {
        required: true,
        content: json({
          oneOf: [
            keys,
            { type: 'object', properties: { keys }, required: ['keys'] },
            { type: 'object', properties: { query: { type: 'object', additionalProperties: true } }, required: ['query'] },
          ],
        }),
      },
      responses: { '204': NO_CONTENT },
    });
    detail.delete = op(`deleteSingle${name}`, `Delete one ${c} item`, { responses: { '204': NO_CONTENT } });
  }

  const idParameter = { name: 'id', in: 'path' as const, required: true, description: `Primary key of the ${c} item.`, schema: key };
  for (const operation of Object.values(detail)) operation.parameters = [idParameter, ...(operation.parameters ?? [])];
  const paths: Record<string, PathItemObject> = {};
  if (Object.keys(list).length > 0) paths[`/items/${c}`] = list;
  if (Object.keys(detail).length > 0) paths[`/items/${c}/{id}`] = detail;
  return paths;
}

/** The schema of the collection's primary key (a string when the key's type says nothing). */
export function keySchema(overview: CollectionOverview): SchemaObject {
  const primary = overview.fields[overview.primary];
  const schema = primary ? fieldTypeSchema(primary.type) : null;
  return schema && schema.type ? schema : { type: 'string' };
}
