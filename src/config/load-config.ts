import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import dotenv from 'dotenv';
import { CONFIG_SCHEMA, type VarSpec } from './config-schema.js';
import { loadStorageLocations, type StorageLocationConfig } from './load-storage-locations.js';
import { loadAuthProviders, type AuthProviderConfig } from './load-auth-providers.js';
import { parseDuration, parseValue } from './parse-value.js';
import { weakSecret } from './weak-secret.js';
import { createAddressGuard } from '../kernel/net/address-guard.js';
import type { PasswordHashCost } from '../kernel/text/password-hash.js';

export type DbClient = 'sqlite3' | 'pg' | 'mysql';
export type SameSite = 'lax' | 'strict' | 'none';
export type CookieConfig = { name: string; domain: string | null; secure: boolean; sameSite: SameSite };

export type WebsocketAuthMode = 'strict' | 'handshake' | 'public';
export type WebsocketEndpointConfig = {
  enabled: boolean;
  path: string;
  auth: WebsocketAuthMode;
  /** Seconds. */
  authTimeout: number;
  connLimit: number | null;
};

export type Config = {
  server: {
    host: string;
    port: number;
    publicUrl: string;
    maxPayloadSize: number;
    gracefulShutdownDelay: number;
    gracefulShutdownTimeout: number;
    /** V8's heap growing factor, in percent over the live size; 0: V8's adaptive default (a flag on node's command line: v8Flags). */
    heapGrowingPercent: number;
    /** Cap on V8's young generation in MB; 0: V8's own maximum (a flag on node's command line: v8Flags, decision 0034). */
    heapYoungGenerationMb: number;
    ipTrustProxy: boolean;
    ipCustomHeader: string | null;
  };
  log: { level: string; style: 'auto' | 'pretty' | 'raw'; requests: boolean };
  nodeEnv: 'production' | 'development' | 'test';
  db: {
    client: DbClient;
    filename: string;
    connectionString: string | null;
    host: string;
    port: number;
    database: string;
    user: string | null;
    password: string | null;
    ssl: boolean;
    poolMin: number;
    poolMax: number;
    /** PostgreSQL: frequent reads as named prepared statements (postgres/execute.ts, decision 0029). */
    preparedStatements: boolean;
  };
  secret: string;
  secretGenerated: boolean;
  admin: { email: string; password: string | null; token: string | null };
  auth: {
    accessTokenTtl: number;
    refreshTokenTtl: number;
    sessionCookieTtl: number;
    refreshGracePeriod: number;
    loginStallTime: number;
    /** The argon2id parameters of new password hashes (HASH_*); a stored hash is verified with its own. */
    passwordHash: PasswordHashCost;
    refreshCookie: CookieConfig;
    sessionCookie: CookieConfig;
    passwordResetUrlAllowList: string[];
    /** Invitations and public registration (USER_*, EMAIL_VERIFICATION_TOKEN_TTL, REGISTER_STALL_TIME); times in milliseconds. */
    users: {
      inviteUrlAllowList: string[];
      inviteTokenTtl: number;
      registerUrlAllowList: string[];
      verificationTokenTtl: number;
      registerStallTime: number;
    };
    /** Single sign-on providers in AUTH_PROVIDERS order, each checked at start-up. */
    providers: AuthProviderConfig[];
    disableDefault: boolean;
    /** AUTH_PASSWORD_POLICY compiled; null accepts any password. */
    passwordPolicy: RegExp | null;
  };
  cors: {
    enabled: boolean;
    origin: boolean | string[];
    methods: string[];
    allowedHeaders: string[];
    exposedHeaders: string[];
    credentials: boolean;
    maxAge: number;
  };
  query: {
    limitDefault: number;
    limitMax: number | null;
    maxRelationalDepth: number;
    maxFilterDepth: number;
    maxBatchMutation: number | null;
    /** GRAPHQL_INTROSPECTION: false refuses `__schema` / `__type` and the SDL. */
    graphqlIntrospection: boolean;
  };
  rateLimiter: {
    enabled: boolean;
    points: number;
    duration: number;
    store: 'memory' | 'redis';
    /** Failed-login throttle per e-mail address and per IP; duration in seconds. */
    login: { enabled: boolean; points: number; ipPoints: number; accountPoints: number; duration: number };
    /** Registrations, invitation acceptances and verifications per IP; duration in seconds. */
    registration: { enabled: boolean; points: number; duration: number };
  };
  /** Realtime over WebSockets (WEBSOCKETS_*; docs/realtime.md). Times in seconds, as Directus. */
  websockets: {
    enabled: boolean;
    rest: WebsocketEndpointConfig;
    graphql: WebsocketEndpointConfig;
    heartbeat: { enabled: boolean; period: number };
    maxMessageSize: number;
    /** Bytes a socket may leave unsent before an event: past it the socket is closed (1013, decision 0070). */
    maxBufferedSize: number;
  };
  redis: string | null;
  /** Prefix of every Redis key (`REDIS_KEY_PREFIX`). */
  redisKeyPrefix: string;
  /** Schema and permission caches: longest age (ms) without a version change; 0 = no limit (decision 0012). */
  cache: { systemTtl: number };
  retention: { activity: number | null; revisions: number | null; flowLogs: number | null };
  email: {
    from: string;
    transport: 'sendmail' | 'smtp';
    sendmailPath: string;
    /** EMAIL_TEMPLATES_PATH, absolute (resolved against the working directory). */
    templatesPath: string;
    smtp: { host: string | null; port: number; user: string | null; password: string | null; secure: boolean; ignoreTls: boolean };
  };
  files: {
    /** STORAGE_LOCATIONS in order; uploads go to the first. */
    locations: StorageLocationConfig[];
    /** FILES_MAX_UPLOAD_SIZE in bytes; null = no limit. */
    maxUploadSize: number | null;
    /** FILES_MIME_TYPE_ALLOW_LIST, lower-cased (`image/*`, `*\/*`). */
    mimeTypeAllowList: string[];
    /** IMPORT_IP_ALLOW_LIST: addresses and CIDR ranges a file import may fetch from although they are private. */
    importIpAllowList: string[];
  };
  flows: {
    /** The allowed variables of FLOWS_ENV_ALLOW_LIST with their values (a flow's `$env`). */
    env: Record<string, string>;
    /** FLOWS_REQUEST_IP_ALLOW_LIST: addresses and CIDR ranges a `request` operation may reach although they are private. */
    requestIpAllowList: string[];
    scriptMaxMemory: number;
    scriptTimeout: number;
    maxSteps: number;
    sleepMax: number;
  };
  assets: {
    cacheTtl: number;
    /** ASSETS_ZIP_MAX_SIZE: the most bytes of files one zip download holds. */
    zipMaxSize: number;
    transformMaxConcurrent: number;
    transformMaxQueue: number;
    transformImageMaxDimension: number;
    transformTimeout: number;
    transformMaxOperations: number;
  };
};

