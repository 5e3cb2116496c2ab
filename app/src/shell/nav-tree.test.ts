import { describe, expect, it } from 'vitest';
import { navTree, textOn, type NavCollection } from './nav-tree.js';

const table = (collection: string, meta: NavCollection['meta'] = {}): NavCollection => ({ collection, schema: { name: collection }, meta });
const folder = (collection: string, meta: NavCollection['meta'] = {}): NavCollection => ({ collection, schema: null, meta });
const read = (...names: string[]) => Object.fromEntries(names.map((n) => [n, { read: { access: 'full' } }]));
const shape = (nodes: ReturnType<typeof navTree>): unknown =>
  nodes.map((n) => (n.children.length ? { [n.collection]: shape(n.children) } : n.collection));

describe('navTree', () => {
  it('groups collections under their meta.group, sorted by meta.sort then name', () => {
    const tree = navTree(
      [
        table('pages', { sort: 2 }),
        folder('blog', { sort: 1 }),
        table('posts', { group: 'blog', sort: 2 }),
        table('authors', { group: 'blog', sort: 1 }),
        table('zeta'),
        table('alpha'),
      ],
      read('pages', 'posts', 'authors', 'zeta', 'alpha'),
    );
    expect(shape(tree)).toEqual([{ blog: ['authors', 'posts'] }, 'pages', 'alpha', 'zeta']);
    expect(tree[0]!.table).toBe(false);
  });

  it('leaves out hidden, system and unreadable collections, and empty folders', () => {
    const tree = navTree(
      [
        table('secret'),
        table('notes', { hidden: true }),
        table('service_users'),
        folder('empty'),
        table('open'),
        folder('only-secret'),
        table('x', { group: 'only-secret' }),
      ],
      read('open', 'notes', 'service_users'),
    );
    expect(shape(tree)).toEqual(['open']);
  });

  it('puts a collection whose group is left out under the nearest shown group, or at the top', () => {
    const tree = navTree(
      [
        folder('top'),
        table('middle', { group: 'top', hidden: true }),
        table('leaf', { group: 'middle' }),
        table('orphan', { group: 'gone' }),
      ],
      read('middle', 'leaf', 'orphan'),
    );
    expect(shape(tree)).toEqual(['orphan', { top: ['leaf'] }]);
  });

  it('nests collections under a table, survives a cycle of groups, and keeps icon, colour and collapse', () => {
    const tree = navTree(
      [
        table('a', { group: 'b', icon: 'article', color: '#FF0000', collapse: 'closed' }),
        table('b', { group: 'a' }),
        table('c', { group: 'a' }),
      ],
      read('a', 'b', 'c'),
    );
    expect(tree.length).toBeGreaterThan(0);
    const a = JSON.stringify(tree).match(/"collection":"a"/g);
    expect(a).toHaveLength(1);
    const withC = navTree(
      [table('a', { icon: 'article', color: '#FF0000', collapse: 'closed' }), table('c', { group: 'a' })],
      read('a', 'c'),
    );
    expect(withC).toEqual([
      {
        collection: 'a',
        table: true,
        icon: 'article',
        color: '#FF0000',
        collapsed: true,
        children: [{ collection: 'c', table: true, icon: null, color: null, collapsed: false, children: [] }],
      },
    ]);
  });
});

describe('textOn', () => {
  it('picks black on light colours and white on dark ones', () => {
    expect(textOn('#FFFF00')).toBe('#000000');
    expect(textOn('#fff')).toBe('#000000');
    expect(textOn('#1f4fd1')).toBe('#ffffff');
    expect(textOn('#000')).toBe('#ffffff');
    expect(textOn('red')).toBeNull();
    expect(textOn(null)).toBeNull();
  });
});
