import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from './config/index.js';
import { createCacheRegistry, type CacheRegistry } from './kernel/caches/index.js';
import { closeDatabase, createDatabase } from './database/connection.js';
import { classifyDatabaseError } from './database/classify-database-error.js';
import type { Dialect } from './database/dialects/dialect.js';
import { pendingMigrations, runMigrations } from './database/migrations/run-migrations.js';
import type { AuditRecorder } from './engine/audit-recorder.js';
import { createCacheSync, type CacheSync } from './engine/cache-sync/create-cache-sync.js';
import type { Context } from './engine/context.js';
import { createPermissionsEngine, type PermissionsEngine } from './engine/permissions/create-permissions-engine.js';
import { createCounterStore, type CounterStore } from './engine/rate-limit/create-counter-store.js';
import { createSchemaStore, type SchemaStore } from './engine/schema-overview/create-schema-store.js';
import { createGraphqlRoutes, createSchemaCache, createSdlPrinter, type GraphqlDeps } from './graphql/index.js';
import { buildServer } from './http/server.js';
import { accountabilityOf } from './http/request-context.js';
import { sendExportStream, sendResult } from './http/respond.js';
import {
  createAccessControlRoutes,
  createActivityRoutes,
  createAdminAppRoutes,
  createAssetsRoutes,
  createCachesRoutes,
  createCommentsRoutes,
  createSharesRoutes,
  createVersionsRoutes,
  createAuthRoutes,
  createFilesRoutes,
  createFlowsRoutes,
  createFoldersRoutes,
  createNotificationsRoutes,
  createDashboardsRoutes,
  createPanelsRoutes,
  createTranslationsRoutes,
  createOperationsRoutes,
  createItemsRoutes,
  createPasswordRoutes,
  createPresetsRoutes,
  createRevisionsRoutes,
  createRootRedirect,
  createSchemaRoutes,
  createSchemaSnapshotRoutes,
  createSessionsRoutes,
  createSettingsRoutes,
  createExtensionsRoutes,
  createSpecsRoutes,
  createSsoRoutes,
  createTfaRoutes,
  createUserSessionsRoutes,
  createUsersRoutes,
  createInvitesRoutes,
  createUtilsRoutes,
  type ItemRouteDeps,
} from './http/routes/index.js';
import { systemAccountability, type Accountability } from './kernel/context/index.js';
import { createLogger, type Logger } from './kernel/logger.js';
import { createEventBus, type EventBus } from './kernel/events/index.js';
import { createActivityRecorder, startRetention } from './modules/activity/index.js';
import { commentsBehaviour, createCommentAlias } from './modules/comments/index.js';
import { createSharesService, sharesBehaviour } from './modules/shares/index.js';
import {
  createAuthService,
  createOtpReplayGuard,
  createPasswordService,
  createSessionsService,
  createTfaService,
  createSsoService,
  createThrottle,
  type AuthService,
  type PasswordService,
  type TfaService,
} from './modules/auth/index.js';
import { createMailer, createMailTemplates, type Mailer } from './modules/mail/index.js';
import { notificationsBehaviour } from './modules/notifications/index.js';
import { dashboardsBehaviour, panelsBehaviour } from './modules/dashboards/index.js';
import { translationsBehaviour } from './modules/translations/index.js';
import { createVersionsService, versionsBehaviour } from './modules/versions/index.js';
import { createFlowsService, flowsBehaviours, type FlowsService } from './modules/flows/index.js';
import { bootstrapDatabase, type BootstrapResult } from './modules/bootstrap/bootstrap-database.js';
import { createItemsService, type CollectionBehaviour, type ItemsService } from './modules/items/index.js';
import { invalidatingBehaviour, permissionsBehaviour, selfEscalationGuards } from './modules/policies/index.js';
import { createInvitesService, createRegistrationService, lastAdminGuard, usersBehaviour } from './modules/users/index.js';
import { schemaBehaviours } from './modules/collections/index.js';
import { createFilesService, filesBehaviour, foldersBehaviour } from './modules/files/index.js';
import { createAssetsService } from './modules/assets/index.js';
import { createStorage, type Storage } from './engine/storage/index.js';
import { packageVersion } from './package-version.js';
import { createRealtimeService, writeNoticeOf, type RealtimeService, type WriteNotice } from './modules/realtime/index.js';
import { createRedisFanOut } from './engine/fan-out/create-redis-fan-out.js';
import { createRealtimeRoutes } from './http/routes/realtime/realtime.routes.js';
import { createGraphqlSocketHandler } from './http/routes/realtime/graphql-socket-handler.js';

