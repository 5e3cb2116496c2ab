import { FLOWS_SETTINGS } from './flows-settings.js';
import { REALTIME_SETTINGS } from './realtime-settings.js';

/**
 * Every environment variable Stratum reads: name, type, default, description and whether it is secret.
 * Names and defaults follow Directus. docs/config.md is generated from this table.
 */
export type VarType = 'string' | 'integer' | 'boolean' | 'duration' | 'size' | 'list' | 'json' | 'enum' | 'url';

export type VarSpec = {
  name: string;
  type: VarType;
  default?: string;
  description: string;
  secret?: boolean;
  values?: readonly string[];
  min?: number;
};

export const CONFIG_SCHEMA: readonly VarSpec[] = [
  // Server
  { name: 'HOST', type: 'string', default: '0.0.0.0', description: 'Address the server listens on.' },
  { name: 'PORT', type: 'integer', default: '8055', min: 0, description: 'Port the server listens on.' },
  { name: 'PUBLIC_URL', type: 'string', default: '/', description: 'Public URL of the server; used in e-mail links and SSO callbacks.' },
  {
    name: 'LOG_LEVEL',
    type: 'enum',
    default: 'info',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    description: 'Log level (pino).',
  },
  {
    name: 'LOG_STYLE',
    type: 'enum',
    default: 'auto',
    values: ['auto', 'pretty', 'raw'],
    description:
      '`pretty`: short readable lines (`12:01:33 INFO  GET /items/articles 200 3 ms`); `raw`: JSON lines, one object per line; `auto`: pretty when the output is a terminal, raw otherwise (a file, a pipe, a log collector).',
  },
  {
    name: 'LOG_REQUESTS',
    type: 'boolean',
    default: 'true',
    description: 'One line per request at `info`: method, path (tokens left out), status and time. `false` turns it off.',
  },
  { name: 'NODE_ENV', type: 'enum', default: 'production', values: ['production', 'development', 'test'], description: 'Runtime mode.' },
  {
    name: 'MAX_PAYLOAD_SIZE',
    type: 'size',
    default: '1mb',
    description: 'Largest request body accepted (bytes, or with a unit: `500kb`, `1mb`).',
  },
  {
    name: 'GRACEFUL_SHUTDOWN_DELAY',
    type: 'duration',
    default: '0s',
    description:
      "After SIGTERM, how long to keep serving (every response with `Connection: close`, `/server/health` 503) before the listener closes, so a load balancer moves away without failing a request. Set it above the balancer's upstream keep-alive timeout.",
  },
  { name: 'GRACEFUL_SHUTDOWN_TIMEOUT', type: 'duration', default: '10s', description: 'How long shutdown waits for in-flight requests.' },
  {
    name: 'HEAP_GROWING_PERCENT',
    type: 'integer',
    default: '25',
    min: 0,
    description:
      'How far the JavaScript heap may grow past what is live before a full collection, in percent. 0 leaves it to V8 (up to 300 %), which holds more memory after a burst of requests.',
  },
  {
    name: 'HEAP_YOUNG_GENERATION_MB',
    type: 'integer',
    default: '16',
    min: 0,
    description:
      "Largest size of the JavaScript heap's young generation, in MB; a cap also turns V8's allocation-site pretenuring off (decision 0190). 0 leaves both to V8 (up to 32 MB), which keeps more memory after a burst of requests.",
  },
  { name: 'IP_TRUST_PROXY', type: 'boolean', default: 'false', description: 'Trust `X-Forwarded-For` for the client address.' },
  { name: 'IP_CUSTOM_HEADER', type: 'string', default: '', description: 'Header holding the client address (e.g. `CF-Connecting-IP`).' },
  // Database
  {
    name: 'DB_CLIENT',
    type: 'enum',
    default: 'sqlite3',
    values: ['sqlite3', 'pg', 'postgres', 'mysql', 'mysql2', 'mariadb'],
    description: 'Database vendor.',
  },
  { name: 'DB_FILENAME', type: 'string', default: './data/data.db', description: 'SQLite database file.' },
  {
    name: 'DB_CONNECTION_STRING',
    type: 'string',
    default: '',
    secret: true,
    description: 'Connection URL for PostgreSQL or MySQL (overrides host, port, …).',
  },
  { name: 'DB_HOST', type: 'string', default: '127.0.0.1', description: 'Database host.' },
  { name: 'DB_PORT', type: 'integer', default: '', description: 'Database port (5432 for PostgreSQL, 3306 for MySQL when empty).' },
  { name: 'DB_DATABASE', type: 'string', default: 'stratum', description: 'Database name.' },
  { name: 'DB_USER', type: 'string', default: '', description: 'Database user.' },
  { name: 'DB_PASSWORD', type: 'string', default: '', secret: true, description: 'Database password.' },
  { name: 'DB_SSL', type: 'boolean', default: 'false', description: 'Use TLS for the database connection.' },
  { name: 'DB_POOL_MIN', type: 'integer', default: '0', min: 0, description: 'Smallest connection pool (PostgreSQL, MySQL).' },
  { name: 'DB_POOL_MAX', type: 'integer', default: '10', min: 1, description: 'Largest connection pool (PostgreSQL, MySQL).' },
  {
    name: 'DB_PREPARED_STATEMENTS',
    type: 'boolean',
    default: 'true',
    description:
      'PostgreSQL: keep frequent reads as named prepared statements on each connection. Turn off behind a pooler in transaction mode (PgBouncer before 1.21).',
  },
  // Security
  {
    name: 'SECRET',
    type: 'string',
    default: '',
    secret: true,
    description:
      'Secret that signs tokens: at least 32 bytes (`openssl rand -base64 48`); a shorter one refuses to start unless `NODE_ENV=development`. A random one is generated (and tokens die with the process) when empty.',
  },
  {
    name: 'ADMIN_EMAIL',
    type: 'string',
    default: 'admin@example.com',
    description: 'E-mail of the administrator created on the first start.',
  },
  {
    name: 'ADMIN_PASSWORD',
    type: 'string',
    default: '',
    secret: true,
    description: 'Password of that administrator; generated and printed once when empty.',
  },
  {
    name: 'ADMIN_TOKEN',
    type: 'string',
    default: '',
    secret: true,
    description:
      "Static token of that administrator (its `token` field, as Directus's `ADMIN_TOKEN`): sent as a bearer token, it acts as the administrator. Only used when the first administrator is created.",
  },
  { name: 'ACCESS_TOKEN_TTL', type: 'duration', default: '15m', description: 'Lifetime of access tokens.' },
  { name: 'REFRESH_TOKEN_TTL', type: 'duration', default: '7d', description: 'Lifetime of refresh tokens (sessions).' },
  { name: 'REFRESH_TOKEN_COOKIE_NAME', type: 'string', default: 'service_refresh_token', description: 'Name of the refresh-token cookie.' },
  { name: 'REFRESH_TOKEN_COOKIE_DOMAIN', type: 'string', default: '', description: 'Domain of the refresh-token cookie.' },
  { name: 'REFRESH_TOKEN_COOKIE_SECURE', type: 'boolean', default: 'false', description: 'Secure flag of the refresh-token cookie.' },
  {
    name: 'REFRESH_TOKEN_COOKIE_SAME_SITE',
    type: 'enum',
    default: 'lax',
    values: ['lax', 'strict', 'none'],
    description: 'SameSite of the refresh-token cookie.',
  },
  { name: 'SESSION_COOKIE_TTL', type: 'duration', default: '1d', description: 'Lifetime of the session cookie and its token.' },
  { name: 'SESSION_COOKIE_NAME', type: 'string', default: 'service_session_token', description: 'Name of the session cookie.' },
  { name: 'SESSION_COOKIE_DOMAIN', type: 'string', default: '', description: 'Domain of the session cookie.' },
  { name: 'SESSION_COOKIE_SECURE', type: 'boolean', default: 'false', description: 'Secure flag of the session cookie.' },
  {
    name: 'SESSION_COOKIE_SAME_SITE',
    type: 'enum',
    default: 'lax',
    values: ['lax', 'strict', 'none'],
    description: 'SameSite of the session cookie.',
  },
  {
    name: 'SESSION_REFRESH_GRACE_PERIOD',
    type: 'duration',
    default: '10s',
    description: 'How long a rotated refresh token keeps working (concurrent tabs).',
  },
  {
    name: 'LOGIN_STALL_TIME',
    type: 'integer',
    default: '500',
    min: 0,
    description: 'Every login and password-request answer takes at least this many milliseconds (no user enumeration by timing).',
  },
  {
    name: 'HASH_MEMORY_COST',
    type: 'integer',
    default: '65536',
    min: 1024,
    description: "Memory of one argon2id password hash in KiB (argon2's default, 64 MiB). Lower only where hashing must be cheap (tests).",
  },
  {
    name: 'HASH_TIME_COST',
    type: 'integer',
    default: '3',
    min: 1,
    description: 'Passes of one argon2id password hash over its memory.',
  },
  {
    name: 'HASH_PARALLELISM',
    type: 'integer',
    default: '4',
    min: 1,
    description: 'Lanes of one argon2id password hash (at most HASH_MEMORY_COST / 8).',
  },
  {
    name: 'PASSWORD_RESET_URL_ALLOW_LIST',
    type: 'list',
    default: '',
    description:
      'URLs a password request may name as `reset_url`: an exact entry, or the same origin and path (the query may differ). Empty refuses every `reset_url`.',
  },
  {
    name: 'USER_INVITE_URL_ALLOW_LIST',
    type: 'list',
    default: '',
    description:
      'URLs an invitation (`POST /users/invite`) may name as `invite_url`: an exact entry, or the same origin and path. Empty refuses every `invite_url` (the link then goes to the admin app).',
  },
  {
    name: 'USER_INVITE_TOKEN_TTL',
    type: 'duration',
    default: '7d',
    description: 'How long the link of an invitation works.',
  },
  {
    name: 'USER_REGISTER_URL_ALLOW_LIST',
    type: 'list',
    default: '',
    description:
      'URLs a registration (`POST /users/register`) may name as `verification_url`: an exact entry, or the same origin and path. Empty refuses every `verification_url`.',
  },
  {
    name: 'EMAIL_VERIFICATION_TOKEN_TTL',
    type: 'duration',
    default: '7d',
    description: 'How long the e-mail verification link of a registration works.',
  },
  {
    name: 'REGISTER_STALL_TIME',
    type: 'integer',
    default: '750',
    min: 0,
    description: 'Every registration answer takes at least this many milliseconds (no user enumeration by timing).',
  },
  {
    name: 'AUTH_PASSWORD_POLICY',
    type: 'string',
    default: '',
    description: 'Regular expression every new password must match, written as Directus does (`/^.{8,}$/`); empty accepts any.',
  },
  { name: 'AUTH_PROVIDERS', type: 'list', default: '', description: 'Single sign-on providers; each is configured with `AUTH_<NAME>_*`.' },
  { name: 'AUTH_DISABLE_DEFAULT', type: 'boolean', default: 'false', description: 'Turn off e-mail and password login.' },
  // CORS
  { name: 'CORS_ENABLED', type: 'boolean', default: 'false', description: 'Send CORS headers.' },
  {
    name: 'CORS_ORIGIN',
    type: 'string',
    default: 'false',
    description: '`true` (reflect the origin), `false`, or a comma-separated list of origins.',
  },
  { name: 'CORS_METHODS', type: 'list', default: 'GET,POST,PATCH,DELETE', description: 'Allowed methods.' },
  { name: 'CORS_ALLOWED_HEADERS', type: 'list', default: 'Content-Type,Authorization', description: 'Allowed request headers.' },
  { name: 'CORS_EXPOSED_HEADERS', type: 'list', default: 'Content-Range', description: 'Headers exposed to the browser.' },
  { name: 'CORS_CREDENTIALS', type: 'boolean', default: 'true', description: 'Allow credentials.' },
  { name: 'CORS_MAX_AGE', type: 'integer', default: '18000', min: 0, description: 'Preflight cache time in seconds.' },
  // Query
  {
    name: 'QUERY_LIMIT_DEFAULT',
    type: 'integer',
    default: '100',
    min: 1,
    description: 'Default `limit` of list reads, and of every nested one-to-many list without a `deep[…][_limit]` of its own.',
  },
  {
    name: 'QUERY_LIMIT_MAX',
    type: 'integer',
    default: '1000',
    min: 1,
    description:
      'Largest `limit` and `deep[…][_limit]` allowed (larger is 400); `-1` asks for this many. Set it empty for no cap (not recommended: one request may then read a whole table).',
  },
  {
    name: 'MAX_RELATIONAL_DEPTH',
    type: 'integer',
    default: '10',
    min: 2,
    description: 'Deepest relational path in `fields`, `filter` and `deep`.',
  },
  {
    name: 'MAX_FILTER_DEPTH',
    type: 'integer',
    default: '20',
    min: 2,
    description: 'Deepest nesting of a filter object (`_and`/`_or`/relations).',
  },
  {
    name: 'MAX_BATCH_MUTATION',
    type: 'integer',
    default: '',
    min: 1,
    description: 'Most items one batch write may touch; unset means unlimited.',
  },
  {
    name: 'GRAPHQL_INTROSPECTION',
    type: 'boolean',
    default: 'true',
    description:
      'Answer GraphQL introspection (`__schema`, `__type`) and serve the SDL at `/server/specs/graphql`; `false` refuses both (400 GRAPHQL_VALIDATION, 403).',
  },
  // Realtime (WebSockets)
  ...REALTIME_SETTINGS,
  // Rate limiting
  { name: 'RATE_LIMITER_ENABLED', type: 'boolean', default: 'false', description: 'Limit requests per IP.' },
  { name: 'RATE_LIMITER_POINTS', type: 'integer', default: '50', min: 1, description: 'Requests allowed per IP per duration.' },
  { name: 'RATE_LIMITER_DURATION', type: 'integer', default: '1', min: 1, description: 'Duration of the per-IP window in seconds.' },
  {
    name: 'RATE_LIMITER_LOGIN_ENABLED',
    type: 'boolean',
    default: 'true',
    description:
      'Throttle failed logins, wrong one-time codes (and password requests) per account and IP, per IP and per account (temporary; no lock-out; a correct login never counts).',
  },
  {
    name: 'RATE_LIMITER_LOGIN_POINTS',
    type: 'integer',
    default: '10',
    min: 1,
    description: 'Failed logins allowed on one account from one IP within the duration.',
  },
  {
    name: 'RATE_LIMITER_LOGIN_IP_POINTS',
    type: 'integer',
    default: '50',
    min: 1,
    description: 'Failed logins allowed from one IP over all accounts within the duration.',
  },
  {
    name: 'RATE_LIMITER_LOGIN_ACCOUNT_POINTS',
    type: 'integer',
    default: '30',
    min: 1,
    description:
      'Failed logins allowed on one account from IPs where it has not signed in (in the last 30 days) within the duration; IPs where it has are exempt.',
  },
  {
    name: 'RATE_LIMITER_LOGIN_DURATION',
    type: 'integer',
    default: '900',
    min: 1,
    description: 'Window of the failed-login throttle in seconds.',
  },
  {
    name: 'RATE_LIMITER_REGISTRATION_ENABLED',
    type: 'boolean',
    default: 'true',
    description: 'Throttle public registrations, accepted invitations and e-mail verifications per IP.',
  },
  {
    name: 'RATE_LIMITER_REGISTRATION_POINTS',
    type: 'integer',
    default: '5',
    min: 1,
    description: 'Registrations (and, separately, invitation acceptances and verifications) allowed from one IP within the duration.',
  },
  {
    name: 'RATE_LIMITER_REGISTRATION_DURATION',
    type: 'integer',
    default: '60',
    min: 1,
    description: 'Window of the registration throttle in seconds.',
  },
  {
    name: 'RATE_LIMITER_STORE',
    type: 'enum',
    default: 'memory',
    values: ['memory', 'redis'],
    description:
      'Where the counters of the rate limiter and the login throttle live: this process (`memory`) or Redis (`redis`, needs `REDIS`; shared by every instance).',
  },
  {
    name: 'REDIS',
    type: 'string',
    default: '',
    secret: true,
    description: 'Redis URL such as `redis://127.0.0.1:6379` (for `RATE_LIMITER_STORE=redis`).',
  },
  {
    name: 'REDIS_HOST',
    type: 'string',
    default: '',
    description:
      "Redis host, when `REDIS` is not set (Directus's name); with `REDIS_PORT`, `REDIS_USERNAME`, `REDIS_PASSWORD` and `REDIS_DB` it makes the URL.",
  },
  { name: 'REDIS_PORT', type: 'integer', default: '6379', min: 1, description: 'Redis port (with `REDIS_HOST`).' },
  { name: 'REDIS_USERNAME', type: 'string', default: '', description: 'Redis user (with `REDIS_HOST`; Redis 6 ACLs).' },
  { name: 'REDIS_PASSWORD', type: 'string', default: '', secret: true, description: 'Redis password (with `REDIS_HOST`).' },
  { name: 'REDIS_DB', type: 'integer', default: '0', min: 0, description: 'Redis database number (with `REDIS_HOST`).' },
  {
    name: 'REDIS_KEY_PREFIX',
    type: 'string',
    default: 'stratum:',
    description: 'Prefix of every Redis key Stratum uses, so that several deployments (and test runs) can share one Redis.',
  },
  // Caches
  {
    name: 'CACHE_SYSTEM_TTL',
    type: 'duration',
    default: '5s',
    description:
      'Longest time an instance trusts its schema and permission caches without a version change in the database (every change made through Stratum is seen by the next request on every instance anyway); after it they are read again, so this bounds how long a change made in the database by hand goes unseen. `0` keeps them until a version changes.',
  },
  // Activity
  {
    name: 'ACTIVITY_RETENTION',
    type: 'string',
    default: '90d',
    description: 'Age after which activity rows (but flow runs) are pruned; `false` keeps them.',
  },
  { name: 'REVISIONS_RETENTION', type: 'string', default: '90d', description: 'Age after which revisions are pruned; `false` keeps them.' },
  {
    name: 'FLOW_LOGS_RETENTION',
    type: 'string',
    default: '90d',
    description:
      "Age after which flow runs (activity rows with action `run` and their revision, a flow's logs) are pruned; `false` keeps them.",
  },
  // Flows
  ...FLOWS_SETTINGS,
  // E-mail
  { name: 'EMAIL_FROM', type: 'string', default: 'no-reply@example.com', description: 'Sender address of e-mail (password reset links).' },
  {
    name: 'EMAIL_TRANSPORT',
    type: 'enum',
    default: 'sendmail',
    values: ['sendmail', 'smtp'],
    description: 'How e-mail is sent: a local sendmail binary or an SMTP server (`EMAIL_SMTP_*`).',
  },
  {
    name: 'EMAIL_TEMPLATES_PATH',
    type: 'string',
    default: './templates',
    description:
      "Folder of Liquid mail templates (`<name>.liquid`) a flow's `mail` operation with `type: template` may name; a `base.liquid` there replaces the built-in one.",
  },
  { name: 'EMAIL_SENDMAIL_PATH', type: 'string', default: '/usr/sbin/sendmail', description: 'sendmail binary.' },
  { name: 'EMAIL_SMTP_HOST', type: 'string', default: '', description: 'SMTP host; required with `EMAIL_TRANSPORT=smtp`.' },
  { name: 'EMAIL_SMTP_PORT', type: 'integer', default: '587', min: 1, description: 'SMTP port.' },
  { name: 'EMAIL_SMTP_USER', type: 'string', default: '', description: 'SMTP user.' },
  { name: 'EMAIL_SMTP_PASSWORD', type: 'string', default: '', secret: true, description: 'SMTP password.' },
  { name: 'EMAIL_SMTP_SECURE', type: 'boolean', default: 'false', description: 'Use TLS from the start (port 465).' },
  { name: 'EMAIL_SMTP_IGNORE_TLS', type: 'boolean', default: 'false', description: 'Do not upgrade with STARTTLS.' },
  // Files and assets
  {
    name: 'STORAGE_LOCATIONS',
    type: 'list',
    default: 'local',
    description: 'Storage locations, each configured with `STORAGE_<NAME>_*`; new uploads go to the first.',
  },
  {
    name: 'FILES_MAX_UPLOAD_SIZE',
    type: 'size',
    default: '',
    description: 'Largest file accepted in one upload (413 CONTENT_TOO_LARGE beyond it); unset: no limit but the disk.',
  },
  {
    name: 'IMPORT_IP_ALLOW_LIST',
    type: 'list',
    default: '',
    description:
      '`POST /files/import` never fetches from a loopback, private, link-local, unspecified, multicast or otherwise reserved address (checked on every redirect, after resolving the name once); these IP addresses or CIDR ranges (`10.0.0.5`, `192.168.0.0/16`) are allowed anyway.',
  },
  {
    name: 'FILES_MIME_TYPE_ALLOW_LIST',
    type: 'list',
    default: '*/*',
    description: 'Types an upload may have, as sniffed from its bytes (`image/*`, `application/pdf`); others are refused.',
  },
  { name: 'ASSETS_CACHE_TTL', type: 'duration', default: '30d', description: '`Cache-Control: max-age` of `/assets` answers.' },
  {
    name: 'ASSETS_ZIP_MAX_SIZE',
    type: 'size',
    default: '2gb',
    description:
      'Largest total size of the files one zip download (`POST /assets/files`) may hold; beyond it 413 CONTENT_TOO_LARGE before anything is sent.',
  },
  {
    name: 'ASSETS_TRANSFORM_MAX_CONCURRENT',
    type: 'integer',
    default: '2',
    min: 1,
    description: 'Image transformations run at once per instance; more wait in the queue.',
  },
  {
    name: 'ASSETS_TRANSFORM_MAX_QUEUE',
    type: 'integer',
    default: '32',
    min: 0,
    description: 'Transformations that may wait; beyond that `/assets` answers 503 SERVICE_UNAVAILABLE.',
  },
  {
    name: 'ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION',
    type: 'integer',
    default: '6000',
    min: 1,
    description: 'Largest width or height of a source image or of a transformation result (pixels).',
  },
  {
    name: 'ASSETS_TRANSFORM_TIMEOUT',
    type: 'duration',
    default: '7500ms',
    description: 'A transformation that takes longer is abandoned (503).',
  },
  {
    name: 'ASSETS_TRANSFORM_MAX_OPERATIONS',
    type: 'integer',
    default: '5',
    min: 0,
    description: 'Most sharp operations one `transforms` parameter may list.',
  },
];
