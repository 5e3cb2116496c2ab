import { useLayoutEffect } from 'preact/hooks';
import { msg, t } from '../i18n/t.js';
import { setTraversalGate } from './traversal-gate.js';

const LEAVE = msg('Leave this page? Your unsaved changes will be lost.');
// Clicks already answered, so a link's own handler does not ask a second time.
const answered = new WeakSet<Event>();

/** A click that would take the app to another page: a plain left click on a link inside the app, opening in this tab. */
export function leavesPage(event: MouseEvent, link: HTMLAnchorElement | null, here: string): boolean {
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download')) return false;
  return link.href !== '' && !samePage(link.href, here);
}

/** Two addresses of one page: they differ in the hash at most. */
function samePage(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
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

/** Where the page is: its address and its history entry's state. */
export type Place = { url: string; state: unknown };

/**
 * A step through the history (Back, Forward: a popstate, the address already `to`) away from the page at `here`:
 * `ask`s, and when the user stays, stops the event before the router hears of it and puts the page's address back
 * at once (`restore`, a new history entry: the browser cannot take a step back synchronously, and the router must
 * never see the other address). A step that changes the hash alone is no leaving. Answers whether the page is left.
 */
export function guardTraversal(event: Event, here: Place, to: string, ask: () => boolean, restore: (place: Place) => void): boolean {
  if (samePage(here.url, to) || ask()) return true;
  event.stopImmediatePropagation();
  restore(here);
  return false;
}

/**
 * While `dirty`: closing or reloading the tab asks (beforeunload), and so does any link in the app that leaves the
 * page (a click caught before the link's own handler: the menu, the header, links in the form), and the browser's
 * Back and Forward buttons (a popstate seen by the traversal gate before the router; staying puts the address back).
 * Installed as the render that made the page dirty is committed (a layout effect), not after the next frame: an edit
 * followed at once by Back is guarded too.
 */
export function useLeaveGuard(dirty: boolean): void {
  useLayoutEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (leavesPage(event, link, window.location.href)) confirmLeave(event);
    };
    // The page's own address, kept as the app moves (the router announces pushState and replaceState as events).
    let here: Place = { url: window.location.href, state: window.history.state as unknown };
    const moved = () => {
      here = { url: window.location.href, state: window.history.state as unknown };
    };
    const step = (event: PopStateEvent) => {
      const ask = () => window.confirm(t(LEAVE));
      const restore = (place: Place) => window.history.pushState(place.state, '', place.url);
      if (guardTraversal(event, here, window.location.href, ask, restore)) moved();
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', click, true);
    const ungate = setTraversalGate(step);
    window.addEventListener('pushState', moved);
    window.addEventListener('replaceState', moved);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', click, true);
      ungate();
      window.removeEventListener('pushState', moved);
      window.removeEventListener('replaceState', moved);
    };
  }, [dirty]);
}
