import { useEffect, useRef, useState } from 'preact/hooks';
import { isAllowedAddress } from './sanitize-config.js';
import { t } from '../i18n/t.js';

/**
 * The address of a link in the WYSIWYG editor, typed in place: "Apply link" (Enter) sets it on the selection, an
 * empty address removes the link, "Cancel" (Escape) goes back to the text. Only http(s), mailto, tel and relative
 * addresses are taken.
 */
export function LinkForm({
  id,
  initial,
  onApply,
  onCancel,
}: {
  id: string;
  initial: string;
  onApply(href: string): void;
  onCancel(): void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  function apply() {
    const address = href.trim();
    if (address && !isAllowedAddress(address)) {
      setError(t('Enter a web (https://…), mail (mailto:…) or phone (tel:…) address.'));
      return;
    }
    onApply(address);
  }

  return (
    <div class="link-form" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} for={id}>
        {t('Link address')}
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="url"
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        onInput={(e) => setHref(e.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button type="button" class="small" onClick={apply}>
        {t('Apply link')}
      </button>
      <button type="button" class="small" onClick={onCancel}>
        {t('Cancel')}
      </button>
      {error ? (
        <p id={`${id}-error`} class="error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} class="help">
          {t('Leave it empty to remove the link.')}
        </p>
      )}
    </div>
  );
}