const KNOWN_NAMES = new Set(CONFIG_SCHEMA.map((spec) => spec.name));

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export type LoadConfigOptions = { cwd?: string; readDotEnv?: boolean };

/**
 * Reads the environment once: `.env` in the working directory (real variables win), `*_FILE` indirection,
 * typed parsing of every variable in CONFIG_SCHEMA. Throws ConfigError listing every problem at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const merged: Record<string, string | undefined> = {};
  const dotEnvPath = resolve(cwd, '.env');
  if (options.readDotEnv !== false && existsSync(dotEnvPath)) Object.assign(merged, dotenv.parse(readFileSync(dotEnvPath)));
  Object.assign(merged, env);

  const problems: string[] = [];
  for (const [key, value] of Object.entries(merged)) {
    if (!key.endsWith('_FILE') || value === undefined || value === '') continue;
    const target = key.slice(0, -'_FILE'.length);
    // Only our own variables (and provider settings) are read from files; other tools' *_FILE are not ours.
    if (!KNOWN_NAMES.has(target) && !target.startsWith('AUTH_') && !target.startsWith('STORAGE_')) continue;
    if (merged[target] !== undefined && merged[target] !== '') continue;
    try {
      merged[target] = readFileSync(resolve(cwd, value), 'utf8').replace(/\r?\n$/, '');
    } catch {
      problems.push(`${key} points to "${value}", which cannot be read`);
    }
  }

  const values = new Map<string, unknown>();
  for (const spec of CONFIG_SCHEMA) {
    const raw = merged[spec.name] ?? spec.default ?? '';
    const parsed = parseValue(spec, raw);
    if ('error' in parsed) problems.push(parsed.error);
    else values.set(spec.name, parsed.value);
  }
  const retention = (name: string): number | null => {
    const raw = String(values.get(name) ?? '');
    if (raw === '' || raw === 'false') return null;
    const d = parseDuration(raw);
    if (d === null) problems.push(`${name} must be a duration such as 90d, or false`);
    return d;
  };
  const activityRetention = retention('ACTIVITY_RETENTION');
  const revisionsRetention = retention('REVISIONS_RETENTION');
  const flowLogsRetention = retention('FLOW_LOGS_RETENTION');
  const passwordPolicy = parsePolicy(String(values.get('AUTH_PASSWORD_POLICY') ?? ''), problems);
  const providers = loadAuthProviders(
    merged,
    (values.get('AUTH_PROVIDERS') as string[] | undefined) ?? [],
    String(values.get('PUBLIC_URL') ?? ''),
    problems,
  );
  const storageLocations = loadStorageLocations(
    merged,
    (values.get('STORAGE_LOCATIONS') as string[] | undefined) ?? [],
    String(values.get('DB_FILENAME') ?? ''),
    cwd,
    problems,
  );
  const redisUrl = redisUrlOf(values);
  if (values.get('RATE_LIMITER_STORE') === 'redis' && redisUrl === null)
    problems.push('RATE_LIMITER_STORE=redis needs REDIS (a redis:// URL) or REDIS_HOST');
  // argon2 needs at least 8 KiB of memory per lane; refused here rather than at the first password set.
  if (Number(values.get('HASH_MEMORY_COST')) < 8 * Number(values.get('HASH_PARALLELISM')))
    problems.push('HASH_MEMORY_COST must be at least 8 × HASH_PARALLELISM (KiB per lane)');
  if (values.get('EMAIL_TRANSPORT') === 'smtp' && String(values.get('EMAIL_SMTP_HOST') ?? '') === '')
    problems.push('EMAIL_TRANSPORT=smtp needs EMAIL_SMTP_HOST');
  const secretProblem = weakSecret(String(values.get('SECRET') ?? ''), values.get('NODE_ENV'));
  if (secretProblem) problems.push(secretProblem);
  try {
    createAddressGuard((values.get('IMPORT_IP_ALLOW_LIST') as string[] | undefined) ?? []);
  } catch (error) {
    problems.push(`IMPORT_IP_ALLOW_LIST: ${(error as Error).message}`);
  }
  try {
    createAddressGuard((values.get('FLOWS_REQUEST_IP_ALLOW_LIST') as string[] | undefined) ?? []);
  } catch (error) {
    problems.push(`FLOWS_REQUEST_IP_ALLOW_LIST: ${(error as Error).message}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const get = <T>(name: string): T => values.get(name) as T;
  const nullable = (name: string): string | null => {
    const v = get<string | null>(name);
    return v === '' || v === null ? null : v;
  };
  const client = normaliseClient(get<string>('DB_CLIENT'));
  const secret = nullable('SECRET');
  const corsOrigin = get<string>('CORS_ORIGIN');

  const config: Config = {
    server: {
      host: get('HOST'),
      port: get('PORT'),
      publicUrl: get('PUBLIC_URL'),
      maxPayloadSize: get('MAX_PAYLOAD_SIZE'),
      gracefulShutdownDelay: get('GRACEFUL_SHUTDOWN_DELAY'),
      gracefulShutdownTimeout: get('GRACEFUL_SHUTDOWN_TIMEOUT'),
      heapGrowingPercent: get('HEAP_GROWING_PERCENT'),
      heapYoungGenerationMb: get('HEAP_YOUNG_GENERATION_MB'),
      ipTrustProxy: get('IP_TRUST_PROXY'),
      ipCustomHeader: nullable('IP_CUSTOM_HEADER'),
    },
    log: { level: get('LOG_LEVEL'), style: get('LOG_STYLE'), requests: get('LOG_REQUESTS') },
    nodeEnv: get('NODE_ENV'),
    db: {
      client,
      filename: get('DB_FILENAME'),
      connectionString: nullable('DB_CONNECTION_STRING'),
      host: get('DB_HOST'),
      port: get<number | null>('DB_PORT') ?? (client === 'pg' ? 5432 : 3306),
      database: get('DB_DATABASE'),
      user: nullable('DB_USER'),
      password: nullable('DB_PASSWORD'),
      ssl: get('DB_SSL'),
      poolMin: get('DB_POOL_MIN'),
      poolMax: get('DB_POOL_MAX'),
      preparedStatements: get('DB_PREPARED_STATEMENTS'),
    },
    secret: secret ?? randomBytes(32).toString('base64url'),
    secretGenerated: secret === null,
    admin: { email: get('ADMIN_EMAIL'), password: nullable('ADMIN_PASSWORD'), token: nullable('ADMIN_TOKEN') },
    auth: {
      accessTokenTtl: get('ACCESS_TOKEN_TTL'),
      refreshTokenTtl: get('REFRESH_TOKEN_TTL'),
      sessionCookieTtl: get('SESSION_COOKIE_TTL'),
      refreshGracePeriod: get('SESSION_REFRESH_GRACE_PERIOD'),
      loginStallTime: get('LOGIN_STALL_TIME'),
      passwordHash: { memoryCost: get('HASH_MEMORY_COST'), timeCost: get('HASH_TIME_COST'), parallelism: get('HASH_PARALLELISM') },
      refreshCookie: cookie(get, nullable, 'REFRESH_TOKEN_COOKIE'),
      sessionCookie: cookie(get, nullable, 'SESSION_COOKIE'),
      passwordResetUrlAllowList: get('PASSWORD_RESET_URL_ALLOW_LIST'),
      users: {
        inviteUrlAllowList: get('USER_INVITE_URL_ALLOW_LIST'),
        inviteTokenTtl: get('USER_INVITE_TOKEN_TTL'),
        registerUrlAllowList: get('USER_REGISTER_URL_ALLOW_LIST'),
        verificationTokenTtl: get('EMAIL_VERIFICATION_TOKEN_TTL'),
        registerStallTime: get('REGISTER_STALL_TIME'),
      },
      providers,
      disableDefault: get('AUTH_DISABLE_DEFAULT'),
      passwordPolicy,
    },
    cors: {
      enabled: get('CORS_ENABLED'),
      origin:
        corsOrigin === 'true' ? true : corsOrigin === 'false' || corsOrigin === null ? false : corsOrigin.split(',').map((s) => s.trim()),
      methods: get('CORS_METHODS'),
      allowedHeaders: get('CORS_ALLOWED_HEADERS'),
      exposedHeaders: get('CORS_EXPOSED_HEADERS'),
      credentials: get('CORS_CREDENTIALS'),
      maxAge: get('CORS_MAX_AGE'),
    },
    query: {
      limitDefault: get('QUERY_LIMIT_DEFAULT'),
      limitMax: get('QUERY_LIMIT_MAX'),
      maxRelationalDepth: get('MAX_RELATIONAL_DEPTH'),
      maxFilterDepth: get('MAX_FILTER_DEPTH'),
      maxBatchMutation: get('MAX_BATCH_MUTATION'),
      graphqlIntrospection: get('GRAPHQL_INTROSPECTION'),
    },
    rateLimiter: {
      enabled: get('RATE_LIMITER_ENABLED'),
      points: get('RATE_LIMITER_POINTS'),
      duration: get('RATE_LIMITER_DURATION'),
      store: get('RATE_LIMITER_STORE'),
      login: {
        enabled: get('RATE_LIMITER_LOGIN_ENABLED'),
        points: get('RATE_LIMITER_LOGIN_POINTS'),
        ipPoints: get('RATE_LIMITER_LOGIN_IP_POINTS'),
        accountPoints: get('RATE_LIMITER_LOGIN_ACCOUNT_POINTS'),
        duration: get('RATE_LIMITER_LOGIN_DURATION'),
      },
      registration: {
        enabled: get('RATE_LIMITER_REGISTRATION_ENABLED'),
        points: get('RATE_LIMITER_REGISTRATION_POINTS'),
        duration: get('RATE_LIMITER_REGISTRATION_DURATION'),
      },
    },
    websockets: {
      enabled: get('WEBSOCKETS_ENABLED'),
      rest: {
        enabled: get('WEBSOCKETS_REST_ENABLED'),
        path: get('WEBSOCKETS_REST_PATH'),
        auth: get('WEBSOCKETS_REST_AUTH'),
        authTimeout: get('WEBSOCKETS_REST_AUTH_TIMEOUT'),
        connLimit: get<number | null>('WEBSOCKETS_REST_CONN_LIMIT'),
      },
      graphql: {
        enabled: get('WEBSOCKETS_GRAPHQL_ENABLED'),
        path: get('WEBSOCKETS_GRAPHQL_PATH'),
        auth: get('WEBSOCKETS_GRAPHQL_AUTH'),
        authTimeout: get('WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT'),
        connLimit: get<number | null>('WEBSOCKETS_GRAPHQL_CONN_LIMIT'),
      },
      heartbeat: { enabled: get('WEBSOCKETS_HEARTBEAT_ENABLED'), period: get('WEBSOCKETS_HEARTBEAT_PERIOD') },
      maxMessageSize: get('WEBSOCKETS_MAX_MESSAGE_SIZE'),
      maxBufferedSize: get('WEBSOCKETS_MAX_BUFFERED_SIZE'),
    },
    redis: redisUrl,
    redisKeyPrefix: get('REDIS_KEY_PREFIX'),
    cache: { systemTtl: get('CACHE_SYSTEM_TTL') },
    retention: { activity: activityRetention, revisions: revisionsRetention, flowLogs: flowLogsRetention },
    email: {
      from: get('EMAIL_FROM'),
      transport: get('EMAIL_TRANSPORT'),
      sendmailPath: get('EMAIL_SENDMAIL_PATH'),
      templatesPath: resolve(cwd, get<string>('EMAIL_TEMPLATES_PATH')),
      smtp: {
        host: nullable('EMAIL_SMTP_HOST'),
        port: get('EMAIL_SMTP_PORT'),
        user: nullable('EMAIL_SMTP_USER'),
        password: nullable('EMAIL_SMTP_PASSWORD'),
        secure: get('EMAIL_SMTP_SECURE'),
        ignoreTls: get('EMAIL_SMTP_IGNORE_TLS'),
      },
    },
    files: {
      locations: storageLocations,
      maxUploadSize: get<number | null>('FILES_MAX_UPLOAD_SIZE'),
      mimeTypeAllowList: get<string[]>('FILES_MIME_TYPE_ALLOW_LIST').map((type) => type.toLowerCase()),
      importIpAllowList: get<string[]>('IMPORT_IP_ALLOW_LIST'),
    },
    flows: {
      env: Object.fromEntries(
        get<string[]>('FLOWS_ENV_ALLOW_LIST').flatMap((name) => (merged[name] === undefined ? [] : [[name, merged[name]]])),
      ),
      requestIpAllowList: get<string[]>('FLOWS_REQUEST_IP_ALLOW_LIST'),
      scriptMaxMemory: get('FLOWS_RUN_SCRIPT_MAX_MEMORY'),
      scriptTimeout: get('FLOWS_RUN_SCRIPT_TIMEOUT'),
      maxSteps: get('FLOWS_MAX_STEPS'),
      sleepMax: get('FLOWS_SLEEP_MAX'),
    },
    assets: {
      cacheTtl: get('ASSETS_CACHE_TTL'),
      zipMaxSize: get('ASSETS_ZIP_MAX_SIZE'),
      transformMaxConcurrent: get('ASSETS_TRANSFORM_MAX_CONCURRENT'),
      transformMaxQueue: get('ASSETS_TRANSFORM_MAX_QUEUE'),
      transformImageMaxDimension: get('ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION'),
      transformTimeout: get('ASSETS_TRANSFORM_TIMEOUT'),
      transformMaxOperations: get('ASSETS_TRANSFORM_MAX_OPERATIONS'),
    },
  };
  return deepFreeze(config);
}

/** `/^.{8,}$/` (Directus's form, flags allowed) or a bare pattern; an invalid expression is a problem. */
function parsePolicy(raw: string, problems: string[]): RegExp | null {
  if (raw.trim() === '') return null;
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(raw.trim());
  try {
    return literal ? new RegExp(literal[1]!, literal[2]!.replace(/g/g, '')) : new RegExp(raw);
  } catch {
    problems.push('AUTH_PASSWORD_POLICY must be a valid regular expression');
    return null;
  }
}

