import type { Accountability } from '../../kernel/context/accountability.js';

/** The facts `GET /server/info` and GraphQL's `server_info` give. */
export type ServerFacts = { version: string; vendor: string; /** `project.project_name`. */ projectName?: string };

/** `GET /server/info`: the project's name for everyone; the version and the database vendor for administrators only. */
export function serverInfo(accountability: Pick<Accountability, 'admin'>, facts: ServerFacts): Record<string, unknown> {
  const data: Record<string, unknown> = { project: { project_name: facts.projectName ?? 'Stratum' } };
  if (accountability.admin) {
    data['version'] = facts.version;
    data['vendor'] = facts.vendor;
  }
  return data;
}
