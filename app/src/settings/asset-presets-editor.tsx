import { emptyPreset, FITS, FORMATS, type PresetRow } from './settings-form.js';
import { t } from '../i18n/t.js';

type Props = { rows: PresetRow[]; errors: Record<string, string>; onChange: (rows: PresetRow[]) => void };

/** The rows of `storage_asset_presets`: key, width, height, fit, format and quality, each labelled. */
export function AssetPresetsEditor({ rows, errors, onChange }: Props) {
  const set = (index: number, name: keyof PresetRow, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [name]: value } : row)));
  return (
    <fieldset class="relation-list presets">
      <legend>{t('Asset presets')}</legend>
      {rows.length === 0 && <p class="help">{t('No preset.')}</p>}
      {rows.map((row, i) => {
        const input = (name: 'key' | 'width' | 'height' | 'quality', label: string) => {
          const id = `preset-${i}-${name}`;
          const error = errors[`storage_asset_presets.${i}.${name}`];
          return (
            <div class="field">
              <label for={id}>
                {label}
                <span class="visually-hidden"> {t('of preset {number}', { number: i + 1 })}</span>
              </label>
              <input
                id={id}
                value={row[name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onInput={(e) => set(i, name, e.currentTarget.value)}
              />
              {error && (
                <p class="error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        };
        return (
          <div class="preset-row" key={i} role="group" aria-label={t('Preset {number}', { number: i + 1 })}>
            {input('key', t('Key'))}
            {input('width', t('Width'))}
            {input('height', t('Height'))}
            <div class="field">
              <label for={`preset-${i}-fit`}>
                {t('Fit')}
                <span class="visually-hidden"> {t('of preset {number}', { number: i + 1 })}</span>
              </label>
              <select id={`preset-${i}-fit`} value={row.fit} onChange={(e) => set(i, 'fit', e.currentTarget.value)}>
                {FITS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for={`preset-${i}-format`}>
                {t('Format')}
                <span class="visually-hidden"> {t('of preset {number}', { number: i + 1 })}</span>
              </label>
              <select id={`preset-${i}-format`} value={row.format} onChange={(e) => set(i, 'format', e.currentTarget.value)}>
                {FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f === '' ? t('as uploaded') : f}
                  </option>
                ))}
              </select>
            </div>
            {input('quality', t('Quality'))}
            <button type="button" class="small" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              {t('Remove')}
              <span class="visually-hidden"> {t('preset {number}', { number: i + 1 })}</span>
            </button>
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...rows, emptyPreset()])}>
        {t('Add preset')}
      </button>
    </fieldset>
  );
}
