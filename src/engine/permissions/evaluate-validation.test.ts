import { describe, expect, it } from 'vitest';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { evaluateValidation, matches } from './evaluate-validation.js';

describe('matches', () => {
  const cases: { op: string; expected: unknown; pass: unknown[]; fail: unknown[] }[] = [
    { op: '_eq', expected: 5, pass: [5, '5'], fail: [4, null, undefined, '5.0'] },
    { op: '_eq', expected: null, pass: [null, undefined], fail: [0, ''] },
    { op: '_neq', expected: 'a', pass: ['b', null], fail: ['a'] },
    { op: '_neq', expected: null, pass: ['a', 0], fail: [null, undefined] },
    { op: '_lt', expected: 10, pass: [9, '9.5', -1], fail: [10, 11, null] },
    { op: '_lte', expected: 10, pass: [10, '10'], fail: [10.1, null] },
    { op: '_gt', expected: 10, pass: [11, '100'], fail: [10, '9', null] },
    { op: '_gte', expected: 10, pass: [10], fail: [9, null] },
    { op: '_gt', expected: '2024-01-01', pass: ['2024-01-02', '2024-06-01T00:00:00Z'], fail: ['2023-12-31', '2024-01-01'] },
    {
      op: '_lt',
      expected: '2024-01-01T10:00:00Z',
      pass: ['2024-01-01T11:00:00+02:00'],
      fail: ['2024-01-01T10:00:00.000Z', '2024-01-01T12:00:00+01:00'],
    },
    { op: '_in', expected: ['a', 'b'], pass: ['a', 'b'], fail: ['c', null] },
    { op: '_in', expected: 'a,b', pass: ['b'], fail: ['a,b'] },
    { op: '_in', expected: [1, 2], pass: [1, '2'], fail: [3] },
    { op: '_nin', expected: ['a', 'b'], pass: ['c', null], fail: ['a'] },
    { op: '_null', expected: true, pass: [null, undefined], fail: ['', 0, false] },
    { op: '_null', expected: false, pass: ['x'], fail: [null] },
    { op: '_nnull', expected: true, pass: ['', 0, false], fail: [null, undefined] },
    { op: '_empty', expected: true, pass: ['', null, []], fail: ['x', [1], 0] },
    { op: '_nempty', expected: true, pass: ['x', [1]], fail: ['', null, []] },
    { op: '_contains', expected: 'ell', pass: ['hello', 'ell'], fail: ['HELLO', null] },
    { op: '_ncontains', expected: 'ell', pass: ['world', null], fail: ['hello'] },
    { op: '_icontains', expected: 'ELL', pass: ['hello', 'HELLO'], fail: ['help'] },
    { op: '_nicontains', expected: 'ELL', pass: ['help'], fail: ['hello'] },
    { op: '_starts_with', expected: 'he', pass: ['hello'], fail: ['Hello', 'the'] },
    { op: '_nstarts_with', expected: 'he', pass: ['the'], fail: ['hello'] },
    { op: '_istarts_with', expected: 'HE', pass: ['hello', 'Hello'], fail: ['the'] },
    { op: '_nistarts_with', expected: 'HE', pass: ['the'], fail: ['Hello'] },
    { op: '_ends_with', expected: 'lo', pass: ['hello'], fail: ['hellO', 'lol'] },
    { op: '_nends_with', expected: 'lo', pass: ['lol'], fail: ['hello'] },
    { op: '_iends_with', expected: 'LO', pass: ['hello'], fail: ['lol'] },
    { op: '_niends_with', expected: 'LO', pass: ['lol'], fail: ['HELLO'] },
    { op: '_between', expected: [1, 10], pass: [1, 5, '10'], fail: [0, 11, null] },
    { op: '_between', expected: '1,10', pass: [5], fail: [11] },
    { op: '_nbetween', expected: [1, 10], pass: [0, 11, null], fail: [1, 5, 10] },
    { op: '_regex', expected: '/^[a-z]+$/', pass: ['abc'], fail: ['ABC', 'ab1', ''] },
    { op: '_regex', expected: '/^[a-z]+$/i', pass: ['ABC'], fail: ['ab1'] },
    { op: '_regex', expected: '^\\d{3}$', pass: ['123', 123], fail: ['1234', 'abc'] },
    { op: '_regex', expected: '([', pass: [], fail: ['anything'] },
  ];
  const flat = cases.flatMap(({ op, expected, pass, fail }) => [
    ...pass.map((value) => ({ op, expected, value, result: true })),
    ...fail.map((value) => ({ op, expected, value, result: false })),
  ]);
  it.each(flat)('$op $expected on $value is $result', ({ op, expected, value, result }) => {
    expect(matches(op, value, expected)).toBe(result);
  });
});

