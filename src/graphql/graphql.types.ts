import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import type { CacheSync } from '../engine/cache-sync/create-cache-sync.js';
import type { SchemaStore } from '../engine/schema-overview/create-schema-store.js';
import type { Context } from '../engine/context.js';
import type { AuthService, PasswordService, TfaService } from '../modules/auth/index.js';
import type { ItemsService, PrimaryKey } from '../modules/items/index.js';
import type { Query } from '../engine/query/query.types.js';
import type { InvitesService, RegistrationService } from '../modules/users/index.js';
import type { Connection, RealtimeService } from '../modules/realtime/index.js';
import type { HealthChecks, ServerFacts } from '../modules/server/index.js';

/** What the GraphQL transport needs from the app: the same services and request context as REST. */
export type GraphqlDeps = {
  config: Config;
  items: ItemsService;
  auth: AuthService;
  /** Password reset requests and resets (the same service as REST). */
  passwords: PasswordService;
  /** Two-factor authentication (the same service as REST). */
  tfa: TfaService;
  /** Invitations and public registration (the same services as REST). */
  invites: InvitesService;
  registration: RegistrationService;
  /** Reads an item as a content version has it (the `version` argument of `<collection>_by_id`, modules/versions). */
  readVersion?: (ctx: Context, collection: string, key: PrimaryKey, version: unknown, query: Query) => Promise<Record<string, unknown>>;
  /** The schema store the collections, fields and relations services read through (as REST's). */
  schemaStore: SchemaStore;
  /** What `server_info` and `server_health` report, through the same functions as /server/info and /server/health. */
  server: { facts: ServerFacts; health: Omit<HealthChecks, 'isDraining'> };
  /** Cross-instance cache versions (`utils_cache_clear`). */
  cacheSync: Pick<CacheSync, 'clear'>;
  /** The request's Context (accountability, permission set, schema), as the REST routes build it. */
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

/** The `contextValue` every resolver receives: the request's Context plus the HTTP exchange (auth cookies). */
export type GraphqlContext = {
  ctx: Context;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Root fields already resolved by executeGraphql before it handed the operation to graphql-js, by response
   * name: each gives the resolver's first outcome again (shapedRootField).
   */
  resolvedRoots?: Map<string, () => unknown>;
  /** A GraphQL subscription socket (graphql-ws): the realtime service its subscriptions go through. */
  live?: { realtime: RealtimeService; connection: Connection };
};
