import type { PermissionSet } from './permissions.types.js';

/** The permission set of administrators and system work: everything, no checks. */
export const ADMIN_PERMISSIONS: PermissionSet = Object.freeze({ admin: true, rules: [], index: new Map() }) as PermissionSet;
