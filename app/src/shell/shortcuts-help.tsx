import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/t.js';

/**
 * The keyboard shortcuts' help: a modal dialog, in the page only while open (so its name and list are not found
 * on every page). Esc or "Close" closes it, and the focus goes back where it was.
 */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="shortcuts-help" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">{t('Keyboard shortcuts')}</h2>
      <dl class="shortcut-list">
        <div>
          <dt>
            <kbd>{t('Ctrl')}</kbd> + <kbd>S</kbd> (<kbd>⌘</kbd> + <kbd>S</kbd> {t('on a Mac')})
          </dt>
          <dd>{t('Save the item being edited')}</dd>
        </div>
        <div>
          <dt>
            <kbd>/</kbd>
          </dt>
          <dd>{t("Go to the list's search field")}</dd>
        </div>
        <div>
          <dt>
            <kbd>?</kbd>
          </dt>
          <dd>{t('Show these shortcuts')}</dd>
        </div>
        <div>
          <dt>
            <kbd>{t('Esc')}</kbd>
          </dt>
          <dd>{t('Close a dialog')}</dd>
        </div>
      </dl>
      <form method="dialog">
        <button type="submit">{t('Close')}</button>
      </form>
    </dialog>
  );
}
