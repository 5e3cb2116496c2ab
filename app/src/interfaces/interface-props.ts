import type { FormField } from '../content/form-fields.js';

/** What every field interface receives from the item form (the field's value as text, like the built-in inputs). */
export type InterfaceProps = {
  id: string;
  field: FormField;
  text: string;
  describedBy?: string;
  invalid: boolean;
  readOnly: boolean;
  onChange(text: string): void;
};
