import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/index.js';
import type { CounterStore } from '../engine/rate-limit/create-counter-store.js';
import type { Accountability } from '../kernel/context/accountability.js';
import { serviceUnavailable, type AppError } from '../kernel/errors/index.js';
import type { Logger } from '../kernel/logger.js';
import { createServerRoutes } from './routes/server/server.routes.js';
import { parseExportFormat } from '../kernel/export/format-export.js';
import { authenticatePlugin, clientIp, type AuthenticateInput } from './plugins/authenticate.js';
import { cookieWriteGuardPlugin } from './plugins/cookie-write-guard.js';
import { redactSecretsInUrl } from '../kernel/redact-secrets.js';
import { registerBodyParsers } from './plugins/body-parsers.js';
import { errorHandlerPlugin, sendError } from './plugins/error-handler.js';
import { parseQuerystring } from './plugins/querystring.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { rawQueryOf, requestPath } from './request-context.js';

export type HttpDeps = {
  config: Config;
  logger: Logger;
  /** Resolves the token (or none) of a request to an Accountability; throws catalogue errors (TOKEN_EXPIRED, INVALID_TOKEN, INVALID_CREDENTIALS). */
  authenticate: (input: AuthenticateInput) => Promise<Accountability>;
  /** Module route plugins, registered under their prefix (e.g. { prefix: '/items', plugin }). */
  routes: { prefix: string; plugin: FastifyPluginAsync }[];
  /** Maps a lower layer's error to a catalogue error (a lost database connection: 503), or null. */
  classifyError?: (error: unknown) => AppError | null;
  /**
   * Routes of static files (the admin app at /admin, the redirect of /): registered like `routes`, but their
   * requests skip authentication and the cache check, so a stale session cookie or a busy database never keeps
   * the app's files from loading. A prefix `/` covers the path `/` only.
   */
  staticRoutes?: { prefix: string; plugin: FastifyPluginAsync }[];
  /** Database health for /server/health. */
  checkDatabase: () => Promise<void>;
  /** Redis and migration state for /server/health, where they apply. */
  checkRedis?: () => Promise<void>;
  checkMigrations?: () => Promise<boolean>;
  /**
   * Runs before authentication on every request but /server/ping and /server/health (which must answer while
   * the database does not): makes the instance's caches current. A failure answers 503 SERVICE_UNAVAILABLE.
   */
  prepareRequest?: () => Promise<void>;
  version: string;
  vendor: string;
  /**
   * Accept WebSocket upgrades (realtime, WEBSOCKETS_ENABLED): `maxPayload` is the largest frame in bytes; a route
   * takes sockets with `{ websocket: true }`. Registered first, so that an upgrade refused by any hook (rate
   * limit, authentication) still has its socket closed.
   */
  websocket?: { maxPayload: number } | null;
  /** The counters of the per-IP limiter, shared with the login throttle; without one the limiter makes its own. */
  rateLimitStore?: CounterStore;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful shutdown (GRACEFUL_SHUTDOWN_DELAY): the instance keeps serving, but every
     * response asks to close its connection and /server/health answers 503, so a load balancer moves away.
     */
    startDraining(): void;
    /** Whether startDraining was called (GraphQL's `server_health` reports it as /server/health does). */
    isDraining(): boolean;
  }
}

const PING_PATH = '/server/ping';
const HEALTH_PATH = '/server/health';
// Resolved from Fastify's own location: they are its dependencies, not ours.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));

type CompilerFactory = (...args: unknown[]) => (routeSchema: unknown) => unknown;
/**
 * Fastify's schema compilers (ajv, fast-json-stringify: about 250 files) loaded only if a route ever declares a
 * JSON schema. Stratum's routes validate their input in the engine, so a normal start never loads them.
 */
function lazyCompiler(module: string): CompilerFactory {
  let factory: CompilerFactory | null = null;
  return (...args) => {
    factory ??= (fastifyRequire(module) as () => CompilerFactory)();
    return factory(...args);
  };
}
const BODY_DEFAULT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'SEARCH']);

/**
 * Assembles the HTTP server (does not listen): body parsers, qs query strings, CORS, rate limiting, cookies,
 * authentication, the error envelope, /server/ping, the /server module and every module route plugin.
 * The /server routes are registered here unless `routes` already has a `/server` entry.
 */
