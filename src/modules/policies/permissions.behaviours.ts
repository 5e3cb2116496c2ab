import { PERMISSION_ACTIONS } from '../../engine/permissions/permissions.types.js';
import { hasCollection } from '../../engine/schema-overview/get-collection.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { Knex } from 'knex';
import type { CollectionBehaviour } from '../items/index.js';
import { validatePermissionRule } from './validate-permission-rule.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { systemCollectionName } from '../../kernel/system/system-collections.js';

/**
 * The permission caches of every instance: `record` raises the stored access version inside the writing
 * transaction (other instances drop their caches on their next request), `invalidate` drops this process's
 * caches after commit (decision 0012).
 */
export type AccessCaches = { invalidate: () => void; record: (db: Knex) => Promise<void> };

/** Permission rules are checked before they are stored: known action, existing collection, filter objects. */
export function permissionsBehaviour(caches: AccessCaches): CollectionBehaviour {
  return {
    async beforeWrite(ctx, { action, payload, keys }) {
      if (action === 'create' || 'action' in payload) {
        if (!(PERMISSION_ACTIONS as readonly unknown[]).includes(payload.action)) {
          throw invalidPayload(`"action" must be one of [${PERMISSION_ACTIONS.join(', ')}]`);
        }
      }
      if (action === 'create' || 'collection' in payload) {
        // A script written for Directus names system collections `directus_*`.
        if (typeof payload.collection === 'string') payload = { ...payload, collection: systemCollectionName(payload.collection) };
        if (typeof payload.collection !== 'string' || !hasCollection(ctx.schema, payload.collection)) {
          throw invalidPayload(`"collection" must name an existing collection`);
        }
      }
      for (const key of ['permissions', 'validation', 'presets'] as const) {
        const value = payload[key];
        if (typeof value === 'string') {
          try {
            payload = { ...payload, [key]: JSON.parse(value) as unknown };
          } catch {
            throw invalidPayload(`"${key}" must be valid JSON`);
          }
        }
        if (payload[key] !== undefined && payload[key] !== null && !isPlainObject(payload[key])) {
          throw invalidPayload(`"${key}" must be an object`);
        }
      }
      // A missing `policy` is the generic required-field failure (400 FAILED_VALIDATION, as Directus).
      await validatePermissionRule(ctx, { action, payload, keys });
      return payload;
    },
    afterWrite: (ctx) => caches.record(ctx.db),
    afterCommit: caches.invalidate,
  };
}

/** Any write to roles, policies or access rows changes who may do what: every instance forgets the cached rules. */
export function invalidatingBehaviour(caches: AccessCaches): CollectionBehaviour {
  return { afterWrite: (ctx) => caches.record(ctx.db), afterCommit: caches.invalidate };
}
