import type { MediaTypes, OpenApiDocument, ParameterObject, ResponseObject, SchemaObject } from './oas.types.js';

const query = (name: string, description: string, schema: SchemaObject): ParameterObject => ({
  name,
  in: 'query',
  description,
  required: false,
  schema,
});

/** Query parameters shared by the read operations (`$ref: '#/components/parameters/<Name>'`). */
export const QUERY_PARAMETERS = {
  Fields: query('fields', 'Fields to return, comma separated; `*` for all, dotted paths into relations.', { type: 'string' }),
  Limit: query('limit', 'How many items to return (-1: all the caller may read, up to QUERY_LIMIT_MAX).', { type: 'integer' }),
  Offset: query('offset', 'How many items to skip.', { type: 'integer' }),
  Page: query('page', 'Page of `limit` items to return (1-based).', { type: 'integer' }),
  Sort: query('sort', 'Fields to sort by, comma separated; `-` in front sorts descending.', { type: 'string' }),
  Filter: query('filter', 'Rules the items must match, as JSON (`{"status":{"_eq":"published"}}`) or in bracket form.', { type: 'string' }),
  Search: query('search', 'Text to look for in the searchable fields.', { type: 'string' }),
  Meta: query('meta', 'Counts to add under `meta`: `total_count`, `filter_count` or `*`.', { type: 'string' }),
} as const satisfies Record<string, ParameterObject>;

export type QueryParameterName = keyof typeof QUERY_PARAMETERS;

export const parameterRef = (name: QueryParameterName) => ({ $ref: `#/components/parameters/${name}` });

/** The query parameters of a list read, and of a read of one item. */
export const LIST_PARAMETERS = (['Fields', 'Limit', 'Offset', 'Page', 'Sort', 'Filter', 'Search', 'Meta'] as const).map(parameterRef);
export const FIELDS_PARAMETER = [parameterRef('Fields')];

/** `application/json` content with one schema. */
export function json(schema: SchemaObject): MediaTypes {
  return { 'application/json': { schema } };
}

/** A `200` answer in the `{data}` envelope. */
export function dataResponse(data: SchemaObject, extra: Record<string, SchemaObject> = {}): ResponseObject {
  return { description: 'Successful request', content: json({ type: 'object', properties: { data, ...extra } }) };
}

export const NO_CONTENT: ResponseObject = { description: 'Successful request, no content' };

/** The error answers every operation can give (the `{errors}` envelope). */
export const ERROR_RESPONSES = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '403': { $ref: '#/components/responses/Forbidden' },
} as const;

const ERRORS_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          extensions: { type: 'object', properties: { code: { type: 'string', example: 'FORBIDDEN' } }, additionalProperties: true },
        },
        required: ['message'],
      },
    },
  },
  required: ['errors'],
};

const META_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'Counts asked for with `meta`.',
  properties: { total_count: { type: 'integer' }, filter_count: { type: 'integer' } },
};

const errorResponse = (description: string): ResponseObject => ({ description, content: json({ $ref: '#/components/schemas/Errors' }) });

/** The components every document has; collection schemas are added next to `Errors` and `Meta`. */
export function sharedComponents(): OpenApiDocument['components'] {
  return {
    schemas: { Errors: ERRORS_SCHEMA, Meta: META_SCHEMA },
    parameters: { ...QUERY_PARAMETERS },
    responses: {
      BadRequest: errorResponse('The request is malformed (INVALID_PAYLOAD, INVALID_QUERY, FAILED_VALIDATION, …).'),
      Unauthorized: errorResponse('The token is invalid or expired, or the credentials are wrong.'),
      Forbidden: errorResponse('The caller may not do this, or the item does not exist (FORBIDDEN).'),
    },
    securitySchemes: {
      Auth: { type: 'http', scheme: 'bearer' },
      KeyAuth: { type: 'apiKey', in: 'query', name: 'access_token' },
    },
  };
}
