import { describe, expect, it } from 'vitest';
import { captureAppError } from '../../../tests/support/capture-error.js';
import { adjustDate, applyDynamicVariables, collectVariablePaths, type DynamicData } from './dynamic-variables.js';

const NOW = new Date('2025-03-31T12:00:00.000Z');

describe('adjustDate', () => {
  const cases: { adjustment: string | undefined; expected: string }[] = [
    { adjustment: undefined, expected: '2025-03-31T12:00:00.000Z' },
    { adjustment: '', expected: '2025-03-31T12:00:00.000Z' },
    { adjustment: '-1 day', expected: '2025-03-30T12:00:00.000Z' },
    { adjustment: '+1 day', expected: '2025-04-01T12:00:00.000Z' },
    { adjustment: '1 day', expected: '2025-04-01T12:00:00.000Z' },
    { adjustment: '-3 days', expected: '2025-03-28T12:00:00.000Z' },
    { adjustment: '+2 weeks', expected: '2025-04-14T12:00:00.000Z' },
    { adjustment: '-1w', expected: '2025-03-24T12:00:00.000Z' },
    { adjustment: '-90 minutes', expected: '2025-03-31T10:30:00.000Z' },
    { adjustment: '+2 hours', expected: '2025-03-31T14:00:00.000Z' },
    { adjustment: '-30 seconds', expected: '2025-03-31T11:59:30.000Z' },
    { adjustment: '+500 ms', expected: '2025-03-31T12:00:00.500Z' },
    { adjustment: '-5m', expected: '2025-03-31T11:55:00.000Z' },
    { adjustment: '-1.5 hours', expected: '2025-03-31T10:30:00.000Z' },
    { adjustment: '+2', expected: '2025-04-02T12:00:00.000Z' },
    { adjustment: '  -1   day  ', expected: '2025-03-30T12:00:00.000Z' },
    { adjustment: '-1 month', expected: '2025-02-28T12:00:00.000Z' },
    { adjustment: '+1 months', expected: '2025-04-30T12:00:00.000Z' },
    { adjustment: '-13 months', expected: '2024-02-29T12:00:00.000Z' },
    { adjustment: '+2 mo', expected: '2025-05-31T12:00:00.000Z' },
    { adjustment: '-1 year', expected: '2024-03-31T12:00:00.000Z' },
    { adjustment: '+5 years', expected: '2030-03-31T12:00:00.000Z' },
    { adjustment: '-2y', expected: '2023-03-31T12:00:00.000Z' },
  ];
  it.each(cases)('adjusts now by "$adjustment"', ({ adjustment, expected }) => {
    expect(adjustDate(NOW, adjustment).toISOString()).toBe(expected);
  });

  it('clamps a year step from February 29 to February 28', () => {
    expect(adjustDate(new Date('2024-02-29T00:00:00.000Z'), '+1 year').toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });

  it.each(['garbage', '+3 fortnights', '--1 day', '1 day 2 hours'])('rejects "%s" with 400 INVALID_QUERY', async (adjustment) => {
    expect(await captureAppError(() => adjustDate(NOW, adjustment))).toMatchObject({ code: 'INVALID_QUERY', status: 400 });
  });

  it('never changes the date it was given', () => {
    const now = new Date(NOW);
    adjustDate(now, '-1 month');
    adjustDate(now, '+1 year');
    expect(now.toISOString()).toBe(NOW.toISOString());
  });
});

describe('applyDynamicVariables', () => {
  const data: DynamicData = {
    user: 'u1',
    role: 'r2',
    roles: ['r1', 'r2'],
    policies: ['p1'],
    now: NOW,
    userRecord: { email: 'ada@example.com', role: { name: 'Editor', id: 'r2' }, tags: ['a', 'b'] },
    roleRecord: { name: 'Editor' },
    rolesRecords: [{ name: 'Staff' }, { name: 'Editor' }],
    policiesRecords: [{ name: 'Writers' }],
  };
  const cases: { name: string; value: unknown; expected: unknown }[] = [
    { name: '$CURRENT_USER', value: { user: { _eq: '$CURRENT_USER' } }, expected: { user: { _eq: 'u1' } } },
    { name: '$CURRENT_ROLE', value: { role: { _eq: '$CURRENT_ROLE' } }, expected: { role: { _eq: 'r2' } } },
    { name: '$CURRENT_ROLES as the whole _in', value: { id: { _in: '$CURRENT_ROLES' } }, expected: { id: { _in: ['r1', 'r2'] } } },
    {
      name: '$CURRENT_ROLES flattened into an _in list',
      value: { id: { _in: ['$CURRENT_ROLES', 'x'] } },
      expected: { id: { _in: ['r1', 'r2', 'x'] } },
    },
    { name: '$CURRENT_POLICIES', value: { id: { _in: ['$CURRENT_POLICIES'] } }, expected: { id: { _in: ['p1'] } } },
    { name: '$NOW', value: { d: { _lt: '$NOW' } }, expected: { d: { _lt: '2025-03-31T12:00:00.000Z' } } },
    { name: '$NOW(-1 day)', value: { d: { _gte: '$NOW(-1 day)' } }, expected: { d: { _gte: '2025-03-30T12:00:00.000Z' } } },
    { name: '$CURRENT_USER.<field>', value: { email: { _eq: '$CURRENT_USER.email' } }, expected: { email: { _eq: 'ada@example.com' } } },
    { name: '$CURRENT_USER.<relation>.<field>', value: { r: { _eq: '$CURRENT_USER.role.name' } }, expected: { r: { _eq: 'Editor' } } },
    { name: '$CURRENT_USER.<missing field> as null', value: { r: { _eq: '$CURRENT_USER.nope' } }, expected: { r: { _eq: null } } },
    {
      name: '$CURRENT_USER.<array> flattened into _in',
      value: { t: { _in: ['$CURRENT_USER.tags'] } },
      expected: { t: { _in: ['a', 'b'] } },
    },
    { name: '$CURRENT_ROLE.<field>', value: { r: { _eq: '$CURRENT_ROLE.name' } }, expected: { r: { _eq: 'Editor' } } },
    { name: '$CURRENT_ROLES.<field>', value: { r: { _in: '$CURRENT_ROLES.name' } }, expected: { r: { _in: ['Staff', 'Editor'] } } },
    { name: '$CURRENT_POLICIES.<field>', value: { r: { _in: '$CURRENT_POLICIES.name' } }, expected: { r: { _in: ['Writers'] } } },
    {
      name: 'variables in _and / _or and presets',
      value: { _or: [{ a: { _eq: '$CURRENT_USER' } }], owner: '$CURRENT_USER' },
      expected: { _or: [{ a: { _eq: 'u1' } }], owner: 'u1' },
    },
    {
      name: 'other strings untouched',
      value: { a: '$CURRENT_USERS', b: 'x $CURRENT_USER', c: '$FOO', d: 5, e: null, f: true },
      expected: { a: '$CURRENT_USERS', b: 'x $CURRENT_USER', c: '$FOO', d: 5, e: null, f: true },
    },
  ];
  it.each(cases)('replaces $name', ({ value, expected }) => {
    expect(applyDynamicVariables(value, data)).toEqual(expected);
  });

  it('gives null for $CURRENT_USER and empty lists for roles and policies of a public request', () => {
    const publicData: DynamicData = { user: null, role: null, roles: [], policies: [], now: NOW, userRecord: null };
    expect(applyDynamicVariables({ a: '$CURRENT_USER', b: { _in: '$CURRENT_ROLES' }, c: '$CURRENT_USER.email' }, publicData)).toEqual({
      a: null,
      b: { _in: [] },
      c: null,
    });
  });

  it('collects the paths to read, per variable', () => {
    const paths = collectVariablePaths({
      a: '$CURRENT_USER.email',
      b: ['$CURRENT_USER.role.name', '$CURRENT_ROLES.name'],
      c: { d: '$CURRENT_POLICIES.id' },
      e: '$CURRENT_ROLE.name',
    });
    expect(paths).toEqual({
      user: new Set(['email', 'role.name']),
      role: new Set(['name']),
      roles: new Set(['name']),
      policies: new Set(['id']),
    });
  });
});
