import { describe, expect, it } from 'vitest';
import { rule } from '../../../tests/support/engine-fixture.js';
import { indexRules } from './create-permissions-engine.js';
import { getAccess } from './get-access.js';
import { revisionFields, revisionScope, stripRevisionValue } from './revision-read-rules.js';

const RED = { team: { _eq: 'red' } };
const BLUE = { team: { _eq: 'blue' } };
const OWN = { owner: { _eq: 'u1' } };
const revisions = rule('service_revisions', 'read', { fields: ['*'] });

describe('revisionScope', () => {
  it('keeps revisions of collections read without a row filter, and of matching items where every rule has one', () => {
    const set = indexRules([
      revisions,
      rule('notes', 'read', { fields: ['id'] }),
      rule('articles', 'read', { permissions: RED }),
      rule('articles', 'read', { permissions: BLUE }),
      rule('pages', 'read', { permissions: RED }),
      rule('pages', 'read'),
      rule('drafts', 'update'),
    ]);
    expect(revisionScope(set)).toEqual({ _or: [{ collection: { _in: ['notes', 'pages'] } }, { 'item:articles': { _or: [RED, BLUE] } }] });
  });

  it('keeps nothing without a read rule on any other collection', () => {
    expect(revisionScope(indexRules([revisions]))).toEqual({ _or: [] });
  });

  it("is ANDed with the reader's own service_revisions row filter (and only for read)", () => {
    const set = indexRules([rule('service_revisions', 'read', { permissions: OWN, fields: ['*'] }), rule('notes', 'read')]);
    expect(getAccess(set, 'service_revisions', 'read')).toMatchObject({ rowFilter: { _and: [OWN, { collection: { _in: ['notes'] } }] } });
    expect(
      getAccess(indexRules([rule('service_revisions', 'read'), rule('notes', 'read', { permissions: RED })]), 'service_revisions', 'read'),
    ).toMatchObject({
      rowFilter: { 'item:notes': RED },
    });
    expect(getAccess(indexRules([rule('notes', 'read')]), 'notes', 'read')).toMatchObject({ rowFilter: null });
  });
});

describe('revisionFields (conservative: an unfiltered rule, or every rule)', () => {
  const cases: { name: string; rules: ReturnType<typeof rule>[]; expected: '*' | string[] }[] = [
    { name: 'no rule: nothing', rules: [], expected: [] },
    { name: 'an unfiltered rule with *', rules: [rule('c', 'read', { fields: ['*'] })], expected: '*' },
    {
      name: 'every rule grants *',
      rules: [rule('c', 'read', { permissions: RED, fields: ['*'] }), rule('c', 'read', { permissions: BLUE, fields: ['*'] })],
      expected: '*',
    },
    { name: 'an unfiltered rule with a list', rules: [rule('c', 'read', { fields: ['id', 'title'] })], expected: ['id', 'title'] },
    {
      name: 'filtered rules: only the fields all of them grant',
      rules: [
        rule('c', 'read', { permissions: RED, fields: ['id', 'title', 'team'] }),
        rule('c', 'read', { permissions: BLUE, fields: ['id', 'team', 'secret'] }),
      ],
      expected: ['id', 'team'],
    },
    {
      name: 'a filtered * rule does not widen a filtered list',
      rules: [rule('c', 'read', { permissions: RED, fields: ['*'] }), rule('c', 'read', { permissions: BLUE, fields: ['id'] })],
      expected: ['id'],
    },
    {
      name: 'unfiltered fields plus the common ones',
      rules: [
        rule('c', 'read', { fields: ['id'] }),
        rule('c', 'read', { permissions: RED, fields: ['id', 'title', 'secret'] }),
        rule('c', 'read', { permissions: BLUE, fields: ['title'] }),
      ],
      expected: ['id'],
    },
    { name: 'a rule with no fields', rules: [rule('c', 'read', { fields: null })], expected: [] },
  ];
  it.each(cases)('$name', ({ rules, expected }) => {
    const fields = revisionFields(indexRules(rules), 'c');
    expect(fields === '*' ? '*' : [...fields].sort()).toEqual(expected);
  });
});

describe('stripRevisionValue', () => {
  it('keeps the granted keys of an object; null and * pass; anything else is null', () => {
    expect(stripRevisionValue({ id: 1, title: 't', secret: 's' }, new Set(['id', 'title']))).toEqual({ id: 1, title: 't' });
    expect(stripRevisionValue({ secret: 's' }, '*')).toEqual({ secret: 's' });
    expect(stripRevisionValue(null, new Set())).toBeNull();
    expect(stripRevisionValue('{"secret":"s"}', new Set(['id']))).toBeNull();
    expect(stripRevisionValue([{ secret: 's' }], new Set(['id']))).toBeNull();
  });
});
