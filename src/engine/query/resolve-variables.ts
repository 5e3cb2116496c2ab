import { ADMIN_PERMISSIONS, type Context } from '../context.js';
import { buildAst } from './ast/build-ast.js';
import { createCompileEnv } from './create-compile-env.js';
import { applyDynamicVariables, collectVariablePaths, hasPaths, type DynamicData } from './dynamic-variables.js';
import { runAst } from './execute/run-ast.js';

/**
 * Resolves `$CURRENT_USER`, `$CURRENT_ROLE(S)`, `$CURRENT_POLICIES` (with paths) and `$NOW` in a value for the
 * context's accountability. Records behind `.<path>` variables are read once, as system work.
 */
export async function resolveVariables<T>(ctx: Context, value: T): Promise<T> {
  if (!containsVariable(value)) return value;
  return applyDynamicVariables(value, await loadDynamicData(ctx, value));
}

export async function loadDynamicData(ctx: Context, value: unknown): Promise<DynamicData> {
  const { accountability } = ctx;
  const data: DynamicData = {
    user: accountability.user,
    role: accountability.role,
    roles: accountability.roles,
    policies: accountability.policies,
    now: ctx.now(),
  };
  const paths = collectVariablePaths(value);
  if (!hasPaths(paths)) return data;
  const read = async (collection: string, ids: (string | null)[], fields: Set<string>) => {
    const keys = ids.filter((id): id is string => id !== null);
    if (keys.length === 0 || fields.size === 0) return [];
    const system = { ...ctx, permissions: ADMIN_PERMISSIONS };
    const primary = ctx.schema.collections[collection]?.primary ?? 'id';
    const ast = buildAst(
      { schema: ctx.schema, permissions: ADMIN_PERMISSIONS, maxRelationalDepth: ctx.config.query.maxRelationalDepth },
      collection,
      {
        fields: [...fields],
        filter: { [primary]: { _in: keys } },
        limit: -1,
      },
    );
    return runAst(createCompileEnv(system), ast);
  };
  data.userRecord = (await read('service_users', [accountability.user], paths.user))[0] ?? null;
  data.roleRecord = (await read('service_roles', [accountability.role], paths.role))[0] ?? null;
  data.rolesRecords = await read('service_roles', accountability.roles, paths.roles);
  data.policiesRecords = await read('service_policies', accountability.policies, paths.policies);
  return data;
}

function containsVariable(value: unknown): boolean {
  if (typeof value === 'string') return value.startsWith('$CURRENT_') || value.startsWith('$NOW');
  if (Array.isArray(value)) return value.some(containsVariable);
  if (value && typeof value === 'object') return Object.values(value).some(containsVariable);
  return false;
}
