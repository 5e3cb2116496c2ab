import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { methodNotAllowed } from '../kernel/errors/index.js';
import type { GraphqlContext, GraphqlDeps } from './graphql.types.js';
import { executeGraphql, type AnswerText } from './execution/execute-graphql.js';
import { readGraphqlParams } from './read-graphql-params.js';
import { classifyDatabaseError } from '../database/classify-database-error.js';
import { formatResolverError, graphqlExecutionError, graphqlValidationError } from './resolvers/map-error.js';
import { buildGraphqlSchema } from './schema/build-graphql-schema.js';
import type { GraphqlScope } from './schema/exposed-collections.js';
import type { SchemaCache } from './schema/schema-cache.js';
import { maxDepthRule } from './validation/max-depth.js';
import {
  countFieldSelections,
  countRootResponseNames,
  GRAPHQL_MAX_FIELDS,
  GRAPHQL_MAX_ROOT_FIELDS,
  tooManyFieldsError,
  tooManyRootFieldsError,
} from './validation/max-fields.js';
import { singleUseMutationsRule } from './validation/single-use-mutations.js';

/** Directus's GRAPHQL_QUERY_TOKEN_LIMIT default: longer documents are refused before they are parsed further. */
export const GRAPHQL_QUERY_TOKEN_LIMIT = 5000;

/** The longest document text whose parse is kept (SchemaCache.parsed). */
const PARSED_CACHE_MAX_LENGTH = 20_000;

export type GraphqlResponse = { data?: unknown; errors?: GraphQLFormattedError[] };

/**
 * One GraphQL request, end to end: read the parameters, parse (token limit), build or reuse the caller's schema,
 * validate (standard rules, single-use mutations, depth), execute with the request's Context, format errors.
 * Request-level problems throw catalogue errors (400/405); resolver errors come back inside the result. An answer
 * made partly from kept rows comes back as its JSON text (decision 0178), to be sent as it is.
 */
export async function runGraphql(
  deps: GraphqlDeps,
  cache: SchemaCache,
  scope: GraphqlScope,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<GraphqlResponse | string> {
  const params = readGraphqlParams(request);
  const document = parseDocument(cache, params.query);

  const operation = getOperationAST(document, params.operationName);
  if (request.method === 'GET' && operation && operation.operation !== 'query') throw methodNotAllowed('GET', ['POST']);

  const ctx = await deps.contextFor(request);
  const schema = cache.get(ctx.schema, ctx.permissions, scope, () => buildGraphqlSchema(deps, ctx.schema, ctx.permissions, scope));
  validateOnce(cache, schema, document, ctx.config.query.maxRelationalDepth + 2, ctx.config.query.graphqlIntrospection);
  // A caller without any mutation has no Mutation type: that is their schema refusing the document.
  if (operation && !schema.getRootType(operation.operation)) {
    throw graphqlValidationError([
      new GraphQLError(`Schema is not configured to execute ${operation.operation} operation.`, { nodes: operation }),
    ]);
  }

  const contextValue: GraphqlContext = { ctx, request, reply };
  let result: ExecutionResult | AnswerText;
  try {
    result = await executeGraphql({
      schema,
      document,
      variableValues: params.variables,
      operationName: params.operationName,
      contextValue,
    });
  } catch (error) {
    throw graphqlExecutionError(error);
  }
  if ('text' in result) return result.text;
  // No data at all: the request itself was wrong (unknown operation, variables of the wrong type).
  if (result.data === undefined && result.errors && result.errors.length > 0) throw graphqlValidationError(result.errors);
  const response: GraphqlResponse = { data: result.data ?? null };
  if (result.errors && result.errors.length > 0)
    response.errors = result.errors.map((e) => formatResolverError(e, ctx.logger, (error) => classifyDatabaseError(ctx.dialect, error)));
  return response;
}

/**
 * Validates a document against a schema once per schema object: first its size (fields as executed, top-level
 * names), which is linear and refuses amplification before the standard rules (some quadratic) run; then the
 * standard rules, single-use mutations, depth, and no introspection when it is off.
 */
function validateOnce(cache: SchemaCache, schema: GraphQLSchema, document: DocumentNode, maxDepth: number, introspection: boolean): void {
  const valid = cache.validated(schema, introspection ? maxDepth : -maxDepth);
  if (valid.has(document)) return;
  if (countFieldSelections(document, GRAPHQL_MAX_FIELDS) > GRAPHQL_MAX_FIELDS)
    throw graphqlValidationError([tooManyFieldsError(GRAPHQL_MAX_FIELDS)]);
  if (countRootResponseNames(document) > GRAPHQL_MAX_ROOT_FIELDS)
    throw graphqlValidationError([tooManyRootFieldsError(GRAPHQL_MAX_ROOT_FIELDS)]);
  const rules = [
    ...specifiedRules,
    singleUseMutationsRule,
    maxDepthRule(maxDepth),
    ...(introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
  const errors = validate(schema, document, rules, { maxErrors: 20 });
  if (errors.length > 0) throw graphqlValidationError(errors);
  valid.add(document);
}

/** Parses a document, or takes the one parsed from the same text (documents are never changed after parsing). */
function parseDocument(cache: SchemaCache, query: string): DocumentNode {
  const cached = cache.parsed.get(query);
  if (cached) return cached;
  const document = parseText(query);
  if (query.length <= PARSED_CACHE_MAX_LENGTH) cache.parsed.set(query, document);
  return document;
}

function parseText(query: string): DocumentNode {
  try {
    return parse(query, { maxTokens: GRAPHQL_QUERY_TOKEN_LIMIT });
  } catch (error) {
    if (error instanceof GraphQLError) throw graphqlValidationError([error]);
    // A document nested deeply enough to exhaust the parser's stack is refused the same way.
    throw graphqlValidationError([new GraphQLError('The document could not be parsed.')]);
  }
}
