import { useEffect } from 'preact/hooks';
import { fieldLabel } from '../content/content-api.js';
import type { FormField } from '../content/form-fields.js';
import { t } from '../i18n/t.js';

/**
 * A hidden copy of the field's label, for `aria-labelledby` on an editable area that a `<label for>` cannot name
 * (a `contenteditable`): the same words field-input.tsx's label gives a plain input, read-only included.
 */
export function FieldName({ id, field }: { id: string; field: FormField }) {
  return (
    <span id={id} hidden>
      {fieldLabel(field.field)}
      {field.readOnly && ` ${t('(read-only)')}`}
    </span>
  );
}

/**
 * A click on the field's visible label (`<label for={id}>`) focuses the editor, as it would a plain input: a label
 * does not do that for a `contenteditable`.
 */
export function useLabelFocus(id: string, focus: (() => void) | null): void {
  useEffect(() => {
    if (!focus) return;
    // Listened for on the document: the form may draw the label again (its layout), so no element is held.
    const onClick = (event: Event) => {
      const label = (event.target as Element | null)?.closest?.('label');
      if (label?.getAttribute('for') !== id) return;
      event.preventDefault();
      focus();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [id, focus]);
}
