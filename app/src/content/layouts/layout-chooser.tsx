import type { FieldPath } from '../field-paths.js';
import type { LayoutName } from '../list-layout.js';
import { availableLayouts } from './layout-fields.js';
import { msg, t } from '../../i18n/t.js';

const NAMES: Record<LayoutName, string> = { tabular: msg('Table'), cards: msg('Cards'), calendar: msg('Calendar'), kanban: msg('Kanban') };

/** The list's layout: the table and cards always, the calendar with a date field, kanban with a field of choices. */
export function LayoutChooser({ paths, layout, choose }: { paths: FieldPath[]; layout: LayoutName; choose(layout: LayoutName): void }) {
  return (
    <p class="layout-chooser">
      <label for="layout">{t('Layout')}</label>
      <select id="layout" value={layout} onChange={(e) => choose(e.currentTarget.value as LayoutName)}>
        {availableLayouts(paths).map((name) => (
          <option key={name} value={name}>
            {t(NAMES[name])}
          </option>
        ))}
      </select>
    </p>
  );
}
