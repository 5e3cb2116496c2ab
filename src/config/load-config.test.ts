import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stratum-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('uses Directus defaults when nothing is set', () => {
    const config = loadConfig({}, { cwd: dir });
    expect(config.server).toEqual({
      host: '0.0.0.0',
      port: 8055,
      publicUrl: '/',
      maxPayloadSize: 1024 * 1024,
      gracefulShutdownDelay: 0,
      gracefulShutdownTimeout: 10_000,
      heapGrowingPercent: 25,
      heapYoungGenerationMb: 16,
      ipTrustProxy: false,
      ipCustomHeader: null,
    });
    expect(config.db).toMatchObject({ client: 'sqlite3', filename: './data/data.db', connectionString: null, poolMax: 10 });
    expect(config.auth).toMatchObject({ accessTokenTtl: 15 * 60_000, refreshTokenTtl: 7 * 86_400_000, loginStallTime: 500 });
    // argon2's own defaults, as Directus.
    expect(config.auth.passwordHash).toEqual({ memoryCost: 65536, timeCost: 3, parallelism: 4 });
    expect(config.auth.sessionCookie).toEqual({ name: 'service_session_token', domain: null, secure: false, sameSite: 'lax' });
    expect(config.auth.refreshCookie.name).toBe('service_refresh_token');
    expect(config.cors).toEqual({
      enabled: false,
      origin: false,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      exposedHeaders: ['Content-Range'],
      credentials: true,
      maxAge: 18000,
    });
    expect(config.query).toEqual({
      limitDefault: 100,
      limitMax: 1000,
      maxRelationalDepth: 10,
      maxFilterDepth: 20,
      maxBatchMutation: null,
      graphqlIntrospection: true,
    });
    expect(config.retention).toEqual({ activity: 90 * 86_400_000, revisions: 90 * 86_400_000, flowLogs: 90 * 86_400_000 });
    expect(config.redis).toBeNull();
  });

  it('generates a secret when SECRET is unset, and says so', () => {
    const a = loadConfig({}, { cwd: dir });
    const b = loadConfig({}, { cwd: dir });
    expect(a.secretGenerated).toBe(true);
    expect(a.secret.length).toBeGreaterThanOrEqual(32);
    expect(a.secret).not.toBe(b.secret);
    expect(loadConfig({ SECRET: 'my-secret-of-thirty-two-bytes-or-more' }, { cwd: dir })).toMatchObject({
      secret: 'my-secret-of-thirty-two-bytes-or-more',
      secretGenerated: false,
    });
  });

  it('refuses a SECRET shorter than 32 bytes outside development, and says how to make one', () => {
    for (const NODE_ENV of ['production', 'test']) {
      const problems = problemsOf(() => loadConfig({ SECRET: 'abc', NODE_ENV }, { cwd: dir }));
      expect(problems).toEqual([expect.stringMatching(/^SECRET must be at least 32 bytes \(it has 3\).*openssl rand/)]);
    }
    // 31 bytes is one too few; 32 bytes (counted in UTF-8) start.
    expect(problemsOf(() => loadConfig({ SECRET: 'x'.repeat(31) }, { cwd: dir }))).toHaveLength(1);
    expect(loadConfig({ SECRET: 'x'.repeat(32) }, { cwd: dir }).secret).toBe('x'.repeat(32));
    expect(loadConfig({ SECRET: 'é'.repeat(16) }, { cwd: dir }).secret).toBe('é'.repeat(16));
    // Development may use a short one; an empty one is generated everywhere.
    expect(loadConfig({ SECRET: 'abc', NODE_ENV: 'development' }, { cwd: dir }).secret).toBe('abc');
    expect(loadConfig({ NODE_ENV: 'production' }, { cwd: dir }).secretGenerated).toBe(true);
  });
});

