import { isList, toInputText, type FormField } from './form-fields.js';

/** One row of a revision compared with the current item. */
export type ComparedField = {
  field: string;
  /** The value the revision recorded. */
  revision: unknown;
  /** The item's value now. */
  current: unknown;
  changed: boolean;
  /** Whether the revision's value can be put back into the form (a writable value field). */
  revertible: boolean;
};

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * A revision's data (the whole item as it was then) beside the current item, field by field for the form's value
 * fields the revision recorded (lists of related items are not compared: their rows have revisions of their own).
 */
export function compareRevision(
  form: FormField[],
  revision: Record<string, unknown> | null,
  current: Record<string, unknown>,
): ComparedField[] {
  if (!revision) return [];
  return form
    .filter((f) => !isList(f.relation) && f.field in revision)
    .map((f) => {
      const changed = !same(revision[f.field], current[f.field]);
      return { field: f.field, revision: revision[f.field], current: current[f.field], changed, revertible: changed && !f.readOnly };
    });
}

/** The form's texts with one field set to a revision's value: an unsaved change the user then saves. */
export function withRevisionValue(texts: Record<string, string>, field: FormField, value: unknown): Record<string, string> {
  return { ...texts, [field.field]: toInputText(field, value) };
}
