import type { InterfaceProps } from './interface-props.js';
import { sliderRange } from './interface-values.js';
import { t } from '../i18n/t.js';

/** `slider`: a range input within `options.minValue`–`maxValue` by `stepInterval`, with its value shown beside it. */
export function SliderInput({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const { min, max, step } = sliderRange(field.options);
  const empty = text.trim() === '';
  return (
    <span class="slider">
      <input
        id={id}
        type="range"
        name={field.field}
        min={min}
        max={max}
        step={step}
        value={empty ? min : text}
        disabled={readOnly}
        aria-valuetext={empty ? t('No value') : text}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
      <output for={id} tabIndex={readOnly ? 0 : undefined}>
        {empty ? t('No value') : text}
      </output>
    </span>
  );
}