const version = packageVersion();

export type AppOverrides = {
  now?: () => Date;
  logger?: Logger;
  mailer?: Mailer;
  /** The pause of flows' `sleep` operations (tests pass their own). */
  flowSleep?: (ms: number) => Promise<void>;
  /** Realtime timings in milliseconds (tests use tiny ones); default from WEBSOCKETS_REST_AUTH_TIMEOUT and WEBSOCKETS_HEARTBEAT_PERIOD. */
  realtimeTimings?: { authTimeoutMs?: number; heartbeatMs?: number };
  /** Folder of the built admin app served at /admin (default: app/dist of this package). */
  adminAppRoot?: string;
};

/** app/dist beside src/ (running from source) or dist/ (compiled): both are one level below the package. */
const DEFAULT_ADMIN_APP_ROOT = fileURLToPath(new URL('../app/dist/', import.meta.url));

export type App = {
  config: Config;
  logger: Logger;
  version: string;
  knex: Knex;
  dialect: Dialect;
  schema: SchemaStore;
  permissions: PermissionsEngine;
  /** Keeps the schema and permission caches correct across instances (versions in the database, decision 0012). */
  cacheSync: CacheSync;
  /** Every cache of this instance, with its bound, its cache versions and its counters (decision 0050). */
  caches: CacheRegistry;
  audit: AuditRecorder;
  /** The event bus every write emits on (filter before, action after commit; decision 0048). */
  events: EventBus<Context>;
  items: ItemsService;
  auth: AuthService;
  passwords: PasswordService;
  /** Two-factor authentication (TOTP, recovery codes, administrator reset). */
  tfa: TfaService;
  /** Flows: event, webhook, manual and operation triggers and their operations (decision 0065). */
  flows: FlowsService;
  /** Sends the app's e-mail (password reset links) in the background. */
  mailer: Mailer;
  /** Rate-limit and throttle counters (memory or Redis). */
  counters: CounterStore;
  /** The storage locations of files (STORAGE_LOCATIONS). */
  storage: Storage;
  /** Realtime over WebSockets (docs/realtime.md): its sockets and subscriptions. */
  realtime: RealtimeService;
  server: FastifyInstance;
  /** A Context for an accountability, with its permission set and the current schema. */
  contextFor(accountability: Accountability): Promise<Context>;
  /** A Context for system work (admin, no user): bootstrap, migrations, the CLI. */
  systemContext(): Promise<Context>;
  /** Starts background work of a serving process (activity retention); returns a stop function. */
  startBackgroundJobs(): () => void;
  migrate(): Promise<string[]>;
  bootstrap(): Promise<BootstrapResult>;
  close(): Promise<void>;
};

/**
 * The composition root: database → engines → modules → transports, wired by hand (no container, no module
 * singletons, so several apps can live in one process). Never listens; see main.ts.
 */
