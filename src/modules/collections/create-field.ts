import type { Context } from '../../engine/context.js';
import { containsNullValues, forbiddenCollection, invalidPayload } from '../../kernel/errors/index.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { addColumnToTable } from './column-ddl.js';
import { findCollection } from './find-collection.js';
import { assertNewField, countRows } from './find-field.js';
import { parseFieldInput } from './parse-field-input.js';
import { runSchemaChange } from './run-schema-change.js';
import type { FieldInput, SchemaDeps } from './schema.types.js';
import { validateMeta } from './validate-meta.js';
import { writeFieldMeta } from './write-field-meta.js';
import { readMetaRows } from './meta-rows.js';
import { updateField } from './update-field.js';

/**
 * Adds a field to a collection: its column (none for alias fields, which only get their meta row) and its
 * service_fields row, with the `special` flag its type needs to read back exactly. A NOT NULL field without
 * a default can't be added to a table that has rows (400 CONTAINS_NULL_VALUES). Returns the field's name.
 * The o2m alias field that `POST /relations` made for its `meta.one_field` may be created again (as Directus
 * scripts do, creating the alias before or after the relation): that sets its meta instead of failing.
 */
export async function createField(ctx: Context, deps: SchemaDeps, collection: string, input: FieldInput): Promise<string> {
  assertSchemaAccess(ctx, 'service_fields', 'create');
  const spec = parseFieldInput(input);
  if (spec.column?.primaryKey) throw invalidPayload('A primary key can only be given when the collection is created');

  let added = false;
  const undo = async (db: Context['db']) => {
    if (!added) return;
    if (await db.schema.hasColumn(collection, spec.field)) await db.schema.alterTable(collection, (t) => t.dropColumn(spec.field));
    await db('service_fields').where({ collection, field: spec.field }).delete();
  };

  await runSchemaChange(ctx, deps, { collection, undo }, async (trx) => {
    const state = await findCollection(trx, deps, collection);
    if (!state) throw forbiddenCollection(collection);
    if (state.system) throw invalidPayload(`Fields can't be added to system collection "${collection}"`);
    if (spec.column && !state.table)
      throw invalidPayload(`Collection "${collection}" has no table (it is a folder): only alias fields can be added`);
    if (!spec.column && (await isRelationsOneField(trx, deps, collection, spec.field))) {
      await updateField(trx, deps, collection, spec.field, { type: 'alias', meta: input.meta ?? null });
      return;
    }
    await assertNewField(trx, deps, state, spec.field);
    if (spec.meta) validateMeta('service_fields', spec.meta, `field "${spec.field}"`);
    if (spec.column && !spec.column.nullable && spec.column.defaultValue === null && (await countRows(trx, collection)) > 0) {
      throw containsNullValues(collection, spec.field);
    }

    let columnType = null;
    if (spec.column) {
      added = true;
      await addColumnToTable(trx, collection, { name: spec.field, type: spec.type, options: spec.column });
      const column = (await trx.dialect.listColumns(trx.db, collection)).find((c) => c.name === spec.field);
      columnType = column ? trx.dialect.fieldTypeOf(column) : null;
    }
    await writeFieldMeta(trx, deps, [
      { collection, field: spec.field, type: spec.type, meta: spec.meta, special: spec.special, columnType },
    ]);
  });
  return spec.field;
}

/** Whether an alias field of this name exists as the o2m field (`one_field`) of a relation. */
async function isRelationsOneField(ctx: Context, deps: SchemaDeps, collection: string, field: string): Promise<boolean> {
  const [row] = await readMetaRows(ctx, deps, 'service_fields', { collection, field });
  if (!row) return false;
  const relations = await readMetaRows(ctx, deps, 'service_relations', { one_collection: collection, one_field: field });
  return relations.length > 0;
}
