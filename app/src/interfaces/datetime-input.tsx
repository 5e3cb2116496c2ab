import { fieldLabel } from '../content/content-api.js';
import type { InterfaceProps } from './interface-props.js';
import { nowText } from './interface-values.js';

const TYPES: Record<string, string> = { date: 'date', time: 'time' };

/**
 * `datetime`: the browser's date, time or date-and-time input (seconds when `options.includeSeconds`; the 12/24-hour
 * clock is the browser's locale's, `use24` cannot change a native input) and a "Now" button.
 */
export function DateTimeInput({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const seconds = field.options['includeSeconds'] === true;
  return (
    <span class="datetime">
      <input
        id={id}
        name={field.field}
        type={TYPES[field.type] ?? 'datetime-local'}
        step={field.type === 'date' ? undefined : seconds ? 1 : 60}
        value={text}
        readOnly={readOnly}
        required={field.required}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
      {!readOnly && (
        <button type="button" onClick={() => onChange(nowText(field.type, new Date(), seconds))}>
          Now<span class="visually-hidden"> for {fieldLabel(field.field)}</span>
        </button>
      )}
    </span>
  );
}
