import { fieldLabel } from '../content/content-api.js';
import type { FormField } from '../content/form-fields.js';

/**
 * A hidden copy of the field's label, for `aria-labelledby` on an editable area that a `<label for>` cannot name
 * (a `contenteditable`): the same words field-input.tsx's label gives a plain input, read-only included.
 */
export function FieldName({ id, field }: { id: string; field: FormField }) {
  return (
    <span id={id} hidden>
      {fieldLabel(field.field)}
      {field.readOnly && ' (read-only)'}
    </span>
  );
}
