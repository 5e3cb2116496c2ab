import type { FastifyPluginAsync } from 'fastify';
import { accountabilityOf } from '../../request-context.js';
import { sendResult } from '../../respond.js';

export type ServerRoutesDeps = {
  /** True once a graceful shutdown has begun (GRACEFUL_SHUTDOWN_DELAY): health then answers 503. */
  isDraining?: () => boolean;
  /** Resolves when the database answers; throws otherwise. */
  checkDatabase: () => Promise<void>;
  /** Resolves when Redis answers; throws otherwise. Only where Redis is configured. */
  checkRedis?: () => Promise<void>;
  /** Whether the database has every migration this instance knows (false: it must not serve). */
  checkMigrations?: () => Promise<boolean>;
  version: string;
  vendor: string;
  /** Shown as `project.project_name` in /server/info. */
  projectName?: string;
};

type CheckResult = 'ok' | 'error';
export type HealthReport = {
  status: 'ok' | 'warn' | 'error';
  checks: { database: CheckResult; migrations?: 'ok' | 'pending' | 'error'; redis?: CheckResult; instance?: 'draining' };
};

/** Runs a check, turning a throw into 'error' (logged; the reason never reaches the client). */
async function probe<T>(name: string, log: (error: unknown, name: string) => void, check: () => Promise<T>): Promise<T | 'error'> {
  try {
    return await check();
  } catch (error) {
    log(error, name);
    return 'error';
  }
}

/** Routes under /server: `GET /health` (public, application/health+json) and `GET /info`. /server/ping lives in http/server.ts. */
export function createServerRoutes(deps: ServerRoutesDeps): FastifyPluginAsync {
  return async (server) => {
    server.get('/health', async (request, reply) => {
      const log = (error: unknown, name: string) => request.log.warn({ err: error }, `health check: ${name} does not answer`);
      const { checkRedis, checkMigrations } = deps;
      const [database, migrations, redis] = await Promise.all([
        probe('the database', log, async () => (await deps.checkDatabase(), 'ok' as const)),
        checkMigrations
          ? probe('the migrations', log, async () => ((await checkMigrations()) ? ('ok' as const) : ('pending' as const)))
          : undefined,
        checkRedis ? probe('Redis', log, async () => (await checkRedis(), 'ok' as const)) : undefined,
      ]);
      const checks: HealthReport['checks'] = { database };
      if (migrations) checks.migrations = migrations;
      if (redis) checks.redis = redis;
      const draining = deps.isDraining?.() ?? false;
      if (draining) checks.instance = 'draining';
      // A database that can't serve this instance is an error (route around it); Redis is shared by every
      // instance, so its loss is a warning: the instance still serves what doesn't need it.
      const status =
        draining || database !== 'ok' || (migrations !== undefined && migrations !== 'ok') ? 'error' : redis === 'error' ? 'warn' : 'ok';
      const report: HealthReport = { status, checks };
      return reply
        .code(report.status === 'error' ? 503 : 200)
        .header('Cache-Control', 'no-cache')
        .type('application/health+json; charset=utf-8')
        .send(JSON.stringify(report));
    });

    server.get('/info', async (request, reply) => {
      const accountability = accountabilityOf(request);
      const data: Record<string, unknown> = { project: { project_name: deps.projectName ?? 'Stratum' } };
      if (accountability.admin) {
        data['version'] = deps.version;
        data['vendor'] = deps.vendor;
      }
      return sendResult(request, reply, { data });
    });
  };
}
