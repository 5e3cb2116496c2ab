import { describe, expect, it } from 'vitest';
import { fieldLabel, formatValue, pickReadable } from './content-api.js';

describe('pickReadable', () => {
  it('keeps user collections with read access, leaves out system ones, folders and hidden ones', () => {
    const collections = [
      { collection: 'articles', meta: { note: 'News', icon: 'article', color: '#2ECDA7' }, schema: {} },
      { collection: 'authors', meta: null, schema: {} },
      { collection: 'secrets', meta: null, schema: {} },
      { collection: 'service_users', meta: null, schema: {} },
      { collection: 'folder', meta: null, schema: null },
      { collection: 'hidden', meta: { hidden: true }, schema: {} },
    ];
    const access = {
      articles: { read: { access: 'full' as const } },
      authors: { read: { access: 'partial' as const } },
      secrets: { read: { access: 'none' as const } },
      service_users: { read: { access: 'full' as const } },
      hidden: { read: { access: 'full' as const } },
    };
    expect(pickReadable(collections, access)).toEqual([
      { collection: 'articles', note: 'News', icon: 'article', color: '#2ECDA7' },
      { collection: 'authors', note: null, icon: null, color: null },
    ]);
  });
});

describe('formatValue and fieldLabel', () => {
  it('shows empty, boolean and JSON values readably', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue(12)).toBe('12');
  });

  it('turns a field name into a label', () => {
    expect(fieldLabel('published_on')).toBe('Published on');
  });
});
