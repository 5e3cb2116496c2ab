import { describe, expect, it } from 'vitest';
import { changedElsewhere, eventItem } from './remote-change.js';

describe('eventItem', () => {
  it('takes the first item of a list, an object as it is, and nothing else', () => {
    expect(eventItem([{ id: 1, title: 'A' }])).toEqual({ id: 1, title: 'A' });
    expect(eventItem({ id: 1 })).toEqual({ id: 1 });
    expect(eventItem([])).toBeNull();
    expect(eventItem(['1'])).toBeNull();
    expect(eventItem(null)).toBeNull();
  });
});

describe('changedElsewhere', () => {
  const loaded = { id: 1, title: 'A', tags: ['x'], author: { id: 2 }, rating: null };

  it('is false for the same values (the app reading back its own save), in any key order', () => {
    expect(changedElsewhere(loaded, { rating: null, author: { id: 2 }, tags: ['x'], title: 'A', id: 1 })).toBe(false);
  });

  it('is true when a field both hold has another value', () => {
    expect(changedElsewhere(loaded, { id: 1, title: 'B' })).toBe(true);
    expect(changedElsewhere(loaded, { tags: ['x', 'y'] })).toBe(true);
    expect(changedElsewhere(loaded, { rating: 0 })).toBe(true);
  });

  it('ignores fields the form was not loaded with', () => {
    expect(changedElsewhere(loaded, { id: 1, secret: 'new' })).toBe(false);
  });
});