function normaliseClient(value: string): DbClient {
  if (value === 'pg' || value === 'postgres') return 'pg';
  if (value === 'mysql' || value === 'mysql2' || value === 'mariadb') return 'mysql';
  return 'sqlite3';
}

function cookie(get: <T>(name: string) => T, nullable: (name: string) => string | null, prefix: string): CookieConfig {
  return {
    name: get(`${prefix}_NAME`),
    domain: nullable(`${prefix}_DOMAIN`),
    secure: get(`${prefix}_SECURE`),
    sameSite: get(`${prefix}_SAME_SITE`),
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export type { VarSpec };

/** The configuration of this process: its environment plus `.env`. The one place that hands process.env over. */
export function loadProcessConfig(options: LoadConfigOptions = {}): Config {
  return loadConfig(process.env, options);
}

/** `REDIS`, or else a URL made of Directus's `REDIS_HOST`, `REDIS_PORT`, `REDIS_USERNAME`, `REDIS_PASSWORD` and `REDIS_DB`; null when neither is set. */
function redisUrlOf(values: Map<string, unknown>): string | null {
  const url = String(values.get('REDIS') ?? '');
  if (url !== '') return url;
  const host = String(values.get('REDIS_HOST') ?? '');
  if (host === '') return null;
  const user = encodeURIComponent(String(values.get('REDIS_USERNAME') ?? ''));
  const password = encodeURIComponent(String(values.get('REDIS_PASSWORD') ?? ''));
  const auth = user !== '' || password !== '' ? `${user}${password !== '' ? `:${password}` : ''}@` : '';
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `redis://${auth}${hostPart}:${Number(values.get('REDIS_PORT') ?? 6379)}/${Number(values.get('REDIS_DB') ?? 0)}`;
}
