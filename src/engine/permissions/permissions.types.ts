import type { Filter } from '../schema-overview/schema-overview.types.js';

export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete', 'share'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** One rule as stored in service_permissions (or a built-in minimal rule, which has no id and `system: true`). */
export type PermissionRule = {
  id: number | null;
  policy: string | null;
  collection: string;
  action: PermissionAction;
  /** Row filter: the items the rule applies to. null or {} = all items. */
  permissions: Filter | null;
  /** Filter the submitted payload must satisfy (create/update). */
  validation: Filter | null;
  presets: Record<string, unknown> | null;
  /** Fields the rule grants; ['*'] = all; null = none. */
  fields: string[] | null;
  system?: boolean;
};

/**
 * Every rule that applies to one accountability, with dynamic variables already resolved.
 * `admin: true` means no checks at all.
 */
export type PermissionSet = {
  admin: boolean;
  rules: PermissionRule[];
  /** rules grouped by `${collection}:${action}` for constant-time lookups. */
  index: Map<string, PermissionRule[]>;
};

/** What one action on one collection allows, merged over all rules (see docs/permissions.md). */
export type CollectionAccess =
  | { kind: 'all' }
  | {
      kind: 'rules';
      rules: PermissionRule[];
      /** OR of the rules' row filters; null when one rule covers all rows. */
      rowFilter: Filter | null;
      /** Union of granted fields; '*' when some rule grants all. */
      fields: Set<string> | '*';
    };
