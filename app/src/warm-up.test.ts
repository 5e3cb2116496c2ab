import { describe, expect, it } from 'vitest';
import { pageToWarm } from './warm-up.js';

describe('pageToWarm', () => {
  it('knows a collection’s list and item pages, with the collection’s name decoded', () => {
    expect(pageToWarm('/admin/content/articles')).toEqual({ kind: 'items', collection: 'articles' });
    expect(pageToWarm('/admin/content/articles/')).toEqual({ kind: 'items', collection: 'articles' });
    expect(pageToWarm('/admin/content/my%20news/7')).toEqual({ kind: 'item', collection: 'my news' });
  });

  it('warms nothing page-specific elsewhere, nor for an address it cannot decode', () => {
    expect(pageToWarm('/admin')).toEqual({ kind: 'other' });
    expect(pageToWarm('/admin/content')).toEqual({ kind: 'other' });
    expect(pageToWarm('/admin/files')).toEqual({ kind: 'other' });
    expect(pageToWarm('/admin/content/%E0%A4%A')).toEqual({ kind: 'other' });
  });
});
