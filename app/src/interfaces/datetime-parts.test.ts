import { describe, expect, it } from 'vitest';
import { formatDateTime, from12, joinDateTime, splitDateTime, to12 } from './datetime-parts.js';

describe('the parts of a date and time', () => {
  it('splits a date-time and a time, and joins them back', () => {
    const parts = splitDateTime('2024-05-01T14:05:09', 'dateTime');
    expect(parts).toEqual({ date: '2024-05-01', hour: '14', minute: '05', second: '09', pm: true });
    expect(joinDateTime(parts, 'dateTime', true)).toBe('2024-05-01T14:05:09');
    expect(joinDateTime(parts, 'dateTime', false)).toBe('2024-05-01T14:05:00');
    expect(splitDateTime('07:30:00', 'time')).toEqual({ date: '', hour: '07', minute: '30', second: '00', pm: false });
    expect(joinDateTime(splitDateTime('07:30', 'time'), 'time', false)).toBe('07:30:00');
    expect(splitDateTime('', 'timestamp')).toEqual({ date: '', hour: '', minute: '', second: '', pm: false });
  });

  it('answers empty for no parts, null for parts that are not a whole value, and midnight for a date alone', () => {
    const none = { date: '', hour: '', minute: '', second: '', pm: false };
    expect(joinDateTime(none, 'dateTime', false)).toBe('');
    expect(joinDateTime({ ...none, hour: '9' }, 'dateTime', false)).toBeNull();
    expect(joinDateTime({ ...none, date: '2024-05-01', hour: '24' }, 'dateTime', false)).toBeNull();
    expect(joinDateTime({ ...none, date: '2024-05-01', minute: '61' }, 'dateTime', false)).toBeNull();
    expect(joinDateTime({ ...none, minute: '5' }, 'time', false)).toBeNull();
    expect(joinDateTime({ ...none, date: '2024-05-01' }, 'dateTime', false)).toBe('2024-05-01T00:00:00');
  });

  it('converts between the 12- and 24-hour clocks', () => {
    expect(to12(0)).toEqual({ hour: 12, pm: false });
    expect(to12(12)).toEqual({ hour: 12, pm: true });
    expect(to12(15)).toEqual({ hour: 3, pm: true });
    expect(from12(12, false)).toBe(0);
    expect(from12(12, true)).toBe(12);
    expect(from12(3, true)).toBe(15);
    expect(from12(11, false)).toBe(11);
  });

  it('formats on the 24- or 12-hour clock, with or without seconds', () => {
    expect(formatDateTime('2024-05-01T14:05:09', 'dateTime', true, false, 'en')).toBe('May 1, 2024, 14:05');
    expect(formatDateTime('2024-05-01T14:05:09', 'dateTime', false, true, 'en')).toMatch(/^May 1, 2024, 2:05:09\sPM$/);
    expect(formatDateTime('14:05:00', 'time', false, false, 'en')).toMatch(/^2:05\sPM$/);
    expect(formatDateTime('14:05:00', 'time', true, false, 'de')).toBe('14:05');
    expect(formatDateTime('not a date', 'dateTime', true, false, 'en')).toBe('not a date');
  });
});
