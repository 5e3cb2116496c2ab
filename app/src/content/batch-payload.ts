/**
 * Batch edit of selected items (pure logic): which fields the form offers, and the one payload that
 * `updateItems` applies to every selected item.
 */
import { buildFormFields, fromInputText, type CollectionAccess, type FormField, type RawFormField } from './form-fields.js';

/**
 * The fields a batch edit offers: those of the item form the user may update (not read-only, not the key). None
 * is required, since only the fields the user chooses are sent.
 */
export function batchEditFields(fields: RawFormField[], access: CollectionAccess): FormField[] {
  if ((access.update?.access ?? 'none') === 'none') return [];
  return buildFormFields(fields, access, 'update')
    .filter((field) => !field.readOnly)
    .map((field) => ({ ...field, required: false }));
}

/** The values of the chosen fields, typed; a text that is not of its field's type is reported by field instead. */
export function batchPayload(
  fields: FormField[],
  chosen: ReadonlySet<string>,
  texts: Record<string, string>,
): { data: Record<string, unknown>; errors: Record<string, string> } {
  const data: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!chosen.has(field.field)) continue;
    try {
      data[field.field] = fromInputText(field, texts[field.field] ?? (field.kind === 'boolean' ? 'false' : ''));
    } catch (problem) {
      errors[field.field] = (problem as Error).message;
    }
  }
  return { data, errors };
}
