import type { PrimaryKey } from './display-value.js';
import { fromInputText, toInputText, type FormField } from './form-fields.js';
import type { OneToManyPayload } from './one-to-many-changes.js';

/**
 * Unsaved edits of a translations field (pure): per language (its key as text), the texts of the junction's fields
 * that were typed, and the languages whose translation is to be deleted. Sent on save as the one-to-many payload
 * `{ create, update, delete }` of the junction rows.
 */
export type TranslationEdits = { texts: Record<string, Record<string, string>>; deleted: string[] };

export const NO_EDITS: TranslationEdits = { texts: {}, deleted: [] };

export type TranslationShape = { primaryKey: string; languageField: string; fields: FormField[] };

/** The stored row of a language, if any. */
export function rowOf(
  rows: readonly Record<string, unknown>[],
  languageField: string,
  language: string,
): Record<string, unknown> | undefined {
  return rows.find((row) => String(row[languageField]) === language);
}

/** The text a field shows in a language's tab: what was typed, else the stored value. */
export function shownText(
  edits: TranslationEdits,
  rows: readonly Record<string, unknown>[],
  shape: TranslationShape,
  language: string,
  field: FormField,
): string {
  const typed = edits.texts[language]?.[field.field];
  if (typed !== undefined) return typed;
  return toInputText(field, rowOf(rows, shape.languageField, language)?.[field.field]);
}

/**
 * The nested payload: a new row for a language without one where something was typed, an update of the changed
 * fields of an existing row, the deleted languages' rows. Null when nothing changed. Throws a sentence naming the
 * field and language when a text is not of its field's type.
 */
export function translationsPayload(
  edits: TranslationEdits,
  rows: readonly Record<string, unknown>[],
  shape: TranslationShape,
  languageKeys: ReadonlyMap<string, PrimaryKey>,
): OneToManyPayload | null {
  const payload: OneToManyPayload = { create: [], update: [], delete: [] };
  for (const language of edits.deleted) {
    const row = rowOf(rows, shape.languageField, language);
    if (row) payload.delete.push(row[shape.primaryKey] as PrimaryKey);
  }
  for (const [language, texts] of Object.entries(edits.texts)) {
    if (edits.deleted.includes(language)) continue;
    const row = rowOf(rows, shape.languageField, language);
    const values: Record<string, unknown> = {};
    for (const field of shape.fields) {
      const text = texts[field.field];
      if (text === undefined || field.readOnly) continue;
      if (row ? text === toInputText(field, row[field.field]) : text.trim() === '') continue;
      try {
        values[field.field] = fromInputText(field, text);
      } catch (problem) {
        throw new Error(`${field.field} (${language}): ${(problem as Error).message}`);
      }
    }
    if (Object.keys(values).length === 0) continue;
    if (row) payload.update.push({ [shape.primaryKey]: row[shape.primaryKey] as PrimaryKey, ...values } as Record<string, PrimaryKey>);
    else payload.create.push({ [shape.languageField]: languageKeys.get(language) ?? language, ...values });
  }
  return payload.create.length + payload.update.length + payload.delete.length > 0 ? payload : null;
}
