import { describe, expect, it } from 'vitest';
import { emailsOf, shareLink, sharePayload } from './shares-api.js';

describe('shares api', () => {
  it('builds a share payload from the dialog texts, leaving empty ones out', () => {
    expect(sharePayload('articles', '1', { name: '', password: '', date_start: '', date_end: '', max_uses: '' })).toEqual({
      collection: 'articles',
      item: '1',
    });
    const full = sharePayload('articles', '1', {
      name: ' Review ',
      password: 'pw',
      date_start: '2030-01-01T10:00',
      date_end: '2030-01-02T10:00',
      max_uses: '3',
    });
    expect(full).toMatchObject({ name: 'Review', password: 'pw', max_uses: 3 });
    expect(typeof full.date_start).toBe('string');
    expect(Date.parse(String(full.date_end))).toBeGreaterThan(Date.parse(String(full.date_start)));
  });

  it('reads addresses from a separated text and makes the public link', () => {
    expect(emailsOf(' a@example.com, b@example.com;c@example.com  ')).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(emailsOf('  ')).toEqual([]);
    expect(shareLink('abc', 'https://cms.example.com')).toBe('https://cms.example.com/admin/shared/abc');
  });
});
