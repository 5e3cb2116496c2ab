import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionArgs,
} from 'graphql';
import { makeServer, type Server } from 'graphql-ws';
import type { Config } from '../../config/index.js';
import type { Logger } from '../../kernel/logger.js';
import type { Connection, RealtimeService } from '../../modules/realtime/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';
import { GRAPHQL_QUERY_TOKEN_LIMIT } from '../run-graphql.js';
import type { SchemaCache } from '../schema/schema-cache.js';
import { maxDepthRule } from '../validation/max-depth.js';
import { buildSubscriptionSchema } from './build-subscription-schema.js';

/** What graphql-ws keeps of each socket: its realtime connection and its upgrade request. */
export type SubscriptionSocketExtra = { connection: Connection; request: FastifyRequest };

export type SubscriptionServerDeps = {
  config: Config;
  logger: Logger;
  realtime: RealtimeService;
  items: GraphqlDeps['items'];
  cache: SchemaCache;
};

/**
 * GraphQL subscriptions over graphql-ws (docs/realtime.md): `connection_init` authenticates (its
 * `connectionParams.access_token`; WEBSOCKETS_GRAPHQL_AUTH decides whether one is needed), each `subscribe` is
 * parsed, checked against the caller's current schema and run; only subscription operations are served (queries
 * and mutations go over HTTP). The events come from the realtime service, read for each subscriber.
 */
export function createSubscriptionServer(deps: SubscriptionServerDeps): Server<SubscriptionSocketExtra> {
  const { config, realtime } = deps;
  const settings = config.websockets.graphql;
  return makeServer<Record<string, unknown> | undefined, SubscriptionSocketExtra>({
    connectionInitWaitTimeout: settings.authTimeout * 1000,
    // This module's graphql-js, not the one graphql-ws would import itself (a second copy refuses our schemas).
    execute,
    subscribe,
    validate,
    onConnect: async ({ connectionParams, extra }) => {
      const token = connectionParams?.access_token;
      if (token === undefined || token === null) return settings.auth !== 'handshake';
      if (typeof token !== 'string') return false;
      try {
        await realtime.authenticate(extra.connection, token);
        return true;
      } catch (error) {
        deps.logger.debug({ err: error }, 'graphql subscription authentication failed');
        return false;
      }
    },
    onSubscribe: async ({ extra }, _id, payload): Promise<ExecutionArgs | readonly GraphQLError[]> => {
      // Each operation counts as a request of the socket's address, in the same counters as HTTP.
      const exceeded = await realtime.rateLimited(extra.connection);
      if (exceeded) return [new GraphQLError(exceeded.message, { extensions: { code: exceeded.code } })];
      let document: DocumentNode;
      try {
        document = parse(payload.query, { maxTokens: GRAPHQL_QUERY_TOKEN_LIMIT });
      } catch (error) {
        return [error instanceof GraphQLError ? error : new GraphQLError('Invalid document')];
      }
      const operation = getOperationAST(document, payload.operationName);
      if (!operation) return [new GraphQLError('Unknown or ambiguous operation.')];
      if (operation.operation !== 'subscription')
        return [
          new GraphQLError('Only subscriptions are served over WebSockets: send queries and mutations over HTTP.', { nodes: operation }),
        ];
      const ctx = await realtime.contextOf(extra.connection);
      const schema = deps.cache.get(ctx.schema, ctx.permissions, 'subscriptions', () =>
        buildSubscriptionSchema(deps.items, ctx.schema, ctx.permissions),
      );
      const rules = [
        ...specifiedRules,
        maxDepthRule(ctx.config.query.maxRelationalDepth + 2),
        ...(ctx.config.query.graphqlIntrospection ? [] : [NoSchemaIntrospectionCustomRule]),
      ];
      const errors = validate(schema, document, rules);
      if (errors.length > 0) return errors;
      // Subscription resolvers never set cookies: the socket has no HTTP reply.
      const contextValue: GraphqlContext = {
        ctx,
        request: extra.request,
        reply: null as unknown as FastifyReply,
        live: { realtime, connection: extra.connection },
      };
      return {
        schema,
        document,
        operationName: payload.operationName ?? null,
        variableValues: payload.variables ?? null,
        contextValue,
      };
    },
  });
}
