import { useEffect } from 'preact/hooks';
import { shortcutOf } from './key-bindings.js';

/** The item form's Save (or Create) button, when the page has one. */
const SAVE_BUTTON = '#main form.item-form button[type="submit"]';
/** The list's search field. */
const SEARCH_FIELD = '#main input[type="search"]';

/**
 * Binds the frame's shortcuts on the document: Ctrl/⌘+S presses the item form's Save button when it is there and
 * enabled (and never opens the browser's "save page" dialog), `/` focuses the list's search, `?` calls `help`.
 * Nothing but saving while a modal dialog is open.
 */
export function useShortcuts(help: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      if (shortcut === 'save') {
        event.preventDefault();
        const button = document.querySelector<HTMLButtonElement>(SAVE_BUTTON);
        if (button && !button.disabled) button.click();
        return;
      }
      if (document.querySelector('dialog[open]')) return;
      if (shortcut === 'search') {
        const field = document.querySelector<HTMLInputElement>(SEARCH_FIELD);
        if (!field) return;
        event.preventDefault();
        field.focus();
        field.select();
        return;
      }
      event.preventDefault();
      help();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [help]);
}
