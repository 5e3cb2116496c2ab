import { describe, expect, it } from 'vitest';
import { leavesPage } from './leave-guard.js';

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
