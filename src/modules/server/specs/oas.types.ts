/**
 * The parts of the OpenAPI 3.0 vocabulary the generated document uses (a subset of the specification's
 * objects, loose where the document does not need more).
 */
export type SchemaObject = {
  $ref?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format?: string;
  nullable?: boolean;
  description?: string;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  oneOf?: SchemaObject[];
  enum?: unknown[];
  example?: unknown;
  'x-collection'?: string;
};

export type ParameterObject = {
  name: string;
  in: 'query' | 'path' | 'header';
  description?: string;
  required?: boolean;
  schema: SchemaObject;
};

export type MediaTypes = Record<string, { schema: SchemaObject }>;

export type ResponseObject = { description: string; content?: MediaTypes };

export type OperationObject = {
  summary: string;
  description?: string;
  operationId: string;
  tags: string[];
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, ResponseObject | { $ref: string }>;
  security?: Record<string, string[]>[];
};

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';
export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

export type TagObject = { name: string; description?: string; 'x-collection'?: string };

export type OpenApiDocument = {
  openapi: '3.0.3';
  info: { title: string; description: string; version: string };
  servers: { url: string; description?: string }[];
  tags: TagObject[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters: Record<string, ParameterObject>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer' } | { type: 'apiKey'; in: 'query'; name: string }>;
  };
  security: Record<string, string[]>[];
};
