/** Tells the navigation to read the collections again (a page changed their icons, colours, or the collections themselves). */
export const navRefresh = new EventTarget();

export function refreshNav(): void {
  navRefresh.dispatchEvent(new Event('refresh'));
}
