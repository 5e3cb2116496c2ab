import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../setup/create-test-app.js';

export type GraphqlBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown>; locations?: unknown[]; path?: unknown[] }[];
};

export type GraphqlOptions = {
  token?: string | null;
  variables?: Record<string, unknown>;
  operationName?: string;
  headers?: Record<string, string>;
  /** `/graphql/system` unless `items`. */
  scope?: 'system' | 'items';
};

/** POSTs a GraphQL document to /graphql/system (or /graphql) and returns the raw response. */
export function gql(t: TestApp, query: string, options: GraphqlOptions = {}): Promise<LightMyRequestResponse> {
  const url = options.scope === 'items' ? '/graphql' : '/graphql/system';
  return t.request('POST', url, {
    token: options.token,
    headers: options.headers,
    body: {
      query,
      ...(options.variables ? { variables: options.variables } : {}),
      ...(options.operationName ? { operationName: options.operationName } : {}),
    },
  });
}

/** POSTs a document and expects a 200 GraphQL result without errors; returns `data`. */
export async function gqlData<T = Record<string, unknown>>(t: TestApp, query: string, options: GraphqlOptions = {}): Promise<T> {
  const response = await gql(t, query, options);
  const body = response.json() as GraphqlBody;
  if (response.statusCode !== 200 || body.errors) throw new Error(`GraphQL failed: ${response.statusCode} ${response.body}`);
  return body.data as T;
}

/** The validation envelope's inner GraphQL messages (400 GRAPHQL_VALIDATION). */
export function validationMessages(response: LightMyRequestResponse): string[] {
  const body = response.json() as { errors: { extensions: { errors?: { message: string }[] } }[] };
  return (body.errors[0]?.extensions.errors ?? []).map((e) => e.message);
}
