import { describe, expect, it } from 'vitest';
import { buildFormFields, type RawFormField } from './form-fields.js';
import { buildFormLayout, fieldsIn, type LayoutNode } from './form-layout.js';

const FULL = { read: { access: 'full' as const, fields: ['*'] }, update: { access: 'full' as const, fields: ['*'] } };

function layoutOf(raw: RawFormField[]): LayoutNode[] {
  return buildFormLayout(raw, buildFormFields(raw, FULL, 'update'));
}

/** The tree as names: a field `name:width`, a divider `—title`, a group `[name …children]`. */
function shape(nodes: LayoutNode[]): unknown[] {
  return nodes.map((node) =>
    node.kind === 'field'
      ? `${node.field.field}:${node.width}`
      : node.kind === 'divider'
        ? `—${node.title ?? ''}`
        : [`${node.name}(${node.style}${node.open ? '' : ', closed'})`, ...shape(node.children)],
  );
}

const group = (field: string, meta: RawFormField['meta'] = {}): RawFormField => ({
  field,
  type: 'alias',
  meta: { special: ['alias', 'no-data', 'group'], interface: 'group-detail', ...meta },
});

describe('buildFormLayout', () => {
  it('orders fields by meta.sort (unsorted last, in the given order) with their widths; no width is full', () => {
    const raw: RawFormField[] = [
      { field: 'c', type: 'string' },
      { field: 'b', type: 'string', meta: { sort: 2, width: 'half-right' } },
      { field: 'a', type: 'string', meta: { sort: 1, width: 'half' } },
      { field: 'd', type: 'string', meta: { width: 'fill' } },
      { field: 'e', type: 'string', meta: { sort: 3, width: 'sideways' } },
    ];
    expect(shape(layoutOf(raw))).toEqual(['a:half', 'b:half-right', 'e:full', 'c:full', 'd:fill']);
  });

  it('puts fields in their groups, nested, with dividers and group-raw; a closed start is kept', () => {
    const raw: RawFormField[] = [
      group('details', { sort: 2 }),
      group('inner', { sort: 1, group: 'details', interface: 'group-raw' }),
      group('more', { sort: 3, options: { start: 'closed' } }),
      { field: 'title', type: 'string', meta: { sort: 1 } },
      { field: 'line', type: 'alias', meta: { sort: 2, group: 'details', interface: 'presentation-divider', options: { title: 'SEO' } } },
      { field: 'slug', type: 'string', meta: { sort: 1, group: 'inner', width: 'half' } },
      { field: 'body', type: 'text', meta: { sort: 3, group: 'details' } },
      { field: 'extra', type: 'string', meta: { group: 'more' } },
    ];
    expect(shape(layoutOf(raw))).toEqual([
      'title:full',
      ['details(detail)', ['inner(raw)', 'slug:half'], '—SEO', 'body:full'],
      ['more(detail, closed)', 'extra:full'],
    ]);
  });

  it('hides what a hidden group holds, leaves out empty groups, and puts a field of an unknown group at the top', () => {
    const raw: RawFormField[] = [
      group('secret', { hidden: true }),
      group('empty'),
      { field: 'inside', type: 'string', meta: { group: 'secret' } },
      { field: 'stray', type: 'string', meta: { group: 'nowhere' } },
    ];
    expect(shape(layoutOf(raw))).toEqual(['stray:full']);
  });

  it('breaks a loop of groups rather than losing their fields', () => {
    const raw: RawFormField[] = [
      group('a', { group: 'b' }),
      group('b', { group: 'a' }),
      { field: 'x', type: 'string', meta: { group: 'a' } },
      { field: 'y', type: 'string', meta: { group: 'b' } },
    ];
    const names = layoutOf(raw).flatMap(fieldsIn);
    expect(names.sort()).toEqual(['x', 'y']);
  });

  it('leaves out groups whose fields the user may not read', () => {
    const raw: RawFormField[] = [group('g'), { field: 'x', type: 'string', meta: { group: 'g' } }, { field: 'y', type: 'string' }];
    const form = buildFormFields(raw, { read: { access: 'full', fields: ['y'] }, update: { access: 'full', fields: ['y'] } }, 'update');
    expect(shape(buildFormLayout(raw, form))).toEqual(['y:full']);
  });
});

describe('fieldsIn', () => {
  it('is every field a group holds, nested ones too', () => {
    const nodes = layoutOf([group('g'), group('h', { group: 'g' }), { field: 'x', type: 'string', meta: { group: 'h' } }]);
    expect(fieldsIn(nodes[0]!)).toEqual(['x']);
  });
});
