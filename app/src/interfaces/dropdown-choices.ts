import { t } from '../i18n/t.js';

/** The value of the dropdown's "Other…" entry: no choice's value (choices are the field's own strings). */
export const OTHER = '\u0000other';

export type DropdownOption = { value: string; text: string; disabled?: boolean };

export type DropdownState = {
  /** The entries of the `<select>`, in order. */
  options: DropdownOption[];
  /** The entry selected. */
  selected: string;
  /** Whether the text box for a value of one's own shows (the "Other…" entry is selected). */
  other: boolean;
};

type DropdownField = {
  required: boolean;
  choices: { text: string; value: string }[];
  options: Record<string, unknown>;
};

/**
 * What `select-dropdown` shows for a value (pure), by Directus's options: `allowNone` offers an empty entry ("None";
 * when the option is not set, a field that is not required has one too), `allowOther` an "Other…" entry that reveals a
 * text box for a value that is not a choice. A stored value that is not a choice is shown as "Other" (with
 * `allowOther`) or as its own entry (so it is not lost); `otherChosen` is whether the user picked "Other…".
 */
export function dropdownState(field: DropdownField, text: string, otherChosen: boolean): DropdownState {
  const allowOther = field.options['allowOther'] === true;
  const allowNone = typeof field.options['allowNone'] === 'boolean' ? field.options['allowNone'] : !field.required;
  const isChoice = field.choices.some((c) => c.value === text);
  const other = allowOther && (otherChosen || (text !== '' && !isChoice));
  const options: DropdownOption[] = [];
  if (allowNone) options.push({ value: '', text: t('None') });
  else if (text === '' && !other) options.push({ value: '', text: t('Choose a value'), disabled: true });
  options.push(...field.choices.map((c) => ({ value: c.value, text: c.text })));
  if (!allowOther && text !== '' && !isChoice) options.push({ value: text, text });
  if (allowOther) options.push({ value: OTHER, text: t('Other…') });
  return { options, selected: other ? OTHER : text, other };
}
