import type { PermissionSet } from '../../../engine/permissions/permissions.types.js';
import type { SchemaOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import type { Accountability } from '../../../kernel/context/index.js';
import { isSystemCollection } from '../../../kernel/system/system-collections.js';
import { collectionComponent } from './collection-component.js';
import { componentNames } from './component-name.js';
import { itemPaths } from './item-paths.js';
import type { OpenApiDocument, PathItemObject, TagObject } from './oas.types.js';
import { sharedComponents } from './shared-components.js';
import { specAccess } from './spec-access.js';
import { systemPaths } from './system-paths.js';

/** The system collections that get an item schema (those the REST API serves as items). */
export const SYSTEM_COMPONENT_COLLECTIONS: readonly string[] = [
  'service_users',
  'service_roles',
  'service_policies',
  'service_access',
  'service_permissions',
  'service_activity',
  'service_revisions',
  'service_settings',
];

export type GenerateOasInput = {
  schema: SchemaOverview;
  permissions: PermissionSet;
  accountability: Accountability;
  /** The server's version (`info.version`). */
  version: string;
  /** Where the API is reached (`servers[0].url`). */
  serverUrl: string;
};

/**
 * The OpenAPI 3.0 document of the API as one caller may use it: `/items/<collection>` operations for each user
 * collection and action they hold, the system endpoints they may call, and one item schema per collection they
 * may use with the fields they may read or write. Built from the schema overview and the caller's effective
 * access (the summary `/permissions/me` reports), so it never shows what the API would refuse.
 */
export function generateOas(input: GenerateOasInput): OpenApiDocument {
  const { schema, accountability } = input;
  const access = specAccess(input.permissions, schema);
  // System collections other than those served as items (service_collections, …) get no item schema.
  const visible = new Map(
    [...access].filter(([collection]) => !isSystemCollection(collection) || SYSTEM_COMPONENT_COLLECTIONS.includes(collection)),
  );
  const names = componentNames(visible.keys());
  const components = sharedComponents();
  const paths: Record<string, PathItemObject> = {};
  const tags: TagObject[] = [];
  const described = new Set<string>();

  for (const use of visible.values()) {
    const overview = schema.collections[use.collection];
    const name = names.get(use.collection);
    if (!overview || name === undefined) continue;
    const system = isSystemCollection(use.collection);
    components.schemas[name] = collectionComponent(schema, use, names);
    if (system) continue;
    Object.assign(paths, itemPaths(overview, use, name));
    tags.push({ name, 'x-collection': use.collection });
    described.add(name);
  }
  const system = systemPaths(accountability, access, names);
  for (const [path, item] of Object.entries(system)) {
    paths[path] = item;
    for (const operation of Object.values(item)) {
      for (const tag of operation.tags) {
        if (described.has(tag)) continue;
        described.add(tag);
        tags.push({ name: tag });
      }
    }
  }

  return {
    openapi: '3.0.3',
    info: {
      title: 'Dynamic API Specification',
      description: 'The endpoints, collections and fields of this project that the caller may use.',
      version: input.version,
    },
    servers: [{ url: input.serverUrl, description: 'This instance.' }],
    tags: [...tags.filter((t) => !t['x-collection']), ...tags.filter((t) => t['x-collection'])],
    paths,
    components,
    security: [{}, { Auth: [] }, { KeyAuth: [] }],
  };
}
