import { describe, expect, it } from 'vitest';
import { itemInfo } from './item-info.js';

describe('itemInfo', () => {
  it('lists the key, then who created and updated the item and when, where the collection has such fields', () => {
    const fields = [
      { field: 'uid', type: 'integer' },
      { field: 'changed_on', type: 'timestamp', meta: { special: ['date-updated'] } },
      { field: 'author', type: 'uuid', meta: { special: 'user-created' } },
    ];
    expect(itemInfo(fields, { uid: 7, author: 'u1', changed_on: '2026-01-01T00:00:00Z' }, 'uid')).toEqual([
      { label: 'Primary key', field: 'uid', value: 7, kind: 'key' },
      { label: 'Created by', field: 'author', value: 'u1', kind: 'user' },
      { label: 'Updated on', field: 'changed_on', value: '2026-01-01T00:00:00Z', kind: 'date' },
    ]);
  });

  it('is the key alone when the collection keeps no such fields', () => {
    expect(itemInfo([{ field: 'id', type: 'integer' }], { id: 1 }, 'id')).toHaveLength(1);
  });
});
