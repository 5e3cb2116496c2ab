import { fieldLabel } from '../content/content-api.js';
import type { InterfaceProps } from './interface-props.js';
import { formatList, parseList } from './interface-values.js';
import { ReadOnlyValue, choiceTexts } from './read-only-value.js';

/** `select-multiple-checkbox`: a check box per choice; the value is the list of the checked ones. */
export function SelectCheckboxes({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const values = parseList(text);
  if (readOnly) return <ReadOnlyValue id={id} describedBy={describedBy} value={choiceTexts(field.choices, values)} />;
  const toggle = (value: string, on: boolean) => {
    const next = field.choices.map((c) => c.value).filter((v) => (v === value ? on : values.includes(v)));
    // Values that are not (or no longer) choices are kept.
    onChange(formatList([...next, ...values.filter((v) => !field.choices.some((c) => c.value === v))], field.type));
  };
  return (
    <div
      id={id}
      role="group"
      class="choice-group"
      aria-label={fieldLabel(field.field)}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
    >
      {field.choices.map((choice, index) => (
        <label key={choice.value} class="choice">
          <input
            type="checkbox"
            id={`${id}-${index}`}
            value={choice.value}
            checked={values.includes(choice.value)}
            onChange={(e) => toggle(choice.value, e.currentTarget.checked)}
          />
          {choice.text}
        </label>
      ))}
    </div>
  );
}
