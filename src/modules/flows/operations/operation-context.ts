import { asSystem, type Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';
import type { FlowDeps } from '../flow-deps.js';
import type { RunScope } from '../flows.types.js';

/** The named values of an item operation's `permissions` option; any other value is a role's or a policy's id. */
export const OPERATION_PERMISSIONS = ['$trigger', '$public', '$full'] as const;

/** Whether an operation's `permissions` option names a role or a policy (a UUID), not `$trigger`, `$public` or `$full`. */
export const isAccessPermission = (permissions: unknown): permissions is string => typeof permissions === 'string' && isUuid(permissions);

/** The `permissions` option of an operation acting on items: absent, `$trigger`, `$public`, `$full`, or a role's or policy's id. */
export function permissionsOptionProblem(permissions: unknown): string | null {
  if (permissions === undefined || permissions === null) return null;
  if ((OPERATION_PERMISSIONS as readonly unknown[]).includes(permissions) || isAccessPermission(permissions)) return null;
  return `"permissions" must be one of ${OPERATION_PERMISSIONS.join(', ')} or a role's or policy's id`;
}

/**
 * The context an item operation acts in (decision 0065): `$trigger` (the default) the trigger's own accountability
 * and rules, `$public` the public policy, `$full` no checks (audited as the trigger's user), a role's id that
 * role's rules, as a caller with no user (its policies and its ancestors'), a policy's id that policy's rules
 * alone, as a caller with no user and no role (one gone since: 400, the step fails). It stays in the
 * trigger's transaction (a filter flow's writes commit or roll back with the write it filters) and carries the
 * depth of flows, so writes that trigger flows again end at a bound.
 */
export async function operationContext(scope: RunScope, permissions: unknown, deps: FlowDeps): Promise<Context> {
  const chosen = permissions ?? '$trigger';
  const base = { ...scope.ctx, flowDepth: scope.depth + 1 };
  if (chosen === '$trigger') return base;
  if (chosen === '$full') return asSystem(base);
  if (chosen === '$public') {
    const pub = await deps.contextFor(await deps.publicAccountability());
    return { ...base, accountability: pub.accountability, permissions: pub.permissions };
  }
  if (isAccessPermission(chosen)) {
    const accountability = (await deps.roleAccountability(chosen)) ?? (await deps.policyAccountability(chosen));
    if (!accountability) throw invalidPayload(`No role or policy "${chosen}" of the operation's permissions exists`);
    const named = await deps.contextFor(accountability);
    return { ...base, accountability: named.accountability, permissions: named.permissions };
  }
  throw invalidPayload(`Unknown permissions "${String(chosen)}" (one of ${OPERATION_PERMISSIONS.join(', ')})`);
}
