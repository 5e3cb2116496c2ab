import type { FastifyPluginAsync } from 'fastify';
import { accountabilityOf } from '../../http/request-context.js';
import { sendResult } from '../../http/respond.js';

export type ServerRoutesDeps = {
  /** Resolves when the database answers; throws otherwise. */
  checkDatabase: () => Promise<void>;
  version: string;
  vendor: string;
  /** Shown as `project.project_name` in /server/info. */
  projectName?: string;
};

export type HealthReport = { status: 'ok' | 'error'; checks: { database: 'ok' | 'error' } };

/** Routes under /server: `GET /health` (public, application/health+json) and `GET /info`. /server/ping lives in http/server.ts. */
export function createServerRoutes(deps: ServerRoutesDeps): FastifyPluginAsync {
  return async (server) => {
    server.get('/health', async (request, reply) => {
      let database: 'ok' | 'error' = 'ok';
      try {
        await deps.checkDatabase();
      } catch (error) {
        database = 'error';
        request.log.warn({ err: error }, 'health check: the database does not answer');
      }
      const report: HealthReport = { status: database === 'ok' ? 'ok' : 'error', checks: { database } };
      return reply
        .code(report.status === 'ok' ? 200 : 503)
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
