import type { PermissionAction, PermissionSet } from './permissions.types.js';

/**
 * The same permission set, where every rule of `action` on `collection` also grants `fields`: values the
 * server itself writes (a file's type, size and checksum learnt from its bytes), which a policy's field list
 * is not about. Row filters, validation and presets are unchanged, so validation still sees those values; a
 * caller with no rule for the action gains nothing.
 */
export function withServerSetFields(
  permissions: PermissionSet,
  collection: string,
  action: PermissionAction,
  fields: readonly string[],
): PermissionSet {
  if (permissions.admin) return permissions;
  const key = `${collection}:${action}`;
  const rules = permissions.index.get(key);
  if (!rules || rules.length === 0) return permissions;
  const widened = rules.map((rule) =>
    rule.fields === null || rule.fields.includes('*') ? rule : { ...rule, fields: [...new Set([...rule.fields, ...fields])] },
  );
  const index = new Map(permissions.index);
  index.set(key, widened);
  const replaced = new Map(rules.map((rule, i) => [rule, widened[i]!]));
  return { ...permissions, rules: permissions.rules.map((rule) => replaced.get(rule) ?? rule), index };
}
