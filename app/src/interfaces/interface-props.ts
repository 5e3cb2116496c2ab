import type { FormField } from '../content/form-fields.js';

/** What every interface of the item form (chosen by the field's `meta.interface`) is given by field-input.tsx. */
export type InterfaceProps = {
  /** The id of the main control: the field's visible label points at it (`for`). */
  id: string;
  field: FormField;
  /** The field's value as text (form-fields.ts converts it to and from the typed value). */
  text: string;
  /** The ids of the field's note and error, for `aria-describedby`. */
  describedBy?: string;
  invalid: boolean;
  readOnly: boolean;
  onChange(text: string): void;
};
