import { failedValidation, forbiddenAction } from '../../kernel/errors/index.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { evaluateValidation } from './evaluate-validation.js';
import { getAccess, isEmptyFilter, mergeFields } from './get-access.js';
import { matchPayload } from './match-payload.js';
import type { PermissionSet } from './permissions.types.js';

/**
 * The rules' say on a create or update payload: the action must be granted (403), every submitted field
 * must be granted by some rule (403 naming them), presets fill what the payload leaves out, and
 * every rule's validation must hold (400 FAILED_VALIDATION). Returns the payload with presets applied.
 * On create, a rule with a row filter covers the new item only when its filter holds on the payload (presets
 * applied, left-out fields read through `missing`): at least one rule must cover it, and each submitted field
 * must be named by a rule that does (decision 0041). On update the same tie is checked on the stored rows, in
 * SQL, by the item access check (fieldsRowFilter).
 */
export function applyWriteRules(
  permissions: PermissionSet,
  collection: string,
  action: 'create' | 'update',
  payload: Record<string, unknown>,
  missing?: (field: string) => unknown,
): Record<string, unknown> {
  if (permissions.admin) return payload;
  const access = getAccess(permissions, collection, action);
  if (!access || access.kind === 'all') {
    if (!access) throw forbiddenAction(action, collection);
    return payload;
  }
  if (access.fields !== '*') {
    const allowed = access.fields;
    const denied = Object.keys(payload).filter((field) => !allowed.has(field));
    if (denied.length > 0) throw forbiddenAction(action, collection, denied);
  }
  // Presets of every rule, in policy order (later wins), under the payload: on create and update alike (§6.3).
  const presets = Object.assign({}, ...access.rules.map((r) => r.presets ?? {})) as Record<string, unknown>;
  const result = { ...presets, ...payload };
  if (action === 'create' && access.rules.some((r) => !isEmptyFilter(r.permissions))) {
    const covering = access.rules.filter((r) => matchPayload(r.permissions, result, missing));
    if (covering.length === 0) throw forbiddenAction(action, collection);
    const fields = mergeFields(covering);
    if (fields !== '*') {
      const denied = Object.keys(payload).filter((field) => !fields.has(field));
      if (denied.length > 0) throw forbiddenAction(action, collection, denied);
    }
  }
  const validations = access.rules.map((r) => r.validation).filter((v): v is Filter => !isEmptyFilter(v));
  if (validations.length > 0) {
    const failures = evaluateValidation({ _and: validations }, result);
    if (failures.length > 0) throw failedValidation(failures[0]!);
  }
  return result;
}