describe('loadConfig types', () => {
  it('coerces integers, booleans, durations, sizes, lists and enums', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        IP_TRUST_PROXY: 'yes',
        ACCESS_TOKEN_TTL: '1h',
        GRACEFUL_SHUTDOWN_TIMEOUT: '250',
        MAX_PAYLOAD_SIZE: '500kb',
        PASSWORD_RESET_URL_ALLOW_LIST: 'https://a.example.com/reset, https://b.example.com/reset',
        CORS_ORIGIN: 'https://a.example.com,https://b.example.com',
        RATE_LIMITER_STORE: 'memory',
        QUERY_LIMIT_MAX: '500',
        HEAP_GROWING_PERCENT: '0',
        HEAP_YOUNG_GENERATION_MB: '8',
      },
      { cwd: dir },
    );
    expect(config.server.port).toBe(3000);
    expect(config.server.ipTrustProxy).toBe(true);
    expect(config.auth.accessTokenTtl).toBe(3_600_000);
    expect(config.server.gracefulShutdownTimeout).toBe(250);
    expect(config.server.maxPayloadSize).toBe(500 * 1024);
    expect(config.auth.passwordResetUrlAllowList).toEqual(['https://a.example.com/reset', 'https://b.example.com/reset']);
    expect(config.cors.origin).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.query.limitMax).toBe(500);
    expect(config.server.heapGrowingPercent).toBe(0);
    expect(config.server.heapYoungGenerationMb).toBe(8);
  });

  it('normalises DB_CLIENT aliases and picks the vendor port', () => {
    expect(loadConfig({ DB_CLIENT: 'postgres' }, { cwd: dir }).db).toMatchObject({ client: 'pg', port: 5432 });
    expect(loadConfig({ DB_CLIENT: 'mariadb' }, { cwd: dir }).db).toMatchObject({ client: 'mysql', port: 3306 });
    expect(loadConfig({ DB_CLIENT: 'pg', DB_PORT: '6543' }, { cwd: dir }).db.port).toBe(6543);
  });

  it('reads CORS_ORIGIN=true and retention false', () => {
    const config = loadConfig({ CORS_ORIGIN: 'true', ACTIVITY_RETENTION: 'false' }, { cwd: dir });
    expect(config.cors.origin).toBe(true);
    expect(config.retention.activity).toBeNull();
  });

  it("reads AUTH_<PROVIDER>_* into typed providers, with the drivers' defaults", () => {
    const config = loadConfig(
      {
        PUBLIC_URL: 'https://api.example.com',
        AUTH_PROVIDERS: 'Corp,github',
        AUTH_CORP_DRIVER: 'openid',
        AUTH_CORP_CLIENT_ID: 'id',
        AUTH_CORP_CLIENT_SECRET: 'shh',
        AUTH_CORP_ISSUER_URL: 'https://login.example.com/realms/corp',
        AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'true',
        AUTH_CORP_REDIRECT_ALLOW_LIST: 'https://app.example.com/done',
        AUTH_CORP_LABEL: 'Corporate',
        AUTH_GITHUB_DRIVER: 'oauth2',
        AUTH_GITHUB_CLIENT_ID: 'gid',
        AUTH_GITHUB_CLIENT_SECRET: 'gsecret',
        AUTH_GITHUB_AUTHORIZE_URL: 'https://github.com/login/oauth/authorize',
        AUTH_GITHUB_ACCESS_URL: 'https://github.com/login/oauth/access_token',
        AUTH_GITHUB_PROFILE_URL: 'https://api.github.com/user',
        AUTH_GITHUB_PARAMS: '{"allow_signup":"false"}',
        AUTH_GITHUB_MODE: 'cookie',
      },
      { cwd: dir },
    );
    expect(config.auth.providers.map((p) => p.name)).toEqual(['corp', 'github']);
    expect(config.auth.providers[0]).toMatchObject({
      driver: 'openid',
      clientId: 'id',
      clientSecret: 'shh',
      issuerUrl: 'https://login.example.com/realms/corp',
      scope: 'openid profile email',
      identifierKey: 'sub',
      emailKey: 'email',
      firstNameKey: 'given_name',
      allowPublicRegistration: true,
      defaultRoleId: null,
      redirectAllowList: ['https://app.example.com/done'],
      mode: 'session',
      label: 'Corporate',
      icon: null,
      tokenEndpointAuthMethod: 'client_secret_basic',
    });
    expect(config.auth.providers[1]).toMatchObject({
      driver: 'oauth2',
      scope: 'email',
      identifierKey: null,
      issuerUrl: 'https://github.com',
      params: { allow_signup: 'false' },
      mode: 'cookie',
      allowPublicRegistration: false,
    });
  });

  it('refuses provider settings that cannot work, listing each problem', () => {
    const problems = problemsOf(() =>
      loadConfig(
        {
          AUTH_PROVIDERS: 'default,corp,plain,bad-name,nodriver,insecure',
          AUTH_CORP_DRIVER: 'openid',
          AUTH_CORP_CLIENT_ID: 'id',
          AUTH_CORP_AUTHORIZE_URL: 'https://x.example.com/authorize',
          AUTH_CORP_ROLE_MAPPING: '{}',
          AUTH_CORP_MODE: 'json',
          AUTH_PLAIN_DRIVER: 'saml',
          AUTH_INSECURE_DRIVER: 'openid',
          AUTH_INSECURE_CLIENT_ID: 'id',
          AUTH_INSECURE_CLIENT_SECRET: 's',
          AUTH_INSECURE_ISSUER_URL: 'http://idp.internal',
          AUTH_INSECURE_REDIRECT_ALLOW_LIST: '/relative',
          AUTH_INSECURE_SCOPE: 'email profile',
        },
        { cwd: dir },
      ),
    );
    const text = problems.join('\n');
    expect(text).toContain('"default" is reserved');
    expect(text).toContain('AUTH_CORP_CLIENT_SECRET is required');
    expect(text).toContain('AUTH_CORP_ISSUER_URL is required');
    expect(text).toContain('AUTH_CORP_AUTHORIZE_URL does not apply to the openid driver');
    expect(text).toContain('AUTH_CORP_ROLE_MAPPING is not a setting');
    expect(text).toContain('AUTH_CORP_MODE must be one of session, cookie');
    expect(text).toContain('AUTH_PLAIN_DRIVER must be one of openid, oauth2');
    expect(text).toContain('"bad-name" must be letters and digits only');
    expect(text).toContain('AUTH_NODRIVER_DRIVER is required');
    expect(text).toContain('AUTH_INSECURE_ISSUER_URL uses plain http');
    expect(text).toContain('AUTH_INSECURE_REDIRECT_ALLOW_LIST: "/relative" is not an absolute http(s) URL');
    expect(text).toContain('AUTH_INSECURE_SCOPE must include "openid"');
  });

  it('reads provider secrets from *_FILE', () => {
    writeFileSync(join(dir, 'client-secret'), 'from-file\n');
    const config = loadConfig(
      {
        PUBLIC_URL: 'https://api.example.com',
        AUTH_PROVIDERS: 'corp',
        AUTH_CORP_DRIVER: 'openid',
        AUTH_CORP_CLIENT_ID: 'id',
        AUTH_CORP_CLIENT_SECRET_FILE: 'client-secret',
        AUTH_CORP_ISSUER_URL: 'https://idp.example.com',
      },
      { cwd: dir },
    );
    expect(config.auth.providers[0]!.clientSecret).toBe('from-file');
  });

  it('needs an absolute PUBLIC_URL for the callbacks, and accepts plain http on localhost', () => {
    const env = {
      AUTH_PROVIDERS: 'dev',
      AUTH_DEV_DRIVER: 'openid',
      AUTH_DEV_CLIENT_ID: 'id',
      AUTH_DEV_CLIENT_SECRET: 's',
      AUTH_DEV_ISSUER_URL: 'http://localhost:9000',
    };
    expect(problemsOf(() => loadConfig(env, { cwd: dir }))).toEqual([expect.stringContaining('needs PUBLIC_URL to be an absolute')]);
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://localhost:8055' }, { cwd: dir }).auth.providers[0]!.issuerUrl).toBe(
      'http://localhost:9000',
    );
  });
});

