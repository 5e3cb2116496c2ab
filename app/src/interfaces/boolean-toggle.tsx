import type { InterfaceProps } from './interface-props.js';
import { t } from '../i18n/t.js';

/** `boolean`: a switch (a check box with the switch role), with `options.label` beside it (On/Off otherwise). */
export function BooleanToggle({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const on = text === 'true';
  const label =
    typeof field.options['label'] === 'string' && field.options['label'] !== '' ? field.options['label'] : on ? t('On') : t('Off');
  return (
    <span class="switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={field.field}
        checked={on}
        aria-checked={on}
        aria-readonly={readOnly || undefined}
        aria-describedby={[describedBy, `${id}-state`].filter(Boolean).join(' ')}
        aria-invalid={invalid ? true : undefined}
        onClick={(e) => {
          if (readOnly) e.preventDefault();
        }}
        onChange={(e) => {
          if (!readOnly) onChange(e.currentTarget.checked ? 'true' : 'false');
        }}
      />
      <span id={`${id}-state`}>{label}</span>
    </span>
  );
}
