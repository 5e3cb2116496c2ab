import { useState } from 'preact/hooks';
import { plural, t } from '../i18n/t.js';
import { IconSvg, useIcons } from '../ui/collection-icon.js';
import './icon-picker.css';

/** An icon's name as words (`shopping_cart` → "shopping cart"). */
const words = (name: string) => name.replace(/_/g, ' ');

/**
 * A collection's icon: the app's icons as a group of radio buttons (arrow keys move through them), narrowed by a
 * search on their names; "No icon" first. A name the app does not draw (set elsewhere) stays as a choice of its own.
 * Its own chunk, with the data model's collection page.
 */
export function IconPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const set = useIcons();
  const [search, setSearch] = useState('');
  if (!set) return <p aria-live="polite">{t('Loading icons…')}</p>;
  const names = Object.keys(set.ICONS);
  const wanted = search
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const shown = names.filter((name) => name.includes(wanted) || name === value);
  const option = (name: string, label: string, path: string | null) => (
    <label class="icon-option" key={name}>
      <input type="radio" name="collection-icon" value={name} checked={value === name} onChange={() => onChange(name)} />
      <span class="nav-glyph" aria-hidden="true">
        {path && <IconSvg path={path} />}
      </span>
      {label}
    </label>
  );
  return (
    <fieldset class="icon-picker">
      <legend>{t('Icon')}</legend>
      <div class="field">
        <label for="icon-search">{t('Find an icon')}</label>
        <input id="icon-search" value={search} aria-describedby="icon-search-count" onInput={(e) => setSearch(e.currentTarget.value)} />
        <p id="icon-search-count" class="help" aria-live="polite">
          {plural(shown.length, '{count} icon matches.', '{count} icons match.')}
        </p>
      </div>
      <div class="icon-grid">
        {option('', t('No icon'), null)}
        {value !== '' &&
          !names.includes(value) &&
          option(value, t('{name} (drawn as the default icon)', { name: value }), set.iconPath(value))}
        {shown.map((name) => option(name, words(name), set.ICONS[name]!))}
      </div>
    </fieldset>
  );
}
