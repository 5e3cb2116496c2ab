import type { InterfaceProps } from './interface-props.js';
import { formatList, parseList } from './interface-values.js';
import { ReadOnlyValue, choiceTexts } from './read-only-value.js';

/** `select-multiple-dropdown`: a list box of the choices where several may be selected (Ctrl/Shift or Space). */
export function SelectMultiple({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const values = parseList(text);
  if (readOnly) return <ReadOnlyValue id={id} describedBy={describedBy} value={choiceTexts(field.choices, values)} />;
  return (
    <select
      id={id}
      name={field.field}
      multiple
      size={Math.min(6, Math.max(2, field.choices.length))}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      required={field.required}
      onChange={(e) =>
        onChange(
          formatList(
            [...e.currentTarget.selectedOptions].map((o) => o.value),
            field.type,
          ),
        )
      }
    >
      {field.choices.map((choice) => (
        <option key={choice.value} value={choice.value} selected={values.includes(choice.value)}>
          {choice.text}
        </option>
      ))}
    </select>
  );
}
