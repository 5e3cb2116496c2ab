import { t } from '../i18n/t.js';

/** " (read-only)" beside a field's label or legend. */
export function ReadOnlyTag() {
  return <span class="tag"> {t('(read-only)')}</span>;
}
