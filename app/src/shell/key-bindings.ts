/** What a key press asks the frame to do. */
export type Shortcut = 'save' | 'search' | 'help';

/** The parts of a `keydown` the bindings look at (a KeyboardEvent has them all). */
export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null };

/** True when keys typed at `target` are text (an input, a text area, a select or an editable element). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input')
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes((element as HTMLInputElement).type);
  return element.isContentEditable === true;
}

/**
 * The frame's key bindings: Ctrl+S or ⌘+S saves (also while typing: that is where one saves from), `/` goes to the
 * list's search and `?` opens the shortcuts' help (both only when not typing, so they can still be typed). Esc is
 * the browser's own: it closes a modal <dialog>.
 */
export function shortcutOf(press: KeyPress): Shortcut | null {
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 's') return 'save';
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(press.target)) return null;
  if (press.key === '/') return 'search';
  if (press.key === '?') return 'help';
  return null;
}