describe('evaluateValidation', () => {
  const cases: { name: string; filter: Filter; payload: Record<string, unknown>; failures: unknown[] }[] = [
    { name: 'a passing rule', filter: { rating: { _lte: 5 } }, payload: { rating: 3 }, failures: [] },
    {
      name: 'a failing rule with its detail',
      filter: { rating: { _lte: 5 } },
      payload: { rating: 7 },
      failures: [{ field: 'rating', path: [], type: 'lte', valid: 5 }],
    },
    {
      name: '_in with the valid list',
      filter: { status: { _in: ['a', 'b'] } },
      payload: { status: 'c' },
      failures: [{ field: 'status', path: [], type: 'in', valid: ['a', 'b'] }],
    },
    {
      name: '_nin with the invalid list',
      filter: { status: { _nin: ['a'] } },
      payload: { status: 'a' },
      failures: [{ field: 'status', path: [], type: 'nin', invalid: ['a'] }],
    },
    {
      name: '_contains with the substring',
      filter: { title: { _contains: 'x' } },
      payload: { title: 'abc' },
      failures: [{ field: 'title', path: [], type: 'contains', substring: 'x' }],
    },
    {
      name: '_regex',
      filter: { code: { _regex: '^[A-Z]{3}$' } },
      payload: { code: 'ab' },
      failures: [{ field: 'code', path: [], type: 'regex' }],
    },
    {
      name: 'a key missing from the payload (only _submitted requires it)',
      filter: { title: { _nnull: true, _nempty: true, _eq: 'x', _regex: '^a$' } },
      payload: {},
      failures: [],
    },
    {
      name: '_submitted on a missing key',
      filter: { title: { _submitted: true } },
      payload: {},
      failures: [{ field: 'title', path: [], type: 'required' }],
    },
    { name: '_submitted on a null value', filter: { title: { _submitted: true } }, payload: { title: null }, failures: [] },
    {
      name: '_nnull on an explicit null',
      filter: { title: { _nnull: true } },
      payload: { title: null },
      failures: [{ field: 'title', path: [], type: 'nnull' }],
    },
    {
      name: 'two operators on one field',
      filter: { rating: { _gte: 1, _lte: 5 } },
      payload: { rating: 0 },
      failures: [{ field: 'rating', path: [], type: 'gte', valid: 1 }],
    },
    {
      name: '_and collects every failure',
      filter: { _and: [{ rating: { _lte: 5 } }, { title: { _nempty: true } }] },
      payload: { rating: 9, title: '' },
      failures: [
        { field: 'rating', path: [], type: 'lte', valid: 5 },
        { field: 'title', path: [], type: 'nempty' },
      ],
    },
    {
      name: '_or passes when one branch passes',
      filter: { _or: [{ rating: { _lte: 5 } }, { status: { _eq: 'special' } }] },
      payload: { rating: 9, status: 'special' },
      failures: [],
    },
    {
      name: '_or fails with the first branch when none passes',
      filter: { _or: [{ rating: { _lte: 5 } }, { status: { _eq: 'special' } }] },
      payload: { rating: 9, status: 'x' },
      failures: [{ field: 'rating', path: [], type: 'lte', valid: 5 }],
    },
    {
      name: 'a nested object',
      filter: { author: { name: { _eq: 'Ada' } } },
      payload: { author: { name: 'Bob' } },
      failures: [{ field: 'name', path: ['author'], type: 'eq', valid: 'Ada' }],
    },
    { name: 'a nested rule when the value is a key', filter: { author: { name: { _eq: 'Ada' } } }, payload: { author: 5 }, failures: [] },
  ];
  it.each(cases)('checks $name', ({ filter, payload, failures }) => {
    expect(evaluateValidation(filter, payload)).toEqual(failures);
  });
});
