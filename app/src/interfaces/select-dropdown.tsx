import { useState } from 'preact/hooks';
import { fieldLabel } from '../content/content-api.js';
import { t } from '../i18n/t.js';
import { dropdownState, OTHER } from './dropdown-choices.js';
import type { InterfaceProps } from './interface-props.js';
import { ReadOnlyValue, choiceTexts } from './read-only-value.js';

/**
 * `select-dropdown`: the browser's drop-down of the choices, with `allowNone` (an empty entry) and `allowOther`
 * (an "Other…" entry revealing a labelled text box for a value of one's own); see dropdown-choices.ts.
 */
export function SelectDropdown({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const [otherChosen, setOtherChosen] = useState(false);
  if (readOnly) return <ReadOnlyValue id={id} describedBy={describedBy} value={choiceTexts(field.choices, text === '' ? [] : [text])} />;
  const state = dropdownState(field, text, otherChosen);
  return (
    <span class="select-dropdown">
      <select
        id={id}
        name={field.field}
        value={state.selected}
        required={field.required}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setOtherChosen(value === OTHER);
          if (value === OTHER) {
            // A value of one's own starts empty unless the field already holds one that is not a choice.
            if (field.choices.some((c) => c.value === text)) onChange('');
          } else onChange(value);
        }}
      >
        {state.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.text}
          </option>
        ))}
      </select>
      {state.other && (
        <span class="select-other">
          <label for={`${id}-other`}>{t('Other value for {field}', { field: fieldLabel(field.field) })}</label>
          <input
            id={`${id}-other`}
            type="text"
            value={text}
            required={field.required}
            aria-invalid={invalid ? true : undefined}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
        </span>
      )}
    </span>
  );
}
