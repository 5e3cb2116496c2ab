import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { createTableWithColumns } from './column-ddl.js';
import { assertNewCollection } from './find-collection.js';
import { parseCollectionInput } from './parse-collection-input.js';
import { runSchemaChange } from './run-schema-change.js';
import type { CollectionInput, SchemaDeps } from './schema.types.js';
import { validateMeta } from './validate-meta.js';
import { writeFieldMeta } from './write-field-meta.js';

/**
 * Creates a collection: its table with every field (an auto-increment `id` primary key when none is given),
 * unless `schema` is null (a folder), then its service_collections row (unless `meta` is null) and the
 * service_fields rows, in one transaction. Everything is checked before the first DDL statement (MySQL
 * commits DDL at once; a failure after it drops what was made). Returns the collection's name.
 */
export async function createCollection(ctx: Context, deps: SchemaDeps, input: CollectionInput): Promise<string> {
  assertSchemaAccess(ctx, 'service_collections', 'create');
  const spec = parseCollectionInput(input);
  const name = spec.collection;
  if (spec.fields.some((f) => f.meta !== null)) assertSchemaAccess(ctx, 'service_fields', 'create');

  let started = false;
  const undo = async (db: Context['db']) => {
    if (started) await dropCreated(db, [name]);
  };

  await runSchemaChange(ctx, deps, { collection: name, undo }, async (trx) => {
    await assertNewCollection(trx, deps, name);
    if (spec.meta) validateMeta('service_collections', spec.meta, `collection "${name}"`);
    for (const field of spec.fields) if (field.meta) validateMeta('service_fields', field.meta, `field "${field.field}"`);

    started = true;
    const columns = spec.fields.flatMap((f) => (f.column ? [{ name: f.field, type: f.type, options: f.column }] : []));
    if (!spec.folder) await createTableWithColumns(trx, name, columns);
    const readBack = new Map(
      spec.folder ? [] : (await trx.dialect.listColumns(trx.db, name)).map((c) => [c.name, trx.dialect.fieldTypeOf(c)]),
    );

    if (spec.meta) await deps.items.createOne(trx, 'service_collections', { ...spec.meta, collection: name });
    await writeFieldMeta(
      trx,
      deps,
      spec.fields.map((f) => ({
        collection: name,
        field: f.field,
        type: f.type,
        meta: f.meta,
        special: f.special,
        columnType: readBack.get(f.field) ?? null,
      })),
    );
  });
  return name;
}

/**
 * Creates several collections in one transaction, all or nothing: every payload and name is checked before
 * the first table is made (and on MySQL, whose DDL commits at once, what was made is dropped on failure).
 */
export async function createCollections(ctx: Context, deps: SchemaDeps, inputs: CollectionInput[]): Promise<string[]> {
  assertSchemaAccess(ctx, 'service_collections', 'create');
  if (inputs.length === 0) throw invalidPayload('The payload must hold at least one collection');
  const names = inputs.map((input) => parseCollectionInput(input).collection);
  const lower = names.map((n) => n.toLowerCase());
  const twice = names.find((_, i) => lower.indexOf(lower[i]!) !== i);
  if (twice !== undefined) throw invalidPayload(`Collection "${twice}" is given more than once`);

  let started = false;
  const undo = async (db: Context['db']) => {
    if (started) await dropCreated(db, names);
  };
  return runSchemaChange(ctx, deps, { collection: names.join(', '), undo }, async (trx) => {
    for (const name of names) await assertNewCollection(trx, deps, name);
    started = true;
    const created: string[] = [];
    for (const input of inputs) created.push(await createCollection(trx, deps, input));
    return created;
  });
}

/** Undoes creations that MySQL already committed: tables and their meta rows. */
async function dropCreated(db: Context['db'], names: string[]): Promise<void> {
  for (const name of names) {
    await db.schema.dropTableIfExists(name);
    await db('service_fields').where({ collection: name }).delete();
    await db('service_collections').where({ collection: name }).delete();
  }
}
