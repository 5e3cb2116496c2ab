type CheckResult = 'ok' | 'error';

/** What `GET /server/health` and GraphQL's `server_health` report (application/health+json's shape). */
export type HealthReport = {
  status: 'ok' | 'warn' | 'error';
  checks: { database: CheckResult; migrations?: 'ok' | 'pending' | 'error'; redis?: CheckResult; instance?: 'draining' };
};

export type HealthChecks = {
  /** Resolves when the database answers; throws otherwise. */
  checkDatabase: () => Promise<void>;
  /** Resolves when Redis answers; throws otherwise. Only where Redis is configured. */
  checkRedis?: () => Promise<void>;
  /** Whether the database has every migration this instance knows (false: it must not serve). */
  checkMigrations?: () => Promise<boolean>;
  /** True once a graceful shutdown has begun (GRACEFUL_SHUTDOWN_DELAY). */
  isDraining?: () => boolean;
};

/** Where a check that does not answer is told (the request's logger). */
export type HealthLog = { warn(object: { err: unknown }, message: string): void };

/** Runs a check, turning a throw into 'error' (logged; the reason never reaches the client). */
async function probe<T>(name: string, log: HealthLog, check: () => Promise<T>): Promise<T | 'error'> {
  try {
    return await check();
  } catch (error) {
    log.warn({ err: error }, `health check: ${name} does not answer`);
    return 'error';
  }
}

/**
 * The instance's health: the database, the migrations and Redis, checked side by side. A database that can't
 * serve this instance (or a draining instance) is an error: route around it; Redis is shared by every instance,
 * so its loss is a warning: the instance still serves what doesn't need it.
 */
export async function checkHealth(checks: HealthChecks, log: HealthLog): Promise<HealthReport> {
  const { checkRedis, checkMigrations } = checks;
  const [database, migrations, redis] = await Promise.all([
    probe('the database', log, async () => (await checks.checkDatabase(), 'ok' as const)),
    checkMigrations
      ? probe('the migrations', log, async () => ((await checkMigrations()) ? ('ok' as const) : ('pending' as const)))
      : undefined,
    checkRedis ? probe('Redis', log, async () => (await checkRedis(), 'ok' as const)) : undefined,
  ]);
  const report: HealthReport['checks'] = { database };
  if (migrations) report.migrations = migrations;
  if (redis) report.redis = redis;
  const draining = checks.isDraining?.() ?? false;
  if (draining) report.instance = 'draining';
  const status =
    draining || database !== 'ok' || (migrations !== undefined && migrations !== 'ok') ? 'error' : redis === 'error' ? 'warn' : 'ok';
  return { status, checks: report };
}
