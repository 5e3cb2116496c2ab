import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../../shared/field-types.js';
import { operatorsForType as acceptedByApi } from '../../../shared/filter-operators.js';
import { FILTER_OPERATORS, isFilterOperator, operatorLabel, operatorsForType, valueShape } from './filter-operators.js';
import { de } from '../i18n/de.js';
import { deSignedOut } from '../i18n/de-signed-out.js';
import { setCatalogue } from '../i18n/t.js';

describe('operatorsForType', () => {
  it.each([
    {
      name: 'text types take the text operators',
      types: ['string', 'text', 'csv'],
      has: ['_contains', '_nicontains', '_istarts_with', '_nends_with', '_empty', '_in'],
      lacks: ['_lt', '_between'],
    },
    {
      name: 'numbers and dates are ordered',
      types: ['integer', 'bigInteger', 'float', 'decimal', 'date', 'dateTime', 'time', 'timestamp'],
      has: ['_lt', '_lte', '_gt', '_gte', '_between', '_nbetween', '_in', '_null'],
      lacks: ['_contains', '_empty'],
    },
    {
      name: 'uuids are compared whole',
      types: ['uuid'],
      has: ['_eq', '_neq', '_in', '_nin', '_null', '_nnull'],
      lacks: ['_contains', '_lt', '_between'],
    },
    { name: 'booleans are equal or not', types: ['boolean'], has: ['_eq', '_neq', '_null', '_nnull'], lacks: ['_in', '_lt'] },
    { name: 'json is only present or not', types: ['json'], has: ['_null', '_nnull'], lacks: ['_eq', '_contains'] },
    {
      name: 'a hash is never compared with a value',
      types: ['hash'],
      has: ['_empty', '_nempty', '_null', '_nnull'],
      lacks: ['_eq', '_contains'],
    },
  ])('$name', ({ types, has, lacks }) => {
    for (const type of types) {
      const operators = operatorsForType(type);
      for (const operator of has) expect(operators, `${type} ${operator}`).toContain(operator);
      for (const operator of lacks) expect(operators, `${type} ${operator}`).not.toContain(operator);
    }
  });

  it('starts every list with equals where a value can be compared', () => {
    for (const type of ['string', 'integer', 'uuid', 'boolean', 'dateTime', 'unknown-type']) expect(operatorsForType(type)[0]).toBe('_eq');
  });

  it('offers only what the API accepts for each field type (the sets of shared/filter-operators.ts)', () => {
    for (const type of FIELD_TYPES) {
      const accepted = acceptedByApi(type, false);
      for (const operator of operatorsForType(type)) expect(accepted, `${type} ${operator}`).toContain(operator);
    }
    expect(operatorsForType('alias')).toEqual(['_null', '_nnull']);
  });

  it('offers every operator of the language for some type', () => {
    const offered = new Set(['string', 'integer', 'hash'].flatMap((type) => operatorsForType(type)));
    expect([...FILTER_OPERATORS].filter((operator) => !offered.has(operator))).toEqual([]);
  });
});

describe('valueShape and operatorLabel', () => {
  it('knows which operators take no value, a list or two bounds', () => {
    expect(FILTER_OPERATORS.filter((o) => valueShape(o) === 'none')).toEqual(['_null', '_nnull', '_empty', '_nempty']);
    expect(FILTER_OPERATORS.filter((o) => valueShape(o) === 'list')).toEqual(['_in', '_nin']);
    expect(FILTER_OPERATORS.filter((o) => valueShape(o) === 'range')).toEqual(['_between', '_nbetween']);
    expect(valueShape('_icontains')).toBe('one');
  });

  it('words every operator differently', () => {
    const labels = FILTER_OPERATORS.map(operatorLabel);
    expect(new Set(labels).size).toBe(FILTER_OPERATORS.length);
    expect(operatorLabel('_nbetween')).toBe('is not between');
  });

  it('words every operator differently in German too', () => {
    setCatalogue('de', { ...deSignedOut, ...de });
    try {
      expect(new Set(FILTER_OPERATORS.map(operatorLabel)).size).toBe(FILTER_OPERATORS.length);
      expect(operatorLabel('_nbetween')).toBe('liegt nicht zwischen');
    } finally {
      setCatalogue('en', {});
    }
  });

  it('recognises operators and nothing else', () => {
    expect(isFilterOperator('_istarts_with')).toBe(true);
    expect(isFilterOperator('_some')).toBe(false);
    expect(isFilterOperator('title')).toBe(false);
  });
});
