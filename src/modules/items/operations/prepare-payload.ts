import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../kernel/text/password-hash.js';
import type { Context } from '../../../engine/context.js';
import { applyWriteRules } from '../../../engine/permissions/apply-write-rules.js';
import { evaluateValidation } from '../../../engine/permissions/evaluate-validation.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { getAnyRelation } from '../../../engine/schema-overview/get-any-relation.js';
import { getFieldRelation } from '../../../engine/schema-overview/get-field-relation.js';
import { failedValidation, forbiddenAction, invalidPayload } from '../../../kernel/errors/index.js';
import type { FieldOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { castValue } from '../payload/cast-value.js';
import type { CollectionBehaviour, Item, PrimaryKey } from '../items.types.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

export type PreparedPayload = {
  /** Column values in API form (cast and checked), ready for dialect.toDatabase. */
  columns: Item;
  /** m2o (and many-to-any key) fields whose value is a nested object to create or update first. */
  nestedManyToOne: Record<string, Item>;
  /** o2m alias fields with their submitted value, written after the parent. */
  oneToMany: Record<string, unknown>;
};

/**
 * Everything a payload goes through before it touches a table, in this order: shape, known fields,
 * the permission rules (fields, presets, validation), collection behaviours, per-field casting,
 * specials (uuid, dates, user stamps, hashing), required fields and field validation.
 */
export async function preparePayload(
  ctx: Context,
  collection: string,
  action: 'create' | 'update',
  raw: unknown,
  keys: PrimaryKey[],
  behaviours: CollectionBehaviour[],
): Promise<PreparedPayload> {
  if (!isPlainObject(raw)) throw invalidPayload('The payload must be an object');
  const overview = getCollection(ctx.schema, collection);
  const unknown = Object.keys(raw).filter((f) => !Object.hasOwn(overview.fields, f));
  if (unknown.length > 0) {
    if (!ctx.permissions.admin) throw forbiddenAction(action, collection, unknown);
    throw invalidPayload(
      `Field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')} ${unknown.length > 1 ? "don't" : "doesn't"} exist in collection "${collection}"`,
    );
  }
  // A field the payload leaves out is stored as its default, or as the caller for a user-created stamp.
  const stored = (field: string) =>
    overview.fields[field]?.special.includes('user-created') ? ctx.accountability.user : (overview.fields[field]?.defaultValue ?? null);
  let payload = applyWriteRules(ctx.permissions, collection, action, raw, stored);
  for (const behaviour of behaviours) if (behaviour.beforeWrite) payload = await behaviour.beforeWrite(ctx, { action, payload, keys });

  const prepared: PreparedPayload = { columns: {}, nestedManyToOne: {}, oneToMany: {} };
  for (const [name, value] of Object.entries(payload)) {
    const field = overview.fields[name];
    if (!field) continue;
    const relation = getFieldRelation(ctx.schema, collection, name);
    if (field.alias) {
      if (relation?.kind === 'o2m') prepared.oneToMany[name] = value;
      continue;
    }
    if ((relation?.kind === 'm2o' || getAnyRelation(ctx.schema, collection, name)) && isPlainObject(value)) {
      prepared.nestedManyToOne[name] = value;
      continue;
    }
    if (field.primaryKey && action === 'update') {
      if (value !== undefined && keys.length === 1 && String(value) === String(keys[0])) continue;
      throw invalidPayload(`The primary key "${name}" can't be changed`);
    }
    if (field.generated) throw invalidPayload(`Field "${name}" is generated and can't be written`);
    prepared.columns[name] = castValue(collection, field, value, ctx.dialect.exactNumbers, ctx.dialect.maxJsonDepth);
  }

  await applySpecials(ctx, overview.fields, action, prepared.columns, overview.primary);
  checkFieldRules(overview.fields, action, { ...prepared.columns, ...prepared.nestedManyToOne, ...prepared.oneToMany });
  return prepared;
}

async function applySpecials(
  ctx: Context,
  fields: ReturnType<typeof getCollection>['fields'],
  action: 'create' | 'update',
  columns: Item,
  primary: string,
): Promise<void> {
  const now = ctx.now();
  for (const field of Object.values(fields)) {
    if (field.alias) continue;
    const has = Object.hasOwn(columns, field.field);
    const special = field.special;
    if (
      action === 'create' &&
      field.field === primary &&
      field.type === 'uuid' &&
      (columns[primary] === undefined || columns[primary] === null)
    ) {
      columns[primary] = randomUUID();
    }
    // As in Directus: the created stamps on create only, the updated stamps on update only (a new item has not
    // been updated: its date_updated and user_updated stay empty, or the column's default).
    if (special.includes('date-created') && action === 'create') columns[field.field] = stamp(field.type, now);
    if (special.includes('date-updated') && action === 'update') columns[field.field] = stamp(field.type, now);
    if (special.includes('user-created') && action === 'create') columns[field.field] = ctx.accountability.user;
    if (special.includes('user-updated') && action === 'update') columns[field.field] = ctx.accountability.user;
    if ((special.includes('hash') || field.type === 'hash') && has && typeof columns[field.field] === 'string') {
      const value = columns[field.field] as string;
      if (value === '') throw invalidPayload(`Field "${field.field}" can't be empty`);
      columns[field.field] = await hashPassword(value, ctx.config.auth.passwordHash);
    }
  }
}

function stamp(type: string, now: Date): string {
  if (type === 'date') return now.toISOString().slice(0, 10);
  if (type === 'dateTime') return now.toISOString().slice(0, 19);
  return now.toISOString();
}

function checkFieldRules(fields: ReturnType<typeof getCollection>['fields'], action: 'create' | 'update', values: Item): void {
  for (const field of Object.values(fields)) {
    const present = Object.hasOwn(values, field.field);
    const value = values[field.field];
    if (field.required) {
      const missing =
        action === 'create' ? !present || value === null || value === undefined : present && (value === null || value === undefined);
      if (missing && !(field.primaryKey && field.autoIncrement)) throw failedValidation({ field: field.field, type: 'required' });
    }
    // A NOT NULL column the database would fill with nothing is a required field (Directus: `_submitted`).
    if (action === 'create' && !present && needsValue(field)) throw failedValidation({ field: field.field, type: 'required' });
    if (present && value === null && !field.nullable && !field.alias && !(field.primaryKey && field.autoIncrement)) {
      throw failedValidation({ field: field.field, type: 'nnull' });
    }
    if (field.validation && present) {
      const failures = evaluateValidation(field.validation, values);
      if (failures.length > 0) throw failedValidation(failures[0]!);
    }
  }
}

/** A column that must be given on create: NOT NULL, no default, not generated and not auto-incremented. */
function needsValue(field: FieldOverview): boolean {
  if (field.alias || field.nullable || field.autoIncrement || field.generated) return false;
  return field.defaultValue === null || field.defaultValue === undefined;
}
