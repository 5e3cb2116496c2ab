import type { Context } from '../../engine/context.js';
import { parseQuery } from '../../engine/query/parse/parse-query.js';
import { hasCollection } from '../../engine/schema-overview/get-collection.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { ItemsService } from '../items/index.js';
import type { FlowOperation, FlowTrigger, LoadedFlow } from './flows.types.js';

const ALL = { limitDefault: -1, limitMax: null };
const idOf = (value: unknown) => (value === null || value === undefined ? null : String(value as string));
const objectOf = (value: unknown) => (isPlainObject(value) ? value : {});

/** Every active flow with its operations, read through the items service (a system context: no rules); null before the migration. */
export async function loadFlows(ctx: Context, items: ItemsService): Promise<Map<string, LoadedFlow> | null> {
  // Not migrated yet: nothing to load (and nothing to keep; the next request looks again).
  if (!hasCollection(ctx.schema, 'service_flows')) return null;
  const flows = (await items.readByQuery(ctx, 'service_flows', parseQuery({ filter: { status: { _eq: 'active' } }, limit: -1 }, ALL))).data;
  const loaded = new Map<string, LoadedFlow>();
  for (const row of flows) {
    const accountability = row.accountability === 'all' || row.accountability === 'activity' ? row.accountability : null;
    loaded.set(String(row.id as string), {
      id: String(row.id as string),
      name: String(row.name as string),
      trigger: row.trigger as FlowTrigger,
      accountability,
      options: objectOf(row.options),
      first: idOf(row.operation),
      operations: new Map<string, FlowOperation>(),
    });
  }
  if (loaded.size === 0) return loaded;
  const query = parseQuery({ filter: { flow: { _in: [...loaded.keys()] } }, limit: -1 }, ALL);
  for (const row of (await items.readByQuery(ctx, 'service_operations', query)).data) {
    const flow = loaded.get(String(row.flow as string));
    if (!flow) continue;
    const id = String(row.id as string);
    flow.operations.set(id, {
      id,
      key: String(row.key as string),
      type: String(row.type as string),
      options: objectOf(row.options),
      resolve: idOf(row.resolve),
      reject: idOf(row.reject),
    });
  }
  return loaded;
}