export function buildServer(deps: HttpDeps): FastifyInstance {
  const { config } = deps;
  const server = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.server.maxPayloadSize,
    trustProxy: config.server.ipTrustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    genReqId: () => randomUUID(),
    schemaController: {
      compilersFactory: {
        buildValidator: lazyCompiler('@fastify/ajv-compiler') as never,
        buildSerializer: lazyCompiler('@fastify/fast-json-stringify-compiler') as never,
      },
    },
    routerOptions: {
      querystringParser: parseQuerystring,
      ignoreTrailingSlash: true,
      maxParamLength: 500,
    },
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply);
    },
  });

  // Directus reads with a body through SEARCH (`{query}` or `{keys}`); module routes can declare it.
  server.addHttpMethod('SEARCH', { hasBody: true });
  registerBodyParsers(server);

  const lifecycle = { draining: false };
  server.decorate('startDraining', () => {
    lifecycle.draining = true;
  });
  server.decorate('isDraining', () => lifecycle.draining);
  // Per-request hooks are synchronous (callback style): an async hook costs a promise per request.
  server.addHook('onRequest', (_request, reply, done) => {
    reply.header('X-Powered-By', 'Stratum');
    if (lifecycle.draining) reply.header('Connection', 'close');
    done();
  });
  // One line per request (LOG_REQUESTS, at info; at debug when turned off). The path loses its token values.
  const requestLevel = config.log.requests ? 'info' : 'debug';
  if (deps.logger.isLevelEnabled(requestLevel)) {
    server.addHook('onResponse', (request, reply, done) => {
      const url = redactSecretsInUrl(request.url);
      const ms = Math.round(reply.elapsedTime);
      request.log[requestLevel](
        { method: request.method, url, statusCode: reply.statusCode, responseTime: ms },
        `${request.method} ${url} ${reply.statusCode} ${ms} ms`,
      );
      done();
    });
  }
  // Directus gives a body-less POST/PATCH/PUT/SEARCH the body `{}`.
  server.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && BODY_DEFAULT_METHODS.has(request.method)) request.body = {};
    done();
  });
  // An unknown ?export= fails before the handler runs (and before any write happens).
  server.addHook('preHandler', (request, _reply, done) => {
    const format = rawQueryOf(request)['export'];
    if (format === undefined) return done();
    try {
      parseExportFormat(format);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  if (deps.websocket) {
    void server.register(fastifyWebsocket, {
      options: { maxPayload: deps.websocket.maxPayload },
      errorHandler: (error, socket, request) => {
        request.log.warn({ err: error }, 'websocket error');
        socket.terminate();
      },
    });
  }
  void server.register(errorHandlerPlugin, { classify: deps.classifyError });
  if (config.cors.enabled) {
    void server.register(fastifyCors, {
      origin: config.cors.origin,
      methods: config.cors.methods,
      allowedHeaders: config.cors.allowedHeaders,
      exposedHeaders: config.cors.exposedHeaders,
      credentials: config.cors.credentials,
      maxAge: config.cors.maxAge,
    });
  }
  if (config.rateLimiter.enabled) {
    void server.register(rateLimitPlugin, {
      config: config.rateLimiter,
      keyOf: (request) => clientIp(request, config.server.ipCustomHeader) ?? 'unknown',
      store: deps.rateLimitStore,
      redis: { url: config.redis, keyPrefix: config.redisKeyPrefix },
    });
  }
  void server.register(fastifyCookie);
  void server.register(cookieWriteGuardPlugin, { config });
  const staticPrefixes = (deps.staticRoutes ?? []).map((route) => normalisePrefix(route.prefix));
  const isStaticPath = (path: string) =>
    staticPrefixes.some((prefix) => (prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`)));
  const prepare = deps.prepareRequest;
  if (prepare) {
    void server.register(
      fp(
        async (scope) => {
          scope.addHook('onRequest', async (request) => {
            const path = requestPath(request);
            if (path === PING_PATH || path === HEALTH_PATH || isStaticPath(path)) return;
            try {
              await prepare();
            } catch (error) {
              throw serviceUnavailable('database', "The database can't be reached", error);
            }
          });
        },
        { name: 'stratum-prepare-request' },
      ),
    );
  }
  void server.register(authenticatePlugin, { config, authenticate: deps.authenticate, skipPaths: [PING_PATH], skip: isStaticPath });

  server.get(PING_PATH, async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'));

  if (!deps.routes.some((route) => normalisePrefix(route.prefix) === '/server')) {
    void server.register(
      createServerRoutes({
        isDraining: () => lifecycle.draining,
        checkDatabase: deps.checkDatabase,
        checkRedis: deps.checkRedis,
        checkMigrations: deps.checkMigrations,
        version: deps.version,
        vendor: deps.vendor,
      }),
      {
        prefix: '/server',
      },
    );
  }
  for (const route of [...deps.routes, ...(deps.staticRoutes ?? [])])
    void server.register(route.plugin, { prefix: normalisePrefix(route.prefix) });

  server.log.debug({ routes: deps.routes.map((r) => r.prefix) }, 'http server assembled');
  return server;
}

function normalisePrefix(prefix: string): string {
  const withSlash = prefix.startsWith('/') ? prefix : `/${prefix}`;
  return withSlash.length > 1 && withSlash.endsWith('/') ? withSlash.slice(0, -1) : withSlash;
}
