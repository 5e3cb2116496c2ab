import type { Context } from '../../engine/context.js';
import { checkPermissionFilter } from '../../engine/query/compile/compile-filter.js';
import { FILTER_OPERATORS } from '../../engine/query/compile/filter-operators.js';
import { createCompileEnv } from '../../engine/query/create-compile-env.js';
import { applyDynamicVariables } from '../../engine/query/dynamic-variables.js';
import type { Filter } from '../../engine/schema-overview/schema-overview.types.js';
import { invalidPayload, isAppError } from '../../kernel/errors/index.js';
import type { Item, PrimaryKey } from '../items/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { isUuid } from '../../kernel/values/is-uuid.js';

const NIL = '00000000-0000-0000-0000-000000000000';
const PATH_VARIABLE = /^\$CURRENT_(USER|ROLE|ROLES|POLICIES)\./;
const VALIDATION_OPERATORS = new Set<string>([...FILTER_OPERATORS, '_submitted']);

/**
 * What a stored rule refers to must exist and make sense, so that a bad rule is a 400 when it is written and
 * never a 500 (or a foreign-key error) when it is used: `policy` names an existing policy; `permissions`
 * compiles as a filter on the rule's collection (fields, relations, operators and operand types, exactly as
 * the query engine will compile it, with dynamic variables standing in for any user); `validation` uses known
 * fields and operators; `presets` only names fields of the collection. Runs inside the write's transaction.
 */
export async function validatePermissionRule(
  ctx: Context,
  input: { action: 'create' | 'update'; payload: Item; keys: PrimaryKey[] },
): Promise<void> {
  const { payload } = input;
  const policy = payload.policy;
  if (typeof policy === 'string' && isUuid(policy)) {
    const found: unknown = await ctx.db('service_policies').select('id').where({ id: policy.toLowerCase() }).first();
    if (!found) throw invalidPayload(`"policy" must name an existing policy, "${policy}" doesn't exist`);
  }

  if (Array.isArray(payload.fields) && !payload.fields.every((field) => typeof field === 'string')) {
    throw invalidPayload('"fields" must be an array of field names or a comma-separated string');
  }

  const touchesRule = ['collection', 'permissions', 'validation', 'presets'].some(
    (key) => payload[key] !== undefined && payload[key] !== null,
  );
  if (!touchesRule) return;
  // Each rule as it will be: the stored one (on update) with the payload on top.
  const rules = input.action === 'create' ? [payload] : (await storedRules(ctx, input.keys)).map((row) => ({ ...row, ...payload }));
  for (const rule of rules) {
    const collection = rule.collection;
    if (typeof collection !== 'string' || !Object.hasOwn(ctx.schema.collections, collection)) continue;
    const permissions = parsed(rule.permissions);
    const validation = parsed(rule.validation);
    const presets = parsed(rule.presets);
    if (isPlainObject(permissions)) checkRowFilter(ctx, collection, permissions);
    if (isPlainObject(validation)) checkValidation(ctx, collection, validation, []);
    if (isPlainObject(presets)) {
      const unknown = Object.keys(presets).filter((field) => !Object.hasOwn(ctx.schema.collections[collection]!.fields, field));
      if (unknown.length > 0)
        throw invalidPayload(`"presets" names fields that don't exist in "${collection}": ${unknown.map((f) => `"${f}"`).join(', ')}`);
    }
  }
}

async function storedRules(ctx: Context, keys: PrimaryKey[]): Promise<Item[]> {
  if (keys.length === 0) return [];
  return (await ctx.db('service_permissions').select('collection', 'permissions', 'validation', 'presets').whereIn('id', keys)) as Item[];
}

/** Stored JSON columns come back as text on some vendors. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** Compiles the filter as a permission filter (no SQL runs); any error of the query engine becomes a 400. */
function checkRowFilter(ctx: Context, collection: string, filter: Filter): void {
  const standIn = applyDynamicVariables(withoutPathVariables(filter), {
    user: NIL,
    role: NIL,
    roles: [NIL],
    policies: [NIL],
    now: ctx.now(),
  });
  try {
    checkPermissionFilter(createCompileEnv(ctx), standIn, collection, 'v0');
  } catch (error) {
    if (isAppError(error) && (error.code === 'INVALID_QUERY' || error.code === 'FORBIDDEN')) {
      const reason = typeof error.extensions.reason === 'string' ? error.extensions.reason : error.message;
      throw invalidPayload(`"permissions" is not a valid filter for collection "${collection}": ${reason}`, error);
    }
    throw error;
  }
}

/**
 * `$CURRENT_USER.<path>` values depend on records that differ per user: an operator on one is checked for its
 * field only (as `_null`), not for its operand.
 */
function withoutPathVariables(filter: unknown): Filter {
  if (Array.isArray(filter)) return filter.map(withoutPathVariables) as unknown as Filter;
  if (!isPlainObject(filter)) return filter as Filter;
  const out: Filter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('_') && key !== '_and' && key !== '_or' && key !== '_some' && key !== '_none' && containsPathVariable(value))
      out._null = true;
    else out[key] = withoutPathVariables(value);
  }
  return out;
}

function containsPathVariable(value: unknown): boolean {
  if (typeof value === 'string') return PATH_VARIABLE.test(value);
  if (Array.isArray(value)) return value.some(containsPathVariable);
  return false;
}

/** A validation is checked against payloads (evaluate-validation): known fields, known operators, objects all the way. */
function checkValidation(ctx: Context, collection: string, filter: Record<string, unknown>, path: string[]): void {
  const fields = ctx.schema.collections[collection]!.fields;
  const fail = (reason: string): never => {
    throw invalidPayload(`"validation" is not a valid filter for collection "${collection}": ${reason}`);
  };
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(value) || !value.every(isPlainObject)) fail(`"${key}" must be an array of objects`);
      for (const branch of value as Record<string, unknown>[]) checkValidation(ctx, collection, branch, path);
      continue;
    }
    if (path.length === 0 && !Object.hasOwn(fields, key)) fail(`field "${key}" doesn't exist`);
    if (!isPlainObject(value)) fail(`the condition on "${key}" must be an object`);
    for (const [op, operand] of Object.entries(value as Record<string, unknown>)) {
      if (op.startsWith('_')) {
        if (!VALIDATION_OPERATORS.has(op)) fail(`unknown operator "${op}"`);
      } else if (isPlainObject(operand)) {
        checkValidation(ctx, collection, { [op]: operand }, [...path, key]);
      } else fail(`unknown operator "${op}"`);
    }
  }
}
