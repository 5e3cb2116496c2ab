import type { Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import type { PermissionAction } from '../../engine/permissions/permissions.types.js';
import { forbidden } from '../../kernel/errors/index.js';

export type MetaCollection = 'service_collections' | 'service_fields' | 'service_relations';

/**
 * Schema endpoints are gated by the permission on their meta collection: administrators, or holders of a
 * rule for the action on service_collections / service_fields / service_relations. Everyone else: 403.
 */
export function assertSchemaAccess(ctx: Context, collection: MetaCollection, action: PermissionAction): void {
  if (!getAccess(ctx.permissions, collection, action)) throw forbidden();
}

/** Whether the caller may read a collection's items (what the read endpoints show a non-administrator). */
export function canReadCollection(ctx: Context, collection: string): boolean {
  return getAccess(ctx.permissions, collection, 'read') !== null;
}
