import type { FastifyPluginAsync } from 'fastify';
import { checkHealth, serverInfo, type HealthChecks, type HealthReport } from '../../../modules/server/index.js';
import { accountabilityOf } from '../../request-context.js';
import { sendResult } from '../../respond.js';

export type { HealthReport };

export type ServerRoutesDeps = HealthChecks & {
  version: string;
  vendor: string;
  /** Shown as `project.project_name` in /server/info. */
  projectName?: string;
};

/** Routes under /server: `GET /health` (public, application/health+json) and `GET /info`. /server/ping lives in http/server.ts. */
export function createServerRoutes(deps: ServerRoutesDeps): FastifyPluginAsync {
  return async (server) => {
    server.get('/health', async (request, reply) => {
      const report = await checkHealth(deps, request.log);
      return reply
        .code(report.status === 'error' ? 503 : 200)
        .header('Cache-Control', 'no-cache')
        .type('application/health+json; charset=utf-8')
        .send(JSON.stringify(report));
    });

    server.get('/info', async (request, reply) => {
      return sendResult(request, reply, { data: serverInfo(accountabilityOf(request), deps) });
    });
  };
}
