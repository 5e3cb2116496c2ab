import { t } from '../i18n/t.js';

/** " (added; saved with the item)" after a related item linked in the form but not saved yet. */
export function AddedTag() {
  return <span class="tag"> {t('(added; saved with the item)')}</span>;
}
