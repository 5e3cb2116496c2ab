import type { Context } from '../../engine/context.js';
import {
  createCollection,
  createField,
  createRelation,
  deleteCollection,
  deleteField,
  deleteRelation,
  updateCollection,
  updateField,
  updateRelation,
  type CollectionInput,
  type FieldInput,
  type RelationInput,
  type SchemaDeps,
} from '../collections/index.js';
import { itemKey } from './check-references.js';
import type { ApplyPlan, PlanStep } from './plan-apply.js';
import type { SnapshotCollection, SnapshotField, SnapshotRelation } from './snapshot.types.js';

function fieldInput(field: SnapshotField): FieldInput {
  return { field: field.field, type: field.type as FieldInput['type'], meta: field.meta, schema: field.schema ?? null };
}

function relationSchema(relation: SnapshotRelation): RelationInput['schema'] {
  return relation.schema ? { on_delete: relation.schema.on_delete, on_update: relation.schema.on_update } : null;
}

const touches = (step: PlanStep, part: string) => (step.changes ?? []).some((c) => c.path === part || c.path.startsWith(`${part}.`));

/** Runs one step of a plan through the collections module (its DDL together with the meta rows). */
export async function runStep(ctx: Context, deps: SchemaDeps, plan: ApplyPlan, step: PlanStep): Promise<void> {
  const field = step.field ?? '';
  switch (step.kind) {
    case 'collection': {
      if (step.action === 'delete') return deleteCollection(ctx, deps, step.collection);
      const after = step.after as SnapshotCollection;
      if (step.action === 'update') {
        await updateCollection(ctx, deps, step.collection, { meta: after.meta });
        return;
      }
      const fields = (step.fields ?? []).map((name) => fieldInput(plan.target.fields.get(itemKey(step.collection, name))!));
      const input: CollectionInput = {
        collection: step.collection,
        meta: after.meta,
        schema: after.schema ? { name: step.collection } : null,
        fields,
      };
      await createCollection(ctx, deps, input);
      return;
    }
    case 'field': {
      if (step.action === 'delete') return deleteField(ctx, deps, step.collection, field);
      const after = step.after as SnapshotField;
      if (step.action === 'create') {
        await createField(ctx, deps, step.collection, fieldInput(after));
        return;
      }
      const columnChanged = touches(step, 'type') || touches(step, 'schema');
      await updateField(ctx, deps, step.collection, field, {
        ...(columnChanged ? { type: after.type as FieldInput['type'], schema: after.schema ?? null } : {}),
        ...(touches(step, 'meta') ? { meta: after.meta } : {}),
      });
      return;
    }
    case 'relation': {
      if (step.action === 'delete') return deleteRelation(ctx, deps, step.collection, field);
      const after = step.after as SnapshotRelation;
      if (step.action === 'create') {
        await createRelation(ctx, deps, {
          collection: step.collection,
          field,
          related_collection: after.related_collection,
          meta: after.meta,
          schema: relationSchema(after),
        });
        return;
      }
      await updateRelation(ctx, deps, step.collection, field, {
        ...(touches(step, 'meta') ? { meta: after.meta } : {}),
        ...(touches(step, 'schema') ? { schema: relationSchema(after) } : {}),
      });
    }
  }
}
