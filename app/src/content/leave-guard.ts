import { useEffect } from 'preact/hooks';
import { msg, t } from '../i18n/t.js';

const LEAVE = msg('Leave this page? Your unsaved changes will be lost.');
// Clicks already answered, so a link's own handler does not ask a second time.
const answered = new WeakSet<Event>();

/** A click that would take the app to another page: a plain left click on a link inside the app, opening in this tab. */
export function leavesPage(event: MouseEvent, link: HTMLAnchorElement | null, here: string): boolean {
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download')) return false;
  return link.href !== '' && link.href.split('#')[0] !== here.split('#')[0];
}

/** Asks before leaving (once per click); false (and the click cancelled) when the user stays. */
export function confirmLeave(event: Event): boolean {
  if (answered.has(event)) return !event.defaultPrevented;
  answered.add(event);
  if (window.confirm(t(LEAVE))) return true;
  event.preventDefault();
  event.stopPropagation();
  return false;
}

/**
 * While `dirty`: closing or reloading the tab asks (beforeunload), and so does any link in the app that leaves the
 * page (a click caught before the link's own handler: the menu, the header, links in the form).
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (leavesPage(event, link, window.location.href)) confirmLeave(event);
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