describe('loadConfig sources', () => {
  it('reads .env in the working directory, and real variables win', () => {
    writeFileSync(join(dir, '.env'), 'PORT=4000\nDB_CLIENT=pg\n# comment\nADMIN_EMAIL="boss@example.com"\n');
    const config = loadConfig({ DB_CLIENT: 'mysql' }, { cwd: dir });
    expect(config.server.port).toBe(4000);
    expect(config.db.client).toBe('mysql');
    expect(config.admin.email).toBe('boss@example.com');
  });

  it('skips .env when readDotEnv is false', () => {
    writeFileSync(join(dir, '.env'), 'PORT=4000\n');
    expect(loadConfig({}, { cwd: dir, readDotEnv: false }).server.port).toBe(8055);
  });

  it('reads *_FILE indirection (without the trailing newline), relative to the working directory', () => {
    writeFileSync(join(dir, 'db-password'), 's3cret\n');
    writeFileSync(join(dir, 'secret'), 'from-file-0123456789abcdef0123456789');
    const config = loadConfig({ DB_PASSWORD_FILE: 'db-password', SECRET_FILE: join(dir, 'secret') }, { cwd: dir });
    expect(config.db.password).toBe('s3cret');
    expect(config.secret).toBe('from-file-0123456789abcdef0123456789');
  });

  it('prefers the variable itself over its *_FILE', () => {
    writeFileSync(join(dir, 'secret'), 'from-file');
    expect(loadConfig({ SECRET: 'direct-0123456789abcdef0123456789', SECRET_FILE: 'secret' }, { cwd: dir }).secret).toBe(
      'direct-0123456789abcdef0123456789',
    );
  });

  it('reports an unreadable *_FILE', () => {
    const problems = problemsOf(() => loadConfig({ SECRET_FILE: 'missing.txt' }, { cwd: dir }));
    expect(problems).toEqual([expect.stringContaining('SECRET_FILE')]);
  });
});

