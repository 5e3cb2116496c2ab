import { describe, expect, it } from 'vitest';
import { matchPayload } from './match-payload.js';

describe('matchPayload', () => {
  const cases: { name: string; filter: Record<string, unknown> | null; payload: Record<string, unknown>; expected: boolean }[] = [
    { name: 'matches everything without a filter', filter: null, payload: {}, expected: true },
    {
      name: 'matches a field operator on the payload',
      filter: { title: { _starts_with: 'mine-' } },
      payload: { title: 'mine-a' },
      expected: true,
    },
    {
      name: 'does not match a failing operator',
      filter: { title: { _starts_with: 'mine-' } },
      payload: { title: 'other' },
      expected: false,
    },
    { name: 'reads a left-out field as null (no default)', filter: { title: { _starts_with: 'mine-' } }, payload: {}, expected: false },
    { name: 'does not match an empty _in', filter: { status: { _in: [] } }, payload: { status: 'x' }, expected: false },
    { name: 'does not match through a relation', filter: { author: { name: { _eq: 'Ada' } } }, payload: { author: 1 }, expected: false },
    { name: 'does not match an unknown operator', filter: { title: { _foo: 1 } }, payload: { title: 'a' }, expected: false },
    { name: 'does not match an empty _or', filter: { _or: [] }, payload: {}, expected: false },
    { name: 'needs every _and branch', filter: { _and: [{ a: { _eq: 1 } }, { b: { _eq: 2 } }] }, payload: { a: 1, b: 3 }, expected: false },
    { name: 'needs one _or branch', filter: { _or: [{ a: { _eq: 1 } }, { b: { _eq: 2 } }] }, payload: { a: 0, b: 2 }, expected: true },
  ];
  for (const { name, filter, payload, expected } of cases) {
    it(`${expected ? 'matches' : 'refuses'} when it ${name}`, () => {
      expect(matchPayload(filter, payload)).toBe(expected);
    });
  }

  it('reads a left-out field through `missing` (its default)', () => {
    expect(matchPayload({ status: { _eq: 'draft' } }, {}, (f) => (f === 'status' ? 'draft' : null))).toBe(true);
  });
});
