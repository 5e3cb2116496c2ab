import { describe, expect, it, vi } from 'vitest';
import { guardTraversal, leavesPage, type Place } from './leave-guard.js';

const HERE = 'http://app.test/admin/content/articles/1';
const click = (extra: Partial<MouseEvent> = {}) =>
  ({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...extra }) as MouseEvent;
const link = (href: string, extra: { target?: string; download?: boolean } = {}) =>
  ({
    href,
    target: extra.target ?? '',
    hasAttribute: (name: string) => name === 'download' && extra.download === true,
  }) as unknown as HTMLAnchorElement;

describe('leavesPage', () => {
  it('is a plain left click on a link to another page of the app', () => {
    expect(leavesPage(click(), link('http://app.test/admin/files'), HERE)).toBe(true);
  });

  it('is not a click that opens elsewhere, a download, a link to this page, or no link', () => {
    expect(leavesPage(click({ ctrlKey: true }), link('http://app.test/admin/files'), HERE)).toBe(false);
    expect(leavesPage(click({ button: 1 }), link('http://app.test/admin/files'), HERE)).toBe(false);
    expect(leavesPage(click(), link('http://app.test/admin/files', { target: '_blank' }), HERE)).toBe(false);
    expect(leavesPage(click(), link('http://app.test/export.csv', { download: true }), HERE)).toBe(false);
    expect(leavesPage(click(), link(`${HERE}#history`), HERE)).toBe(false);
    expect(leavesPage(click(), null, HERE)).toBe(false);
  });
});

describe('guardTraversal', () => {
  const here: Place = { url: HERE, state: { key: 'item' } };
  const popstate = () =>
    ({ stopImmediatePropagation: vi.fn() }) as unknown as Event & { stopImmediatePropagation: ReturnType<typeof vi.fn> };

  it('lets Back or Forward leave when the user agrees, without putting the address back', () => {
    const event = popstate();
    const restore = vi.fn();
    expect(guardTraversal(event, here, 'http://app.test/admin/content/articles', () => true, restore)).toBe(true);
    expect(event.stopImmediatePropagation).not.toHaveBeenCalled();
    expect(restore).not.toHaveBeenCalled();
  });

  it('stops the step before the router hears of it and puts the page back when the user stays', () => {
    const event = popstate();
    const restore = vi.fn();
    expect(guardTraversal(event, here, 'http://app.test/admin/content/articles', () => false, restore)).toBe(false);
    expect(event.stopImmediatePropagation).toHaveBeenCalledOnce();
    expect(restore).toHaveBeenCalledWith(here);
  });

  it('does not ask when only the hash changes', () => {
    const ask = vi.fn(() => false);
    const restore = vi.fn();
    expect(guardTraversal(popstate(), here, `${HERE}#history`, ask, restore)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    expect(restore).not.toHaveBeenCalled();
  });
});