describe('loadConfig failures', () => {
  it('lists every problem at once', () => {
    const problems = problemsOf(() => loadConfig({ PORT: 'eighty', CORS_ENABLED: 'maybe', DB_CLIENT: 'oracle' }, { cwd: dir }));
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/CORS_ENABLED/);
    expect(problems.join('\n')).toMatch(/DB_CLIENT/);
  });

  it('names every bad variable in the error message', () => {
    const run = () => loadConfig({ ACCESS_TOKEN_TTL: 'soon', MAX_PAYLOAD_SIZE: 'huge' }, { cwd: dir });
    expect(run).toThrow(/ACCESS_TOKEN_TTL/);
    expect(run).toThrow(/MAX_PAYLOAD_SIZE/);
  });

  it('enforces minimums', () => {
    expect(problemsOf(() => loadConfig({ DB_POOL_MAX: '0' }, { cwd: dir }))).toEqual([
      expect.stringContaining('DB_POOL_MAX must be at least 1'),
    ]);
    expect(problemsOf(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' }, { cwd: dir }))).toEqual([
      expect.stringContaining('HEAP_GROWING_PERCENT must be at least 0'),
    ]);
  });

  it('reads HASH_* and refuses argon2 parameters it could not hash with', () => {
    const cheap = loadConfig({ HASH_MEMORY_COST: '1024', HASH_TIME_COST: '1', HASH_PARALLELISM: '1' }, { cwd: dir });
    expect(cheap.auth.passwordHash).toEqual({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(problemsOf(() => loadConfig({ HASH_MEMORY_COST: '512', HASH_TIME_COST: '0' }, { cwd: dir }))).toEqual([
      expect.stringContaining('HASH_MEMORY_COST must be at least 1024'),
      expect.stringContaining('HASH_TIME_COST must be at least 1'),
    ]);
    expect(problemsOf(() => loadConfig({ HASH_MEMORY_COST: '1024', HASH_PARALLELISM: '200' }, { cwd: dir }))).toEqual([
      'HASH_MEMORY_COST must be at least 8 × HASH_PARALLELISM (KiB per lane)',
    ]);
  });

  it('rejects a retention that is not a duration', () => {
    expect(problemsOf(() => loadConfig({ REVISIONS_RETENTION: 'forever' }, { cwd: dir }))).toEqual([
      expect.stringContaining('REVISIONS_RETENTION'),
    ]);
  });
});

describe('loadConfig result', () => {
  it('is deeply frozen', () => {
    const config = loadConfig({}, { cwd: dir });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.server)).toBe(true);
    expect(Object.isFrozen(config.cors.methods)).toBe(true);
    expect(Object.isFrozen(config.auth.sessionCookie)).toBe(true);
    expect(() => {
      (config.server as { port: number }).port = 1;
    }).toThrow(TypeError);
  });
});

describe('loadConfig Redis', () => {
  const load = (env: Record<string, string>) => loadConfig(env, { readDotEnv: false });

  it('takes REDIS as it is, before any REDIS_HOST', () => {
    expect(load({ REDIS: 'redis://cache:6380/2', REDIS_HOST: 'ignored' }).redis).toBe('redis://cache:6380/2');
  });

  it("makes the URL from Directus's REDIS_HOST, REDIS_PORT, REDIS_USERNAME, REDIS_PASSWORD and REDIS_DB", () => {
    expect(load({ REDIS_HOST: 'cache' }).redis).toBe('redis://cache:6379/0');
    expect(load({ REDIS_HOST: 'cache', REDIS_PORT: '6380', REDIS_USERNAME: 'app', REDIS_PASSWORD: 'p@ss:w/rd', REDIS_DB: '3' }).redis).toBe(
      'redis://app:p%40ss%3Aw%2Frd@cache:6380/3',
    );
    expect(load({ REDIS_HOST: '::1', REDIS_PASSWORD: 'x' }).redis).toBe('redis://:x@[::1]:6379/0');
    expect(new URL(load({ REDIS_HOST: 'cache', REDIS_PASSWORD: 'p@ss:w/rd' }).redis!).password).toBe('p%40ss%3Aw%2Frd');
  });

  it('has no Redis when neither is set, and RATE_LIMITER_STORE=redis then refuses to start', () => {
    expect(load({}).redis).toBeNull();
    expect(load({ RATE_LIMITER_STORE: 'redis', REDIS_HOST: 'cache' }).rateLimiter.store).toBe('redis');
    expect(() => load({ RATE_LIMITER_STORE: 'redis', REDIS_PORT: '6380' })).toThrow(/needs REDIS .* or REDIS_HOST/);
  });

  it('refuses a REDIS_PORT or REDIS_DB that is not a number', () => {
    expect(() => load({ REDIS_HOST: 'cache', REDIS_PORT: 'six' })).toThrow(/REDIS_PORT/);
    expect(() => load({ REDIS_HOST: 'cache', REDIS_DB: '-1' })).toThrow(/REDIS_DB/);
  });
});
