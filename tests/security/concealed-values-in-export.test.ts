import { describe, expect, it } from 'vitest';
import { expectError } from '../setup/expect-error.js';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

const FORMATS = ['csv', 'json', 'xml', 'yaml'] as const;

/**
 * Threat: `?export=` writes a file from the same read, and a format that escaped the read's masking (or a
 * query position it does not check) would put concealed values in the file. Every format holds the mask for
 * concealed fields (own and related), none of the reader's unreadable fields or rows, and a concealed sort or
 * group is refused before any file is written.
 */
describe('concealed values in exports', () => {
  const fx = useConcealedFixture();

  const get = (url: string) => fx.t.request('GET', url, { token: fx.f.reader.token });

  it.each(FORMATS)('%s: concealed fields are masked, unreadable fields and rows absent', async (format) => {
    for (const url of [
      `/items/vault?export=${format}&fields=*,owner.*,notes.*&limit=-1`,
      `/items/vault?export=${format}&fields=label,x&alias[x]=secret&limit=-1`,
      `/users?export=${format}&fields=*&limit=-1`,
      `/items/vault?export=${format}&aggregate[count]=secret&groupBy[]=owner`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expectNoSecret(response);
      expect(response.body).not.toContain('private-delta');
      if (!url.includes('aggregate')) expect(response.body, url).toContain('**********');
    }
  });

  it.each(FORMATS)('%s: a sort, group or function of a concealed field is refused (403), no file', async (format) => {
    for (const url of [
      `/items/vault?export=${format}&sort=secret`,
      `/items/vault?export=${format}&sort=owner.token`,
      `/users?export=${format}&groupBy[]=password`,
      `/users?export=${format}&aggregate[max]=token`,
      `/items/vault?export=${format}&fields=year(secret_at)`,
    ]) {
      const response = await get(url);
      expectError(response, 403, 'FORBIDDEN');
      expect(response.headers['content-disposition']).toBeUndefined();
      expectNoSecret(response);
    }
  });
});
