import { fieldLabel } from '../content/content-api.js';
import type { InterfaceProps } from './interface-props.js';
import { ReadOnlyValue, choiceTexts } from './read-only-value.js';
import { t } from '../i18n/t.js';

/** `select-radio`: one radio button per choice in a labelled radio group (arrow keys move between them). */
export function SelectRadio({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  if (readOnly) return <ReadOnlyValue id={id} describedBy={describedBy} value={choiceTexts(field.choices, text === '' ? [] : [text])} />;
  return (
    <div
      id={id}
      role="radiogroup"
      class="choice-group"
      aria-label={fieldLabel(field.field)}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      aria-required={field.required || undefined}
    >
      {field.choices.map((choice, index) => (
        <label key={choice.value} class="choice">
          <input
            type="radio"
            id={`${id}-${index}`}
            name={field.field}
            value={choice.value}
            checked={text === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.text}
        </label>
      ))}
      {!field.required && text !== '' && (
        <button type="button" class="link" onClick={() => onChange('')}>
          {t('Clear')}
          <span class="visually-hidden"> {fieldLabel(field.field)}</span>
        </button>
      )}
    </div>
  );
}
