import { describe, expect, it } from 'vitest';
import {
  bothFilters,
  dayOf,
  itemsByDay,
  monthGrid,
  monthText,
  monthTitle,
  parseMonth,
  rangeFilter,
  shiftDay,
  shiftMonth,
  weekDays,
  weekdayNames,
  weekOf,
  weekTitle,
} from './calendar-grid.js';
import { setCatalogue } from '../../i18n/t.js';

describe('the calendar month', () => {
  const today = new Date(2026, 10, 28);

  it('reads a month, else the current one', () => {
    expect(parseMonth('2021-05', today)).toEqual({ year: 2021, month: 5 });
    expect(parseMonth('2021-13', today)).toEqual({ year: 2026, month: 11 });
    expect(parseMonth(undefined, today)).toEqual({ year: 2026, month: 11 });
    expect(monthText({ year: 2021, month: 5 })).toBe('2021-05');
    expect(monthTitle({ year: 2021, month: 5 })).toBe('May 2021');
  });

  it('moves across years', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });

  it('lays the month out in whole weeks from Monday', () => {
    const weeks = monthGrid({ year: 2026, month: 11 });
    expect(weeks[0]![0]).toBe('2026-10-26');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-06');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // February 2021 starts on a Monday and ends on a Sunday: four weeks.
    const february = monthGrid({ year: 2021, month: 2 });
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toBe('2021-02-01');
  });

  it('reads the day of a value', () => {
    expect(dayOf('2021-05-01T10:00:00')).toBe('2021-05-01');
    expect(dayOf('2021-05-01')).toBe('2021-05-01');
    expect(dayOf(null)).toBeNull();
    expect(dayOf('soon')).toBeNull();
    const zoned = new Date('2021-05-01T10:00:00Z');
    expect(dayOf('2021-05-01T10:00:00Z')).toBe(
      `${zoned.getFullYear()}-${String(zoned.getMonth() + 1).padStart(2, '0')}-${String(zoned.getDate()).padStart(2, '0')}`,
    );
  });

  it('reads only the shown range', () => {
    expect(rangeFilter('due', null, 'date', '2026-10-26', '2026-12-06')).toEqual({ due: { _between: ['2026-10-26', '2026-12-06'] } });
    expect(rangeFilter('due', 'until', 'dateTime', '2026-10-26', '2026-12-06')).toEqual({
      _or: [
        { due: { _between: ['2026-10-26T00:00:00', '2026-12-06T23:59:59'] } },
        { _and: [{ due: { _lte: '2026-12-06T23:59:59' } }, { until: { _gte: '2026-10-26T00:00:00' } }] },
      ],
    });
    expect(bothFilters(null, { a: 1 })).toEqual({ a: 1 });
    expect(bothFilters({ b: 2 }, { a: 1 })).toEqual({ _and: [{ b: 2 }, { a: 1 }] });
  });

  it('places items on their days, spanning to their end', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
    const rows = [
      { id: 1, due: '2026-11-02T09:00:00', until: null },
      { id: 2, due: '2026-10-30T09:00:00', until: '2026-11-02T09:00:00' },
      { id: 3, due: null, until: null },
    ];
    const placed = itemsByDay(rows, 'due', 'until', days);
    expect(placed.get('2026-11-01')!.map((r) => r.id)).toEqual([2]);
    expect(placed.get('2026-11-02')!.map((r) => r.id)).toEqual([1, 2]);
    expect(placed.get('2026-11-03')).toEqual([]);
    expect(itemsByDay(rows, 'due', null, days).get('2026-11-01')).toEqual([]);
  });

  it('lays out a week from its Monday', () => {
    expect(weekOf('2026-11-28', today)).toBe('2026-11-23');
    expect(weekOf('2026-11-23', today)).toBe('2026-11-23');
    expect(weekOf('nonsense', today)).toBe('2026-11-23');
    expect(weekOf('2026-03-01', today)).toBe('2026-02-23');
    expect(shiftDay('2026-12-28', 7)).toBe('2027-01-04');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(weekTitle('2026-11-23')).toBe('Week of November 23, 2026');
  });
});

describe('the calendar in the app’s language', () => {
  it('names months and weekdays, Monday first, in English and in German', () => {
    expect(weekdayNames()[0]).toEqual({ long: 'Monday', short: 'Mon' });
    expect(weekdayNames()[6]).toEqual({ long: 'Sunday', short: 'Sun' });
    setCatalogue('de', { 'Week of {date}': 'Woche vom {date}' });
    try {
      expect(monthTitle({ year: 2026, month: 3 })).toBe('März 2026');
      expect(weekdayNames().map((day) => day.long)).toEqual([
        'Montag',
        'Dienstag',
        'Mittwoch',
        'Donnerstag',
        'Freitag',
        'Samstag',
        'Sonntag',
      ]);
      expect(weekTitle('2026-11-23')).toBe('Woche vom 23. November 2026');
    } finally {
      setCatalogue('en', {});
    }
  });
});
