import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../tests/support/capture-error.js';
import { createEngineFixture, idsOf, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import type { Filter } from '../query.types.js';

/** The field types not in authors/articles (dateTime, time, bigInteger, hash), on the `events` fixture rows. */
let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

const idsFor = async (filter: Filter) => idsOf(await fx.read('events', { fields: ['id'], filter, limit: -1 }));

describe('compileFilter on dateTime, time, bigInteger and hash fields', () => {
  const cases: { name: string; filter: Filter; ids: number[] }[] = [
    { name: 'dateTime _eq', filter: { starts: { _eq: '2024-05-01T09:30:00' } }, ids: [1] },
    { name: 'dateTime _eq with a space', filter: { starts: { _eq: '2024-05-01 09:30:00' } }, ids: [1] },
    { name: 'dateTime _neq', filter: { starts: { _neq: '2024-05-01T09:30:00' } }, ids: [2] },
    { name: 'dateTime _gt', filter: { starts: { _gt: '2024-05-01T12:00:00' } }, ids: [2] },
    { name: 'dateTime _gte a date', filter: { starts: { _gte: '2024-05-01' } }, ids: [1, 2] },
    { name: 'dateTime _lt', filter: { starts: { _lt: '2024-05-01T12:00:00' } }, ids: [1] },
    { name: 'dateTime _lte', filter: { starts: { _lte: '2024-05-01T09:30:00' } }, ids: [1] },
    { name: 'dateTime _between', filter: { starts: { _between: ['2024-05-01T09:00:00', '2024-05-01T10:00:00'] } }, ids: [1] },
    { name: 'dateTime _nbetween', filter: { starts: { _nbetween: ['2024-05-01T09:00:00', '2024-05-01T10:00:00'] } }, ids: [2] },
    { name: 'dateTime _in', filter: { starts: { _in: ['2024-05-01T18:00:00'] } }, ids: [2] },
    { name: 'dateTime _nin', filter: { starts: { _nin: ['2024-05-01T18:00:00'] } }, ids: [1] },
    { name: 'dateTime _null', filter: { starts: { _null: true } }, ids: [3] },
    { name: 'dateTime _nnull', filter: { starts: { _nnull: true } }, ids: [1, 2] },
    { name: 'time _eq', filter: { at: { _eq: '09:30:00' } }, ids: [1] },
    { name: 'time _eq without seconds', filter: { at: { _eq: '18:00' } }, ids: [2] },
    { name: 'time _neq', filter: { at: { _neq: '09:30:00' } }, ids: [2] },
    { name: 'time _lt', filter: { at: { _lt: '12:00:00' } }, ids: [1] },
    { name: 'time _lte', filter: { at: { _lte: '18:00:00' } }, ids: [1, 2] },
    { name: 'time _gt', filter: { at: { _gt: '09:30:00' } }, ids: [2] },
    { name: 'time _gte', filter: { at: { _gte: '09:30:00' } }, ids: [1, 2] },
    { name: 'time _between', filter: { at: { _between: ['09:00:00', '10:00:00'] } }, ids: [1] },
    { name: 'time _nbetween', filter: { at: { _nbetween: '09:00:00,10:00:00' } }, ids: [2] },
    { name: 'time _in', filter: { at: { _in: ['09:30:00', '18:00:00'] } }, ids: [1, 2] },
    { name: 'time _nin', filter: { at: { _nin: ['09:30:00'] } }, ids: [2] },
    { name: 'time _null', filter: { at: { _null: true } }, ids: [3] },
    { name: 'bigInteger _eq beyond 32 bits', filter: { big: { _eq: 5000000000 } }, ids: [1] },
    { name: 'bigInteger _eq as a string', filter: { big: { _eq: '5000000000' } }, ids: [1] },
    { name: 'bigInteger _neq', filter: { big: { _neq: -1 } }, ids: [1] },
    { name: 'bigInteger _gt', filter: { big: { _gt: 4294967296 } }, ids: [1] },
    { name: 'bigInteger _gte', filter: { big: { _gte: -1 } }, ids: [1, 2] },
    { name: 'bigInteger _lt', filter: { big: { _lt: 0 } }, ids: [2] },
    { name: 'bigInteger _lte', filter: { big: { _lte: 5000000000 } }, ids: [1, 2] },
    { name: 'bigInteger _between', filter: { big: { _between: [0, '9000000000'] } }, ids: [1] },
    { name: 'bigInteger _nbetween', filter: { big: { _nbetween: [0, '9000000000'] } }, ids: [2] },
    { name: 'bigInteger _in', filter: { big: { _in: '-1,5000000000' } }, ids: [1, 2] },
    { name: 'bigInteger _nin', filter: { big: { _nin: [-1] } }, ids: [1] },
    { name: 'bigInteger _null', filter: { big: { _null: true } }, ids: [3] },
    { name: 'bigInteger _nnull', filter: { big: { _nnull: true } }, ids: [1, 2] },
    { name: 'hash _null', filter: { pin: { _null: true } }, ids: [2] },
    { name: 'hash _nnull', filter: { pin: { _nnull: true } }, ids: [1, 3] },
    { name: 'hash _empty', filter: { pin: { _empty: true } }, ids: [2, 3] },
    { name: 'hash _nempty', filter: { pin: { _nempty: true } }, ids: [1] },
    { name: 'hour() of a dateTime', filter: { 'hour(starts)': { _eq: 9 } }, ids: [1] },
    { name: 'day() of a dateTime', filter: { 'day(starts)': { _eq: 1 } }, ids: [1, 2] },
    { name: 'hour() of a time', filter: { 'hour(at)': { _gte: 12 } }, ids: [2] },
    { name: 'minute() of a time', filter: { 'minute(at)': { _eq: 30 } }, ids: [1] },
  ];
  it.each(cases)('filters by $name', async ({ filter, ids }) => {
    expect(await idsFor(filter)).toEqual(ids);
  });

  const errors: { name: string; filter: Filter; reason: string }[] = [
    { name: 'an impossible time', filter: { at: { _eq: '25:00' } }, reason: '"25:00" is not a valid time value for field "at"' },
    {
      name: 'a date in a time field',
      filter: { at: { _eq: '2024-01-01' } },
      reason: '"2024-01-01" is not a valid time value for field "at"',
    },
    {
      name: 'an impossible dateTime',
      filter: { starts: { _eq: '2024-05-01T24:30:00' } },
      reason: '"2024-05-01T24:30:00" is not a valid dateTime value for field "starts"',
    },
    {
      name: 'a bigInteger beyond 64 bits',
      filter: { big: { _eq: '99999999999999999999' } },
      reason: '"99999999999999999999" is not a valid bigInteger value for field "big"',
    },
    { name: '_eq on a hash', filter: { pin: { _eq: 'x' } }, reason: '"hash" field type does not contain the "_eq" filter operator' },
    {
      name: '_contains on a hash',
      filter: { pin: { _contains: 'x' } },
      reason: '"hash" field type does not contain the "_contains" filter operator',
    },
    {
      name: '_contains on a dateTime',
      filter: { starts: { _contains: '2024' } },
      reason: '"dateTime" field type does not contain the "_contains" filter operator',
    },
    {
      name: '_empty on a time',
      filter: { at: { _empty: true } },
      reason: '"time" field type does not contain the "_empty" filter operator',
    },
    { name: 'year() of a time', filter: { 'year(at)': { _eq: 2024 } }, reason: 'Function "year" can\'t be used on the time field "at"' },
    {
      name: 'count() of a bigInteger',
      filter: { 'count(big)': { _eq: 1 } },
      reason: 'Function "count" only works on one-to-many fields, not on "big"',
    },
  ];
  it.each(errors)('rejects $name', async ({ filter, reason }) => {
    expect(await errorOf(idsFor(filter))).toBe(`INVALID_QUERY 400: Invalid query. ${reason}.`);
  });

  it('reads these types back in their API form, hashes masked', async () => {
    const { data } = await fx.read('events', { fields: ['*', 'hour(at)', 'year(starts)'] });
    expect(data).toEqual([
      { id: 1, starts: '2024-05-01T09:30:00', at: '09:30:00', big: 5000000000, pin: '**********', at_hour: 9, starts_year: 2024 },
      { id: 2, starts: '2024-05-01T18:00:00', at: '18:00:00', big: -1, pin: null, at_hour: 18, starts_year: 2024 },
      { id: 3, starts: null, at: null, big: null, pin: '**********', at_hour: null, starts_year: null },
    ]);
  });
});
