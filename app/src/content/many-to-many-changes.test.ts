import { describe, expect, it } from 'vitest';
import {
  addRelated,
  createRelated,
  listedLinks,
  manyToManyPayload,
  NO_LINK_CHANGES,
  removeListed,
  type Link,
} from './many-to-many-changes.js';
import type { ManyToMany } from './relations.js';

const relation: ManyToMany = { kind: 'm2m', related: 'tags', junction: 'books_tags', parentField: 'books_id', relatedField: 'tags_id' };
const linked: Link[] = [
  { junctionKey: 10, option: { key: 1, text: 'Science' } },
  { junctionKey: 11, option: { key: 2, text: 'History' } },
];

describe('many-to-many changes', () => {
  it('sends nothing when nothing changed', () => {
    expect(manyToManyPayload(NO_LINK_CHANGES, relation)).toBeNull();
  });

  it('adds an existing item, creates a new one and removes a link in one nested payload', () => {
    let changes = addRelated(NO_LINK_CHANGES, { key: 3, text: 'Maths' }, linked);
    changes = createRelated(changes, { name: 'Poetry' }, 'Poetry');
    changes = removeListed(changes, { state: 'linked', link: linked[1]! });
    expect(listedLinks(linked, changes).map((entry) => entry.state)).toEqual(['linked', 'added', 'created']);
    expect(manyToManyPayload(changes, relation)).toEqual({
      create: [{ tags_id: 3 }, { tags_id: { name: 'Poetry' } }],
      update: [],
      delete: [11],
    });
  });

  it('keeps an item once, brings a removed link back instead of adding it again, and drops unsaved additions', () => {
    expect(addRelated(NO_LINK_CHANGES, { key: 1, text: 'Science' }, linked)).toBe(NO_LINK_CHANGES);
    const removed = removeListed(NO_LINK_CHANGES, { state: 'linked', link: linked[0]! });
    expect(addRelated(removed, { key: 1, text: 'Science' }, linked)).toEqual(NO_LINK_CHANGES);
    const added = addRelated(NO_LINK_CHANGES, { key: 3, text: 'Maths' }, linked);
    expect(addRelated(added, { key: 3, text: 'Maths' }, linked)).toBe(added);
    expect(removeListed(added, { state: 'added', option: { key: 3, text: 'Maths' } })).toEqual(NO_LINK_CHANGES);
    const created = createRelated(NO_LINK_CHANGES, { name: 'X' }, 'X');
    expect(removeListed(created, { state: 'created', index: 0, text: 'X' })).toEqual(NO_LINK_CHANGES);
  });
});
