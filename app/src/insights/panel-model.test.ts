import { describe, expect, it } from 'vitest';
import {
  aggregateValue,
  chartSummary,
  formatMetric,
  groupPoints,
  panelRequest,
  renderTemplate,
  templateFields,
  timeSeriesPoints,
  type PanelRequest,
} from './panel-model.js';

type Aggregate = Extract<PanelRequest, { kind: 'aggregate' }>;

describe('panel requests', () => {
  it('asks a metric as one aggregate with its filter, count of every item by default', () => {
    expect(panelRequest('metric', { collection: 'orders', function: 'count', field: '' })).toEqual({
      kind: 'aggregate',
      collection: 'orders',
      aggregate: { count: '*' },
      groupBy: [],
      query: {},
    });
    expect(
      panelRequest('metric', { collection: 'orders', function: 'sum', field: 'total', filter: { status: { _eq: 'paid' } } }),
    ).toMatchObject({
      aggregate: { sum: 'total' },
      query: { filter: { status: { _eq: 'paid' } } },
    });
    expect(panelRequest('metric', { collection: 'orders', function: 'avg', field: '' })).toEqual({
      kind: 'none',
      reason: 'Choose a field in the panel settings.',
    });
  });

  it('groups a time series by the date parts of its precision, and a chart by its field', () => {
    expect(
      panelRequest('time-series', { collection: 'orders', function: 'count', valueField: '', dateField: 'placed', precision: 'day' }),
    ).toMatchObject({
      groupBy: ['year(placed)', 'month(placed)', 'day(placed)'],
      query: { limit: -1 },
    });
    expect(panelRequest('time-series', { collection: 'orders', valueField: 'id', dateField: 'placed', precision: 'week' })).toMatchObject({
      groupBy: ['year(placed)', 'week(placed)'],
    });
    expect(
      panelRequest('time-series', { collection: 'o', dateField: 'placed', range: '1 week', filter: { total: { _gt: 0 } } }),
    ).toMatchObject({ query: { limit: -1, filter: { _and: [{ total: { _gt: 0 } }, { placed: { _gte: '$NOW(-1 week)' } }] } } });
    expect(panelRequest('time-series', { collection: 'o', dateField: 'placed', range: '1 month' })).toMatchObject({
      query: { filter: { placed: { _gte: '$NOW(-1 month)' } } },
    });
    expect(panelRequest('time-series', { collection: 'o', dateField: 'placed', range: '2 eons' })).toMatchObject({ query: { limit: -1 } });
    expect(panelRequest('bar-chart', { collection: 'orders', function: 'max', valueField: 'total', groupField: 'status' })).toMatchObject({
      aggregate: { max: 'total' },
      groupBy: ['status'],
    });
  });

  it('reads a list with the fields of its template, sorted and limited', () => {
    expect(
      panelRequest('list', { collection: 'orders', displayTemplate: '{{ name }} – {{customer.name}}', sortField: 'placed', limit: 3 }),
    ).toEqual({
      kind: 'items',
      collection: 'orders',
      query: { fields: ['name', 'customer.name'], limit: 3, sort: ['-placed'] },
    });
    expect(templateFields('{{a}} {{a}} {{b.c}}')).toEqual(['a', 'b.c']);
    expect(renderTemplate('{{name}} ({{customer.name}}) {{missing}}', { name: 'One', customer: { name: 'Ann' } })).toBe('One (Ann) ');
  });

  it('asks nothing for labels, unknown types and panels without a collection', () => {
    expect(panelRequest('label', { text: 'Hi' })).toEqual({ kind: 'none', reason: null });
    expect(panelRequest('map', { collection: 'x' }).kind).toBe('none');
    expect(panelRequest('metric', null)).toEqual({ kind: 'none', reason: 'Choose a collection in the panel settings.' });
  });
});

describe('panel answers', () => {
  it('reads aggregate values as numbers, in both of Directus shapes', () => {
    expect(aggregateValue({ count: 3 }, { count: '*' })).toBe(3);
    expect(aggregateValue({ sum: { total: '12.5' } }, { sum: 'total' })).toBe(12.5);
    expect(aggregateValue({ avg: { total: null } }, { avg: 'total' })).toBeNull();
    expect(aggregateValue(undefined, { count: '*' })).toBeNull();
  });

  it('orders a time series in time and labels its points', () => {
    const request = panelRequest('time-series', { collection: 'o', dateField: 'placed', precision: 'day' }) as Aggregate;
    const rows = [
      { placed_year: 2026, placed_month: 11, placed_day: 2, count: 4 },
      { placed_year: '2026', placed_month: '10', placed_day: '30', count: '1' },
      { placed_year: null, placed_month: null, placed_day: null, count: 9 },
    ];
    expect(timeSeriesPoints(rows, request)).toEqual([
      { label: '2026-10-30', value: 1 },
      { label: '2026-11-02', value: 4 },
    ]);
    const weekly = panelRequest('time-series', { collection: 'o', dateField: 'placed', precision: 'week' }) as Aggregate;
    expect(timeSeriesPoints([{ placed_year: 2026, placed_week: 5, count: 2 }], weekly)).toEqual([{ label: '2026-W05', value: 2 }]);
  });

  it('orders bars by value and lines by group, within the limit', () => {
    const request = panelRequest('bar-chart', { collection: 'o', groupField: 'status', valueField: '' }) as Aggregate;
    const rows = [
      { status: 'b', count: 1 },
      { status: 'a', count: 5 },
      { status: null, count: 2 },
    ];
    expect(groupPoints(rows, request, 'value', 2).map((p) => p.label)).toEqual(['a', '(empty)']);
    expect(groupPoints(rows, request, 'group', 0).map((p) => p.label)).toEqual(['(empty)', 'a', 'b']);
  });

  it('formats metrics and summarises charts in words', () => {
    expect(formatMetric(1234.567, { decimals: 1, prefix: '€', suffix: ' total' })).toBe('€1,234.6 total');
    expect(formatMetric(null, null)).toBe('—');
    expect(chartSummary('Line chart', [])).toBe('Line chart: no data.');
    expect(
      chartSummary('Bar chart', [
        { label: 'a', value: 3 },
        { label: 'b', value: 1 },
      ]),
    ).toBe('Bar chart of 2 points, from a to b; lowest 1, highest 3.');
  });
});
