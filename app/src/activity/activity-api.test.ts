import { describe, expect, it } from 'vitest';
import { activityFilter, exportUrl } from './activity-api.js';

const none = { action: '', collection: '', user: '', from: '', to: '' };

describe('activityFilter', () => {
  it('is empty without choices, one rule for one choice, _and for several', () => {
    expect(activityFilter(none)).toEqual({});
    expect(activityFilter({ ...none, action: 'update' })).toEqual({ action: { _eq: 'update' } });
    expect(activityFilter({ ...none, user: 'u-1', action: 'login' })).toEqual({
      _and: [{ action: { _eq: 'login' } }, { user: { _eq: 'u-1' } }],
    });
    const both = activityFilter({ ...none, action: 'create', collection: ' articles ', from: '2026-01-01', to: '2026-01-31' }) as {
      _and: Record<string, unknown>[];
    };
    expect(both._and.slice(0, 2)).toEqual([{ action: { _eq: 'create' } }, { collection: { _eq: 'articles' } }]);
    const from = (both._and[2] as { timestamp: { _gte: string } }).timestamp._gte;
    const to = (both._and[3] as { timestamp: { _lt: string } }).timestamp._lt;
    // The whole of the last day is included.
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(31 * 86_400_000);
  });
});

describe('exportUrl', () => {
  it('asks /activity for a file with the same filter', () => {
    const url = new URL(exportUrl({ ...none, action: 'login', user: 'u-1' }, 'csv'), 'http://x');
    expect(url.pathname).toBe('/activity');
    expect(url.searchParams.get('export')).toBe('csv');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ _and: [{ action: { _eq: 'login' } }, { user: { _eq: 'u-1' } }] });
    expect(url.searchParams.get('limit')).toBe('-1');
  });
});
