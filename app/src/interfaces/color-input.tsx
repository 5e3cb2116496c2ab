import { fieldLabel } from '../content/content-api.js';
import type { InterfaceProps } from './interface-props.js';
import { colorPresets, normaliseColor } from './interface-values.js';
import { t } from '../i18n/t.js';

/**
 * `select-color`: a text box taking `#rrggbb` (the field's label names it), the browser's colour picker beside it,
 * and `options.presets` as named swatch buttons.
 */
export function ColorInput({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const color = normaliseColor(text);
  const wrong = text.trim() !== '' && color === null;
  const label = fieldLabel(field.field);
  return (
    <div class="color-input">
      <span class="color-row">
        <span class="swatch" aria-hidden="true" style={{ background: color ?? 'transparent' }} />
        <input
          id={id}
          type="text"
          name={field.field}
          value={text}
          readOnly={readOnly}
          placeholder="#RRGGBB"
          spellcheck={false}
          aria-describedby={[describedBy, wrong ? `${id}-wrong` : null].filter(Boolean).join(' ') || undefined}
          aria-invalid={invalid || wrong ? true : undefined}
          onInput={(e) => onChange(e.currentTarget.value)}
          onBlur={() => {
            if (color && color !== text) onChange(color);
          }}
        />
        {!readOnly && (
          <input
            type="color"
            aria-label={t('Pick a colour for {field}', { field: label })}
            value={(color ?? '#000000').toLowerCase()}
            onInput={(e) => onChange(e.currentTarget.value.toUpperCase())}
          />
        )}
      </span>
      {wrong && (
        <p id={`${id}-wrong`} class="error">
          {t('Enter a colour as #rrggbb, for example #6644FF.')}
        </p>
      )}
      {!readOnly && colorPresets(field.options).length > 0 && (
        <div role="group" aria-label={t('Preset colours for {field}', { field: label })} class="color-presets">
          {colorPresets(field.options).map((preset) => (
            <button key={preset.color} type="button" aria-pressed={color === preset.color} onClick={() => onChange(preset.color)}>
              <span class="swatch" aria-hidden="true" style={{ background: preset.color }} />
              {preset.name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
