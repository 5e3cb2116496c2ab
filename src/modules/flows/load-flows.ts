import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { FlowOperation, FlowTrigger, LoadedFlow } from './flows.types.js';

type Row = Record<string, unknown>;

const idOf = (value: unknown) => (value === null || value === undefined ? null : String(value as string));

/**
 * Every active flow with its operations; null before the migration that adds them. Two plain reads of the system
 * tables, without the schema overview: a request waiting for the flows after a version change never waits for
 * a schema read it does not need itself.
 */
export async function loadFlows(db: Knex, dialect: Dialect): Promise<Map<string, LoadedFlow> | null> {
  if (!(await db.schema.hasTable('service_operations'))) return null;
  const options = (value: unknown) => {
    const parsed = dialect.fromDatabase('json', value);
    return isPlainObject(parsed) ? parsed : {};
  };
  const flows = (await db('service_flows')
    .where({ status: 'active' })
    .select('id', 'name', 'trigger', 'accountability', 'options', 'operation')) as Row[];
  const loaded = new Map<string, LoadedFlow>();
  for (const row of flows) {
    const accountability = row.accountability === 'all' || row.accountability === 'activity' ? row.accountability : null;
    const id = String(row.id as string);
    loaded.set(id, {
      id,
      name: String(row.name as string),
      trigger: row.trigger as FlowTrigger,
      accountability,
      options: options(row.options),
      first: idOf(row.operation),
      operations: new Map<string, FlowOperation>(),
    });
  }
  if (loaded.size === 0) return loaded;
  const operations = (await db('service_operations')
    .whereIn('flow', [...loaded.keys()])
    .select('id', 'key', 'type', 'options', 'resolve', 'reject', 'flow')) as Row[];
  for (const row of operations) {
    const flow = loaded.get(String(row.flow as string));
    if (!flow) continue;
    const id = String(row.id as string);
    flow.operations.set(id, {
      id,
      key: String(row.key as string),
      type: String(row.type as string),
      options: options(row.options),
      resolve: idOf(row.resolve),
      reject: idOf(row.reject),
    });
  }
  return loaded;
}
