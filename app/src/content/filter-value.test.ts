import { describe, expect, it } from 'vitest';
import {
  dynamicChoices,
  dynamicValueOf,
  dynamicValuesFor,
  formatFilterList,
  formatFilterValue,
  parseFilterList,
  parseFilterValue,
  type ValueField,
} from './filter-value.js';

const plain = (type: string): ValueField => ({ type, dynamic: [] });

describe('parseFilterValue', () => {
  it.each([
    { name: 'an integer', type: 'integer', text: ' 42 ', value: 42 },
    { name: 'a negative integer', type: 'integer', text: '-3', value: -3 },
    { name: 'a big integer as text (no precision lost)', type: 'bigInteger', text: '9007199254740993', value: '9007199254740993' },
    { name: 'a float', type: 'float', text: '2.5', value: 2.5 },
    { name: 'a decimal as text', type: 'decimal', text: '10.10', value: '10.10' },
    { name: 'a boolean', type: 'boolean', text: 'false', value: false },
    { name: 'a date', type: 'date', text: '2026-11-25', value: '2026-11-25' },
    { name: 'a date and time from the browser input', type: 'dateTime', text: '2026-11-25T10:15', value: '2026-11-25T10:15' },
    { name: 'a timestamp with a zone', type: 'timestamp', text: '2026-11-25T10:15:00Z', value: '2026-11-25T10:15:00Z' },
    { name: 'a time', type: 'time', text: '09:30:15', value: '09:30:15' },
    { name: 'a uuid', type: 'uuid', text: '6A1D2E3F-0000-4000-8000-00000000000A', value: '6A1D2E3F-0000-4000-8000-00000000000A' },
    { name: 'text as written, spaces kept', type: 'string', text: ' two words ', value: ' two words ' },
  ])('reads $name', ({ type, text, value }) => {
    expect(parseFilterValue(plain(type), text)).toEqual(value);
  });

  it.each([
    { name: 'an empty text', type: 'string', text: '  ', message: 'Enter a value.' },
    { name: 'a fraction for an integer', type: 'integer', text: '1.5', message: 'Enter a whole number.' },
    { name: 'words for a number', type: 'float', text: 'ten', message: 'Enter a number.' },
    { name: 'anything but true or false', type: 'boolean', text: 'yes', message: 'Choose true or false.' },
    { name: 'a date in another order', type: 'date', text: '25/11/2026', message: 'Enter a date (YYYY-MM-DD).' },
    { name: 'a date and time without a date', type: 'dateTime', text: '10:00', message: 'Enter a date and time (YYYY-MM-DDTHH:MM).' },
    { name: 'a time with words', type: 'time', text: 'noon', message: 'Enter a time (HH:MM).' },
    { name: 'a malformed uuid', type: 'uuid', text: '1234', message: 'Enter a UUID.' },
  ])('refuses $name', ({ type, text, message }) => {
    expect(() => parseFilterValue(plain(type), text)).toThrow(message);
  });

  it('keeps the dynamic values a field accepts, and only those', () => {
    const author: ValueField = { type: 'uuid', dynamic: ['$CURRENT_USER'] };
    const published: ValueField = { type: 'dateTime', dynamic: ['$NOW'] };
    expect(parseFilterValue(author, '$CURRENT_USER')).toBe('$CURRENT_USER');
    expect(parseFilterValue(published, '$NOW')).toBe('$NOW');
    expect(parseFilterValue(published, ' $NOW(-7 days) ')).toBe('$NOW(-7 days)');
    expect(() => parseFilterValue(author, '$NOW')).toThrow('Enter a UUID, or choose the current user.');
    expect(() => parseFilterValue(published, '$CURRENT_USER')).toThrow('Enter a date and time (YYYY-MM-DDTHH:MM), or choose now.');
    expect(() => parseFilterValue(plain('integer'), '$NOW')).toThrow('Enter a whole number.');
    // On a text field the dollar text is just text.
    expect(parseFilterValue(plain('string'), '$NOW')).toBe('$NOW');
  });
});

