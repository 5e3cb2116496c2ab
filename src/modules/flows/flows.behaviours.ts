import type { Knex } from 'knex';
import type { Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { CollectionBehaviour, PrimaryKey } from '../items/index.js';
import type { OperationType } from './flows.types.js';
import { isAccessPermission } from './operations/operation-context.js';
import { validateFlow } from './validate-flow.js';

/** How a change of flows reaches every instance: the access version raised in the write (decision 0065). */
export type FlowChanges = { record(db: Knex): Promise<void>; invalidate(): void };

const KEY = /^[a-zA-Z0-9_-]+$/;

async function savedValues(ctx: Context, table: string, field: string, keys: PrimaryKey[]): Promise<unknown[]> {
  if (keys.length === 0) return [];
  const rows = (await ctx.db(table).whereIn('id', keys).distinct(field)) as Record<string, unknown>[];
  return rows.map((row) => row[field]);
}

/**
 * An operation acting with a role's or a policy's rules: one of them must exist (400), and a non-administrator may
 * only name a role whose rights they hold already (their own role or one of its ancestors) or a policy they hold
 * (403), so a flow never lends more rights than its author has.
 */
async function checkNamedAccess(ctx: Context, id: string): Promise<void> {
  const role: unknown = await ctx.db('service_roles').where('id', id).first('id');
  const policy: unknown = role ? undefined : await ctx.db('service_policies').where('id', id).first('id');
  if (!role && !policy) throw invalidPayload(`No role or policy "${id}" of "permissions" exists`);
  if (ctx.permissions.admin) return;
  const held = role ? ctx.accountability.roles.includes(id) : ctx.accountability.policies.includes(id);
  if (!held) throw forbidden(`Only administrators may give an operation the rights of a ${role ? 'role' : 'policy'} they do not hold`);
}

/**
 * The invariants of `service_flows` and `service_operations` on every write path: triggers, their options and
 * operation types are checked when saved (400, never a failure at run time), only administrators give an
 * operation full access (or a role's or policy's rights they do not hold), and every change raises the access version so each
 * instance loads its flows again.
 */
export function flowsBehaviours(types: () => Map<string, OperationType>, changes: FlowChanges): [string, CollectionBehaviour[]][] {
  const announce: CollectionBehaviour = { afterWrite: (ctx) => changes.record(ctx.db), afterCommit: changes.invalidate };
  const flows: CollectionBehaviour = {
    async beforeWrite(ctx, { action, payload, keys }) {
      const triggers =
        payload.trigger !== undefined || action === 'create' ? [payload.trigger] : await savedValues(ctx, 'service_flows', 'trigger', keys);
      for (const trigger of triggers) validateFlow(payload, trigger);
      return payload;
    },
  };
  const operations: CollectionBehaviour = {
    async beforeWrite(ctx, { action, payload, keys }) {
      if (payload.key !== undefined && (typeof payload.key !== 'string' || !KEY.test(payload.key))) {
        throw invalidPayload('"key" must be letters, digits, "_" or "-"');
      }
      if (payload.options !== undefined && payload.options !== null && !isPlainObject(payload.options)) {
        throw invalidPayload('"options" must be an object');
      }
      const options = (payload.options ?? {}) as Record<string, unknown>;
      if (options.permissions === '$full' && !ctx.permissions.admin) {
        throw forbidden('Only administrators may give an operation full access');
      }
      if (isAccessPermission(options.permissions)) await checkNamedAccess(ctx, options.permissions);
      if (payload.type === undefined && payload.options === undefined) return payload;
      const saved =
        payload.type !== undefined || action === 'create' ? [payload.type] : await savedValues(ctx, 'service_operations', 'type', keys);
      for (const type of saved) {
        const operation = types().get(String(type));
        if (!operation) throw invalidPayload(`Unknown operation type "${String(type)}"`);
        if (payload.options === undefined) continue;
        const reason = operation.validate(options);
        if (reason) throw invalidPayload(`Invalid options for a ${String(type)} operation: ${reason}`);
      }
      return payload;
    },
  };
  return [
    ['service_flows', [flows, announce]],
    ['service_operations', [operations, announce]],
  ];
}
