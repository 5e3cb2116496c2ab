import type { Accountability } from '../../../kernel/context/index.js';
import type { OperationObject, PathItemObject, ResponseObject, SchemaObject } from './oas.types.js';
import { ERROR_RESPONSES, FIELDS_PARAMETER, LIST_PARAMETERS, NO_CONTENT, dataResponse, json } from './shared-components.js';
import type { CollectionUse } from './spec-access.js';
import { SYSTEM_ENDPOINTS, type EndpointGate, type EndpointResult, type SystemEndpoint } from './system-endpoints.js';

/** Whether a caller passes an endpoint's gate. */
export function passesGate(gate: EndpointGate, accountability: Accountability, access: ReadonlyMap<string, CollectionUse>): boolean {
  switch (gate.kind) {
    case 'everyone':
      return true;
    case 'user':
      return accountability.user !== null && (!gate.also || passesGate({ kind: 'collection', ...gate.also }, accountability, access));
    case 'admin':
      return accountability.admin;
    case 'collection':
      return accountability.admin || (access.get(gate.collection)?.actions.has(gate.action) ?? false);
  }
}

/**
 * The system endpoints the caller may use, as OpenAPI paths. `documented` names the item schema of each
 * collection the document has one for; other items are described as any object.
 */
export function systemPaths(
  accountability: Accountability,
  access: ReadonlyMap<string, CollectionUse>,
  documented: ReadonlyMap<string, string>,
  endpoints: readonly SystemEndpoint[] = SYSTEM_ENDPOINTS,
): Record<string, PathItemObject> {
  const paths: Record<string, PathItemObject> = {};
  const itemSchema = (collection: string): SchemaObject => {
    const name = documented.get(collection);
    return name === undefined ? { type: 'object', additionalProperties: true } : { $ref: `#/components/schemas/${name}` };
  };
  for (const endpoint of endpoints) {
    if (!passesGate(endpoint.gate, accountability, access)) continue;
    // Item-style answers take the query parameters of /items: all of them for lists, `fields` otherwise.
    const query =
      endpoint.result.kind !== 'item'
        ? []
        : endpoint.result.many === true && endpoint.method === 'get'
          ? LIST_PARAMETERS
          : FIELDS_PARAMETER;
    const parameters = [...(endpoint.parameters ?? []), ...query];
    const operation: OperationObject = {
      summary: endpoint.summary,
      operationId: endpoint.operationId,
      tags: [endpoint.tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      responses: { ...resultResponses(endpoint.result, itemSchema), ...ERROR_RESPONSES },
    };
    if (endpoint.body) {
      const schema = 'kind' in endpoint.body ? itemSchema(endpoint.body.collection) : endpoint.body;
      operation.requestBody = { required: true, content: json(schema) };
    }
    (paths[endpoint.path] ??= {})[endpoint.method] = operation;
  }
  return paths;
}

function resultResponses(result: EndpointResult, itemSchema: (collection: string) => SchemaObject): Record<string, ResponseObject> {
  switch (result.kind) {
    case 'item': {
      const item = itemSchema(result.collection);
      return { '200': dataResponse(result.many === true ? { type: 'array', items: item } : item) };
    }
    case 'data':
      return { '200': dataResponse(result.schema) };
    case 'bare':
      return {
        '200': { description: 'Successful request', content: { [result.contentType ?? 'application/json']: { schema: result.schema } } },
      };
    case 'none':
      return { '204': NO_CONTENT };
  }
}