export async function createApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.log);
  const now = overrides.now ?? (() => new Date());
  // The one owner of this instance's caches: the cache sync empties them by version (decision 0050).
  const caches = createCacheRegistry();
  const { knex, dialect } = await createDatabase(config.db, { warn: (message) => logger.warn(message) });
  const schema = createSchemaStore(knex, dialect, caches);
  const permissions = createPermissionsEngine({ knex, dialect, caches });
  const audit = createActivityRecorder();
  const events = createEventBus<Context>(logger);

  // Set once the auth service exists: what this instance knows of live sign-ins (decision 0042).
  let forgetSignIns = (): void => undefined;
  const cacheSync = createCacheSync({
    knex,
    // The version read runs through the dialect's executor (decision 0049).
    readDirect: (db, sql, bindings) => dialect.execute(db, { sql, bindings }),
    ...(dialect.dataVersionSql ? { dataVersionSql: dialect.dataVersionSql } : {}),
    maxAge: config.cache.systemTtl,
    caches,
    // Read again rather than dropped: an overview that turns out unchanged (this instance's own change, seen
    // once more through the version) stays the same object, and the GraphQL schemas built from it stay too.
    onSchemaChange: () => schema.revalidate(),
    onAccessChange: () => permissions.invalidate(),
    onSessionChange: () => forgetSignIns(),
    onExpiry: () => {
      schema.revalidate();
      permissions.invalidate();
    },
  });
  const accessCaches = { invalidate: () => permissions.invalidate(), record: (db: Knex) => cacheSync.recordAccessChange(db) };
  // Every transaction that ends sign-ins raises the session version with it (decision 0042).
  const recordSessionEnd = (db: Knex) => cacheSync.recordSessionChange(db);
  // Nobody but an administrator raises their own access through the access-control collections, and an
  // active administrator always remains (lastAdminGuard).
  const guards = selfEscalationGuards();
  const storage = createStorage(config.files.locations);
  // Set below, once its dependencies exist; the behaviours of flows reach it when a write runs.
  const flowsHolder = {} as { service: FlowsService };
  const behaviours = new Map<string, CollectionBehaviour[]>([
    ['service_users', [usersBehaviour(accessCaches, recordSessionEnd), lastAdminGuard('service_users')]],
    ['service_roles', [invalidatingBehaviour(accessCaches), guards.service_roles!, lastAdminGuard('service_roles')]],
    ['service_policies', [invalidatingBehaviour(accessCaches), guards.service_policies!, lastAdminGuard('service_policies')]],
    ['service_access', [invalidatingBehaviour(accessCaches), guards.service_access!, lastAdminGuard('service_access')]],
    ['service_permissions', [permissionsBehaviour(accessCaches), guards.service_permissions!]],
    ['service_files', [filesBehaviour(storage)]],
    ['service_folders', [foldersBehaviour]],
    ['service_notifications', [notificationsBehaviour(() => mailer)]],
    ['service_dashboards', [dashboardsBehaviour]],
    ['service_panels', [panelsBehaviour]],
    ['service_translations', [translationsBehaviour]],
    ['service_comments', [commentsBehaviour({ items: () => items, permissions })]],
    ['service_shares', [sharesBehaviour]],
    ['service_versions', [versionsBehaviour({ items: () => items })]],
    ...schemaBehaviours(schema),
    // Flows are checked when saved, and every change reloads them on every instance (decision 0065).
    ...flowsBehaviours(() => flowsHolder.service.types(), {
      record: (db) => cacheSync.recordAccessChange(db),
      invalidate: () => flowsHolder.service.invalidate(),
    }),
  ]);
  const items = createItemsService({ audit, behaviours });
  const versions = createVersionsService({ items, audit });
  // One counter store (memory, or Redis with RATE_LIMITER_STORE=redis) for the request limiter and the throttles.
  const counters = await createCounterStore({
    kind: config.rateLimiter.store,
    redis: config.redis,
    keyPrefix: config.redisKeyPrefix,
    logger,
    now: () => now().getTime(),
  });
  const loginThrottle = createThrottle({ store: counters, config: config.rateLimiter.login, scope: 'login' });
  const otpGuard = createOtpReplayGuard(counters);
  const auth = createAuthService({
    config,
    knex,
    dialect,
    permissions,
    audit,
    caches,
    throttle: loginThrottle,
    otpGuard,
    recordSessionEnd,
    now,
  });
  forgetSignIns = () => auth.forgetSignIns();
  const tfa = createTfaService({ config, audit, guard: otpGuard, throttle: loginThrottle });
  const mailer = overrides.mailer ?? createMailer(config.email, logger);
  const requestThrottle = createThrottle({ store: counters, config: config.rateLimiter.login, scope: 'password-request' });
  const passwords = createPasswordService({ config, audit, mailer, requestThrottle, loginThrottle, recordSessionEnd });
  const sso = createSsoService({ config, auth, items, logger });
  // Registrations, acceptances and verifications per IP (RATE_LIMITER_REGISTRATION_*), each on counters of its own.
  const registrationThrottle = (scope: string) => {
    const { enabled, points, duration } = config.rateLimiter.registration;
    return createThrottle({ store: counters, config: { enabled, points, ipPoints: points, accountPoints: points, duration }, scope });
  };
  // Share passwords are guessed like login passwords: the same budgets, counters of their own (decision 0105).
  const shareThrottle = createThrottle({ store: counters, config: config.rateLimiter.login, scope: 'share-auth' });
  const shares = createSharesService({ config, items, auth, mailer, throttle: shareThrottle });
  const invites = createInvitesService({ config, items, mailer, throttle: registrationThrottle('invite-accept') });
  const registration = createRegistrationService({
    config,
    items,
    mailer,
    registerThrottle: registrationThrottle('registration'),
    verifyThrottle: registrationThrottle('verify-email'),
  });

  const contextFor = async (accountability: Accountability, dataVersion?: string): Promise<Context> => {
    const base = {
      db: knex,
      dialect,
      schema: await schema.get(),
      accountability,
      config,
      logger,
      now,
      caches,
      events,
      inTransaction: false,
    };
    return { ...base, permissions: await permissions.permissionSet(base), ...(dataVersion === undefined ? {} : { dataVersion }) };
  };
  const flows = createFlowsService({
    items,
    mailer,
    mailTemplates: createMailTemplates(config.email.templatesPath),
    audit,
    config: config.flows,
    caches,
    events,
    contextFor: (accountability) => contextFor(accountability),
    publicAccountability: () => permissions.publicAccountability({}),
    roleAccountability: (role) => permissions.accountabilityForRole(role, {}),
    policyAccountability: (policy) => permissions.accountabilityForPolicy(policy, {}),
    systemContext: () => contextFor(systemAccountability()),
    knex,
    dialect,
    logger,
    ...(overrides.flowSleep ? { sleep: overrides.flowSleep } : {}),
  });
  flowsHolder.service = flows;
  // A request's context carries the data version its cache check read (decision 0033); other work's does not.
  const requestContext = (request: FastifyRequest) => contextFor(accountabilityOf(request), cacheSync.dataVersion());
  const sessions = createSessionsService({ audit, recordSessionEnd });
  const routeDeps: ItemRouteDeps = { items, contextFor: requestContext, send: sendResult, sendExport: sendExportStream };
  const files = createFilesService({ items, storage });
  // Several instances hear each other's writes over Redis pub/sub when a Redis is configured (docs/realtime.md).
  let realtimeDeliver: (notice: WriteNotice) => void = () => undefined;
  const fanOut =
    config.websockets.enabled && config.redis !== null
      ? await createRedisFanOut({
          url: config.redis,
          channel: `${config.redisKeyPrefix}realtime`,
          logger,
          onMessage: (message) => {
            const notice = writeNoticeOf(message);
            if (notice) realtimeDeliver(notice);
          },
        })
      : null;
  // One cache of per-caller GraphQL schemas for /graphql and /server/specs/graphql.
  // /server/health and GraphQL's server_health run the same checks: Redis where the counters or realtime use it.
  const checkRedis = async () => {
    if (config.rateLimiter.store === 'redis') await counters.ping();
    if (fanOut && !fanOut.connected()) throw new Error('The realtime channel to Redis is down');
  };
  const healthChecks = {
    checkDatabase: async () => {
      await knex.raw('select 1');
    },
    checkMigrations: async () => (await pendingMigrations(knex)).length === 0,
    ...(config.rateLimiter.store === 'redis' || fanOut ? { checkRedis } : {}),
  };
  const graphqlDeps: GraphqlDeps = {
    config,
    items,
    auth,
    passwords,
    tfa,
    invites,
    registration,
    readVersion: versions.readVersioned,
    cacheSync,
    schemaStore: schema,
    server: { facts: { version, vendor: dialect.vendor }, health: healthChecks },
    contextFor: requestContext,
  };
  const graphqlSchemas = createSchemaCache(caches);
  const realtime = createRealtimeService({
    config,
    logger,
    events,
    items,
    auth,
    contextFor,
    prepare: () => cacheSync.check(),
    caches,
    now,
    counters,
    ...(overrides.realtimeTimings ? { timings: overrides.realtimeTimings } : {}),
    ...(fanOut ? { publish: (notice: WriteNotice) => fanOut.publish(notice) } : {}),
  });
  realtimeDeliver = (notice) => void realtime.deliver(notice);
  const websockets = config.websockets;
  // GraphQL subscriptions (graphql-ws), through the same realtime service: at /graphql itself, or their own path.
  const graphqlSockets =
    websockets.enabled && websockets.graphql.enabled
      ? createGraphqlSocketHandler({ config, logger, realtime, items, cache: graphqlSchemas })
      : null;
  const graphqlSocketsAtGraphql = graphqlSockets !== null && websockets.graphql.path === '/graphql';

  const routes: { prefix: string; plugin: FastifyPluginAsync }[] = [
    { prefix: '/items', plugin: createItemsRoutes({ ...routeDeps, readVersion: versions.readVersioned }) },
    { prefix: '/activity', plugin: createActivityRoutes({ ...routeDeps, comments: createCommentAlias({ items }) }) },
    { prefix: '/revisions', plugin: createRevisionsRoutes(routeDeps) },
    { prefix: '/presets', plugin: createPresetsRoutes(routeDeps) },
    { prefix: '/files', plugin: createFilesRoutes({ ...routeDeps, files }) },
    { prefix: '/folders', plugin: createFoldersRoutes(routeDeps) },
    { prefix: '/notifications', plugin: createNotificationsRoutes(routeDeps) },
    { prefix: '/translations', plugin: createTranslationsRoutes(routeDeps) },
    { prefix: '/comments', plugin: createCommentsRoutes(routeDeps) },
    { prefix: '/dashboards', plugin: createDashboardsRoutes(routeDeps) },
    { prefix: '/panels', plugin: createPanelsRoutes(routeDeps) },
    { prefix: '/shares', plugin: createSharesRoutes({ ...routeDeps, config, shares }) },
    { prefix: '/versions', plugin: createVersionsRoutes({ ...routeDeps, versions }) },
    { prefix: '/flows', plugin: createFlowsRoutes({ ...routeDeps, flows }) },
    { prefix: '/operations', plugin: createOperationsRoutes(routeDeps) },
    { prefix: '/assets', plugin: createAssetsRoutes({ assets: createAssetsService({ items, storage }), contextFor: requestContext }) },
    { prefix: '/users', plugin: createInvitesRoutes({ invites, registration, contextFor: requestContext }) },
    { prefix: '/users', plugin: createUsersRoutes(routeDeps) },
    { prefix: '/users/me/sessions', plugin: createSessionsRoutes({ sessions, contextFor: requestContext, send: sendResult }) },
    { prefix: '/users', plugin: createUserSessionsRoutes({ sessions, contextFor: requestContext, send: sendResult }) },
    { prefix: '/users', plugin: createTfaRoutes({ tfa, contextFor: requestContext }) },
    { prefix: '/settings', plugin: createSettingsRoutes(routeDeps) },
    { prefix: '/extensions', plugin: createExtensionsRoutes({ contextFor: requestContext, send: sendResult }) },
    { prefix: '/auth', plugin: createAuthRoutes({ config, auth, contextFor: requestContext }) },
    { prefix: '/auth', plugin: createPasswordRoutes({ passwords, contextFor: requestContext }) },
    { prefix: '/auth', plugin: createSsoRoutes({ config, sso, contextFor: requestContext }) },
    ...Object.entries(createAccessControlRoutes({ ...routeDeps, permissions })).map(([prefix, plugin]) => ({ prefix, plugin })),
    ...createSchemaRoutes({ ...routeDeps, knex, dialect, schemaStore: schema }),
    {
      prefix: '/schema',
      plugin: createSchemaSnapshotRoutes({ items, schemaStore: schema, version, contextFor: requestContext }),
    },
    { prefix: '/utils', plugin: createUtilsRoutes({ ...routeDeps, cacheSync, files, hashCost: config.auth.passwordHash }) },
    { prefix: '/graphql', plugin: createGraphqlRoutes(graphqlDeps, graphqlSchemas, graphqlSocketsAtGraphql ? graphqlSockets : null) },
    ...(graphqlSockets && !graphqlSocketsAtGraphql
      ? [
          {
            prefix: websockets.graphql.path,
            plugin: (async (server) => {
              server.get('/', { websocket: true, preValidation: graphqlSockets.preValidation }, graphqlSockets.wsHandler);
            }) satisfies FastifyPluginAsync,
          },
        ]
      : []),
    ...(websockets.enabled && websockets.rest.enabled
      ? [{ prefix: websockets.rest.path, plugin: createRealtimeRoutes({ config, realtime }) }]
      : []),
    // This instance's caches with their bounds and counters, for administrators (decision 0050).
    { prefix: '/server/caches', plugin: createCachesRoutes({ caches }) },
    {
      prefix: '/server/specs',
      plugin: createSpecsRoutes({
        contextFor: requestContext,
        printGraphqlSdl: createSdlPrinter(graphqlDeps, graphqlSchemas),
        version,
        publicUrl: config.server.publicUrl,
      }),
    },
  ];

  const server = buildServer({
    config,
    logger,
    // Every request first makes this instance's caches current (one shared version read), then authenticates.
    // … and the active flows current with it (their event handlers registered).
    // A failed load keeps the flows registered before and is tried again by the next request: a request that
    // needs no schema (a refused token) is still answered while the database misbehaves.
    prepareRequest: async () => {
      await cacheSync.check();
      await flows.ensureLoaded().catch((error: unknown) => logger.error({ err: error }, 'flows could not be loaded'));
    },
    authenticate: (input) => auth.authenticate(input),
    routes,
    classifyError: (error) => classifyDatabaseError(dialect, error),
    staticRoutes: [
      { prefix: '/admin', plugin: createAdminAppRoutes({ root: overrides.adminAppRoot ?? DEFAULT_ADMIN_APP_ROOT }) },
      { prefix: '/', plugin: createRootRedirect('/admin') },
    ],
    ...healthChecks,
    version,
    vendor: dialect.vendor,
    rateLimitStore: counters,
    websocket: websockets.enabled ? { maxPayload: websockets.maxMessageSize * 2 } : null,
  });

  const systemContext = () => contextFor(systemAccountability());

  /**
   * Instances starting together on one database take turns: migrations and the first bootstrap run once. The
   * lock holds a connection of the pool while the work uses another, so a pool of one goes without it.
   */
  const exclusively = <T>(work: () => Promise<T>): Promise<T> =>
    config.db.poolMax >= 2 ? dialect.withServerLock(knex, 'stratum:start-up', work) : work();
  const migrateNow = async () => {
    const applied = await runMigrations(knex, dialect);
    schema.invalidate();
    permissions.invalidate();
    return applied;
  };
  const migrate = () => exclusively(migrateNow);

  return {
    config,
    logger,
    version,
    knex,
    dialect,
    schema,
    permissions,
    cacheSync,
    caches,
    audit,
    events,
    items,
    flows,
    auth,
    passwords,
    tfa,
    mailer,
    counters,
    storage,
    realtime,
    server,
    contextFor,
    systemContext,
    migrate,
    startBackgroundJobs: () => {
      const stopRetention = startRetention({ knex, dialect, retention: config.retention, logger, now });
      const stopSchedules = flows.startSchedules(now);
      return () => {
        stopRetention();
        stopSchedules();
      };
    },
    bootstrap: () =>
      exclusively(async () => {
        await migrateNow();
        const result = await bootstrapDatabase(await systemContext(), items, config.admin);
        permissions.invalidate();
        return result;
      }),
    async close() {
      // Sockets first, with 1001 (going away): clients reconnect to another instance.
      realtime.close();
      await fanOut?.close();
      await server.close();
      // Background flow runs (async webhooks, schedules) finish before the database closes (decision 0076).
      await flows.settled();
      await mailer.close();
      await counters.close();
      await storage.close();
      await closeDatabase(knex);
    },
  };
}
