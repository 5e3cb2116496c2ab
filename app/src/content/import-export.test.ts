import { describe, expect, it } from 'vitest';
import { exportDownloadUrl, exportQuery } from './import-export.js';

describe('exportQuery and exportDownloadUrl', () => {
  const scope = { fields: ['id', 'title'], filter: { pages: { _gt: 3 } }, search: 'war' };

  it("takes the shown columns and the list's filter and search only when asked", () => {
    expect(exportQuery(scope, { shownFields: true, filtered: true })).toEqual({
      limit: -1,
      fields: ['id', 'title'],
      filter: { pages: { _gt: 3 } },
      search: 'war',
    });
    expect(exportQuery(scope, { shownFields: false, filtered: false })).toEqual({ limit: -1 });
  });

  it('builds an /items address with the query and the format', () => {
    const url = exportDownloadUrl('my books', 'csv', { limit: -1, fields: ['id', 'title'] });
    expect(url.startsWith('/items/my%20books?')).toBe(true);
    const params = new URLSearchParams(url.split('?')[1]);
    expect(params.get('export')).toBe('csv');
    expect(params.get('fields')).toBe('id,title');
    expect(params.get('limit')).toBe('-1');
  });
});