describe('parseFilterList', () => {
  it('reads the values between commas, each of the field type', () => {
    expect(parseFilterList(plain('integer'), '1, 2,3,')).toEqual([1, 2, 3]);
    expect(parseFilterList(plain('string'), 'draft, published')).toEqual(['draft', 'published']);
  });

  it('refuses an empty list and names a wrong value', () => {
    expect(() => parseFilterList(plain('integer'), ' , ')).toThrow('Enter one or more values, separated by commas.');
    expect(() => parseFilterList(plain('integer'), '1, two')).toThrow('Enter a whole number.');
  });
});

describe('formatting values for the inputs', () => {
  it('shows a value as text', () => {
    expect(formatFilterValue('x')).toBe('x');
    expect(formatFilterValue(3)).toBe('3');
    expect(formatFilterValue(true)).toBe('true');
    expect(formatFilterValue(null)).toBe('');
    expect(formatFilterValue({ a: 1 })).toBe('{"a":1}');
  });

  it('shows a list with commas, whether an array or a text', () => {
    expect(formatFilterList([1, 2])).toBe('1, 2');
    expect(formatFilterList('a,b')).toBe('a, b');
    expect(formatFilterList(5)).toBe('5');
  });
});

describe('dynamic values', () => {
  it('offers $NOW for dates and $CURRENT_USER for keys of users', () => {
    expect(dynamicValuesFor('dateTime', null)).toEqual(['$NOW']);
    expect(dynamicValuesFor('date', null)).toEqual(['$NOW']);
    expect(dynamicValuesFor('timestamp', null)).toEqual(['$NOW']);
    expect(dynamicValuesFor('time', null)).toEqual([]);
    expect(dynamicValuesFor('uuid', 'service_users')).toEqual(['$CURRENT_USER']);
    expect(dynamicValuesFor('uuid', 'directus_users')).toEqual(['$CURRENT_USER']);
    expect(dynamicValuesFor('uuid', null, true)).toEqual(['$CURRENT_USER']);
    expect(dynamicValuesFor('integer', 'authors')).toEqual([]);
    expect(dynamicValuesFor('string', null)).toEqual([]);
    expect(dynamicValuesFor('uuid', 'service_roles')).toEqual(['$CURRENT_ROLE', '$CURRENT_ROLES']);
    expect(dynamicValuesFor('uuid', 'service_policies')).toEqual(['$CURRENT_POLICIES']);
    const role = { type: 'uuid', dynamic: dynamicValuesFor('uuid', 'service_roles') };
    expect(dynamicValueOf(role, ' $CURRENT_ROLE ')).toBe('$CURRENT_ROLE');
    expect(dynamicValueOf(role, '$CURRENT_USER')).toBeNull();
    expect(parseFilterValue(role, '$CURRENT_ROLES')).toBe('$CURRENT_ROLES');
    expect(dynamicChoices(role, false)).toEqual(['$CURRENT_ROLE']);
    expect(dynamicChoices(role, true)).toEqual(['$CURRENT_ROLE', '$CURRENT_ROLES']);
    expect(dynamicChoices({ type: 'date', dynamic: ['$NOW'] }, true)).toEqual([]);
    expect(parseFilterList(role, '$CURRENT_ROLES')).toEqual(['$CURRENT_ROLES']);
  });

  it('tells which dynamic value a text is', () => {
    const field: ValueField = { type: 'dateTime', dynamic: ['$NOW'] };
    expect(dynamicValueOf(field, '$NOW(+1 hour)')).toBe('$NOW');
    expect(dynamicValueOf(field, '2026-01-01')).toBeNull();
    expect(dynamicValueOf({ type: 'uuid', dynamic: ['$CURRENT_USER'] }, '$CURRENT_USER')).toBe('$CURRENT_USER');
  });
});
