import type { SchemaStore } from '../../engine/schema-overview/create-schema-store.js';
import type { CollectionBehaviour } from '../items/index.js';

export { createCollection, createCollections } from './create-collection.js';
export { updateCollection } from './update-collection.js';
export { deleteCollection } from './delete-collection.js';
export { listCollections, readCollection, readCollections } from './read-collections.js';
export { createField } from './create-field.js';
export { updateField } from './update-field.js';
export { updateCollections, updateFields } from './update-many.js';
export { deleteField } from './delete-field.js';
export { listFields, readField, readFields } from './read-fields.js';
export { createRelation } from './create-relation.js';
export { updateRelation } from './update-relation.js';
export { deleteRelation } from './delete-relation.js';
export { listRelations, readRelation, readRelations } from './read-relations.js';
export { runSchemaChange, type SchemaChangeOptions } from './run-schema-change.js';
export type * from './schema.types.js';

/**
 * Writes to the meta collections change the schema: they raise the stored schema version in their
 * transaction (other processes drop what they cached) and invalidate this process's overview after commit.
 */
export function schemaBehaviours(store: Pick<SchemaStore, 'invalidate' | 'recordChange'>): [string, CollectionBehaviour[]][] {
  const behaviour: CollectionBehaviour = { afterWrite: (ctx) => store.recordChange(ctx.db), afterCommit: () => store.invalidate() };
  return ['service_collections', 'service_fields', 'service_relations'].map((c) => [c, [behaviour]]);
}
