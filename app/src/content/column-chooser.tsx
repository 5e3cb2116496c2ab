import { defaultColumns, type FieldPath } from './field-paths.js';
import { t } from '../i18n/t.js';

type Props = { paths: FieldPath[]; shown: string[]; choose(fields: string[] | null): void };

/**
 * The choice of columns: a check box per path the user may read, related fields included (`Author › Name`). The
 * columns keep their order, a newly chosen one comes last; choosing the default set clears the choice. The last column cannot be
 * taken away.
 */
export function ColumnChooser({ paths, shown, choose }: Props) {
  const defaults = defaultColumns(paths);
  const toggle = (path: string, on: boolean) => {
    // The shown columns keep their order (it may have been changed); a new one comes last.
    const next = on ? [...shown.filter((p) => p !== path), path] : shown.filter((p) => p !== path);
    choose(next.join(',') === defaults.join(',') ? null : next);
  };
  return (
    <details class="columns">
      <summary>{t('Columns ({count})', { count: shown.length })}</summary>
      <fieldset>
        <legend>{t('Columns to show')}</legend>
        <ul>
          {paths.map((p) => {
            const on = shown.includes(p.path);
            const id = `column-${p.path.replace(/\./g, '--')}`;
            return (
              <li key={p.path}>
                <input
                  type="checkbox"
                  id={id}
                  checked={on}
                  disabled={on && shown.length === 1}
                  onChange={(e) => toggle(p.path, e.currentTarget.checked)}
                />
                <label for={id}>{p.label}</label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <button type="button" disabled={shown.join(',') === defaults.join(',')} onClick={() => choose(null)}>
        {t('Default columns')}
      </button>
    </details>
  );
}
