import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../src/config/index.js';
import { publicAccountability, type Accountability } from '../../src/kernel/context/accountability.js';
import { invalidCredentials, invalidPayload, invalidToken, tokenExpired } from '../../src/kernel/errors/index.js';
import type { Logger } from '../../src/kernel/logger.js';
import type { AuthenticateInput } from '../../src/http/plugins/authenticate.js';
import { accountabilityOf, rawQueryOf } from '../../src/http/request-context.js';
import { sendResult } from '../../src/http/respond.js';
import { buildServer } from '../../src/http/server.js';

/**
 * Test-only: a server with stub dependencies. Tokens: `admin`, `user`, `expired` (TOKEN_EXPIRED),
 * `bad` (INVALID_TOKEN), `gone` (INVALID_CREDENTIALS); anything else is INVALID_CREDENTIALS; none is public.
 */
export function buildTestServer(
  options: {
    env?: Record<string, string>;
    routes?: { prefix: string; plugin: FastifyPluginAsync }[];
    checkDatabase?: () => Promise<void>;
    checkRedis?: () => Promise<void>;
    checkMigrations?: () => Promise<boolean>;
    logger?: Logger;
  } = {},
): { server: FastifyInstance; calls: AuthenticateInput[] } {
  const config = loadConfig({ NODE_ENV: 'test', ...options.env }, { readDotEnv: false });
  const calls: AuthenticateInput[] = [];
  const server = buildServer({
    config,
    logger: options.logger ?? pino({ level: 'silent' }),
    authenticate: async (input) => {
      calls.push(input);
      return fakeAccountability(input);
    },
    routes: options.routes ?? [
      { prefix: '/test', plugin: testRoutes },
      { prefix: '/auth', plugin: authRoutes },
    ],
    checkDatabase: options.checkDatabase ?? (async () => undefined),
    checkRedis: options.checkRedis,
    checkMigrations: options.checkMigrations,
    version: '1.2.3',
    vendor: 'sqlite',
  });
  return { server, calls };
}

function fakeAccountability(input: AuthenticateInput): Accountability {
  const origin = { ip: input.ip, userAgent: input.userAgent, origin: input.origin };
  switch (input.token) {
    case null:
      return publicAccountability(origin);
    case 'admin':
      return { ...publicAccountability(origin), user: 'u-admin', role: 'r-admin', roles: ['r-admin'], admin: true, app: true };
    case 'user':
      return { ...publicAccountability(origin), user: 'u-user', role: 'r-user', roles: ['r-user'], app: true };
    case 'expired':
      throw tokenExpired();
    case 'bad':
      throw invalidToken();
    default:
      throw invalidCredentials();
  }
}

/** Routes that exercise every kind of answer. */
export const testRoutes: FastifyPluginAsync = async (server) => {
  server.get('/data', async (request, reply) =>
    sendResult(
      request,
      reply,
      {
        data: [
          { id: 1, title: 'Hello "world"' },
          { id: 2, title: 'x', tags: ['a'] },
        ],
        meta: { total_count: 2 },
      },
      { collection: 'articles' },
    ),
  );
  server.get('/one', async (request, reply) => sendResult(request, reply, { data: { id: 1, name: 'A & B' } }));
  // A result kept for reuse (decision 0033) is frozen; the same object is sent again and again.
  const kept = Object.freeze({ data: Object.freeze([Object.freeze({ id: 1, title: 'Kept' })]), meta: Object.freeze({ total_count: 1 }) });
  server.get('/kept', async (request, reply) => sendResult(request, reply, kept, { collection: 'articles' }));
  server.get('/nothing', async (request, reply) => sendResult(request, reply, null));
  server.get('/bare', async (request, reply) => sendResult(request, reply, { data: { version: 1 } }, { bare: true }));
  server.post('/echo', async (request, reply) => sendResult(request, reply, { data: request.body ?? null }));
  server.post('/raw', async (request, reply) =>
    sendResult(request, reply, {
      data: { isBuffer: Buffer.isBuffer(request.body), length: Buffer.isBuffer(request.body) ? request.body.length : null },
    }),
  );
  server.route({
    method: 'SEARCH',
    url: '/search',
    handler: async (request, reply) => sendResult(request, reply, { data: request.body ?? null }),
  });
  server.get('/query', async (request, reply) => sendResult(request, reply, { data: rawQueryOf(request) }));
  server.get('/whoami', async (request, reply) => sendResult(request, reply, { data: accountabilityOf(request) }));
  server.get('/app-error', async () => {
    throw invalidPayload('"title" is required');
  });
  server.get('/aggregate', async () => {
    throw new AggregateError([invalidPayload('first'), invalidPayload('second')]);
  });
  server.get('/boom', async () => {
    throw new Error('SQLITE_ERROR: no such table: secret_table');
  });
  server.get('/throw-string', async () => {
    throw 'a string';
  });
  server.get(
    '/validated',
    { schema: { querystring: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
    async (request, reply) => sendResult(request, reply, { data: request.query }),
  );
};

export const authRoutes: FastifyPluginAsync = async (server) => {
  const who = async (request: Parameters<typeof accountabilityOf>[0]) => ({ data: { user: accountabilityOf(request).user } });
  server.post('/login', async (request, reply) => sendResult(request, reply, await who(request)));
  server.post('/refresh', async (request, reply) => sendResult(request, reply, await who(request)));
  server.post('/password/request', async (request, reply) => sendResult(request, reply, await who(request)));
  server.post('/logout', async (request, reply) => sendResult(request, reply, await who(request)));
};
