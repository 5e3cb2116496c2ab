import { useState } from 'preact/hooks';
import { errorMessage, requestMessage } from '../api/errors.js';
import type { FormField } from '../content/form-fields.js';
import { t } from '../i18n/t.js';
import { BASIC_INTERFACES } from '../interfaces/basic-interfaces.js';
import { normaliseColor } from '../interfaces/interface-values.js';
import { LazyInterface } from '../interfaces/lazy-interface.js';
import { lazyPage } from '../lazy-page.js';

export type Look = { icon: string | null; color: string | null };

// The icon picker (and the icons) load when the section first shows.
const IconPicker = lazyPage(() => import('./icon-picker.js').then((m) => m.IconPicker));

/** The colour is edited by the item form's own colour interface (`select-color`): a text box and the browser's picker. */
const COLOR_FIELD: FormField = {
  field: 'color',
  type: 'string',
  kind: 'text',
  required: false,
  readOnly: false,
  note: null,
  maxLength: null,
  choices: [],
  relation: null,
  interface: 'select-color',
  options: {},
};

/** A collection's icon and colour (`meta.icon`, `meta.color`), shown in the navigation and the collection lists. */
export function CollectionLook({ initial, onSave }: { initial: Look; onSave: (look: Look) => Promise<void> }) {
  const [icon, setIcon] = useState(initial.icon ?? '');
  const [color, setColor] = useState(initial.color ?? '');
  const [colorError, setColorError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setMessage(null);
    const text = color.trim();
    const normal = text === '' ? null : normaliseColor(text);
    if (text !== '' && normal === null) {
      setColorError(t('Enter a colour as #RRGGBB, or nothing for none.'));
      return;
    }
    setColorError(null);
    setBusy(true);
    try {
      await onSave({ icon: icon === '' ? null : icon, color: normal });
      setMessage({ text: t('Icon and colour saved.'), error: false });
    } catch (error) {
      setMessage({ text: errorMessage(error) ?? requestMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="item-form" aria-labelledby="look-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="look-title">{t('Icon and colour')}</h2>
      <IconPicker value={icon} onChange={setIcon} />
      <div class="field">
        <label for="look-color">{t('Colour')}</label>
        <LazyInterface
          load={BASIC_INTERFACES['select-color']!}
          id="look-color"
          field={COLOR_FIELD}
          text={color}
          describedBy={colorError ? 'look-color-help look-color-error' : 'look-color-help'}
          invalid={colorError !== null}
          readOnly={false}
          onChange={setColor}
        />
        <p class="help" id="look-color-help">
          {t('Empty for none.')}
        </p>
        {colorError && (
          <p class="error" id="look-color-error">
            {colorError}
          </p>
        )}
      </div>
      {message && (
        <p class={message.error ? 'error' : undefined} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy}>
        {t('Save icon and colour')}
      </button>
    </form>
  );
}
