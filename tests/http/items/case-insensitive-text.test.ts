import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

/**
 * The case-insensitive operators (`_icontains`, `_nicontains`, `_istarts_with`, `_iends_with`) and `search` in French,
 * German and Danish, through REST, on the run's vendor (decision 0054): Unicode's lower case on both sides on every
 * vendor (SQLite's own LOWER() knows ASCII only), accents counting, ß one letter, LIKE's wildcards as data.
 */
describe('case-insensitive matching beyond ASCII', () => {
  let t: TestApp;
  const WORDS = ['ÉCOLE normale', 'une école', 'Ecole', 'ÖL', 'öl', 'Straße', 'STRASSE', 'ÆØÅ', '100% _Été_'];

  beforeAll(async () => {
    t = await createTestApp();
    const created = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'words',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'word', type: 'string' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const inserted = await t.request('POST', '/items/words', { token: t.adminToken, body: WORDS.map((word) => ({ word })) });
    expect(inserted.statusCode).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  const words = async (query: string, token: string | null = t.adminToken): Promise<string[]> => {
    const response = await t.request('GET', `/items/words?fields=word&limit=-1&${query}`, { token });
    expect(response.statusCode).toBe(200);
    return dataOf<{ word: string }[]>(response)
      .map((row) => row.word)
      .sort();
  };
  const filter = (operator: string, value: string) => `filter[word][${operator}]=${encodeURIComponent(value)}`;
  const sorted = (list: string[]) => [...list].sort();

  it.each([
    ['_icontains', 'école', ['ÉCOLE normale', 'une école']],
    ['_icontains', 'ÉCOLE', ['ÉCOLE normale', 'une école']],
    ['_icontains', 'Öl', ['ÖL', 'öl']],
    ['_icontains', 'æøå', ['ÆØÅ']],
    ['_icontains', 'été', ['100% _Été_']],
    ['_istarts_with', 'éCOLE', ['ÉCOLE normale']],
    ['_iends_with', 'ÉCOLE', ['une école']],
    ['_iends_with', 'STRAßE', ['Straße']],
  ])('%s %s matches whatever the case', async (operator, value, expected) => {
    expect(await words(filter(operator, value))).toEqual(sorted(expected));
  });

  it('negates: _nicontains, _nistarts_with, _niends_with', async () => {
    const others = WORDS.filter((word) => !['ÉCOLE normale', 'une école'].includes(word));
    expect(await words(filter('_nicontains', 'École'))).toEqual(sorted(others));
    expect(await words(filter('_nistarts_with', 'öl'))).toEqual(sorted(WORDS.filter((word) => !['ÖL', 'öl'].includes(word))));
    expect(await words(filter('_niends_with', 'OLE'))).toEqual(sorted(WORDS.filter((word) => !['Ecole', 'une école'].includes(word))));
  });

  it('lets accents count (e is not é) and keeps ß one letter (STRASSE is not Straße), on every vendor', async () => {
    expect(await words(filter('_icontains', 'ecole'))).toEqual(['Ecole']);
    expect(await words(filter('_icontains', 'strasse'))).toEqual(['STRASSE']);
    expect(await words(filter('_icontains', 'straße'))).toEqual(['Straße']);
  });

  it('searches the same way', async () => {
    expect(await words('search=ÉCOLE')).toEqual(sorted(['ÉCOLE normale', 'une école']));
    expect(await words(`search=${encodeURIComponent('öl')}`)).toEqual(sorted(['ÖL', 'öl']));
    expect(await words('search=ecole')).toEqual(['Ecole']);
  });

  it('matches LIKE wildcards and the escape character as data', async () => {
    expect(await words(filter('_icontains', '%'))).toEqual(['100% _Été_']);
    expect(await words(filter('_icontains', '_été_'))).toEqual(['100% _Été_']);
    // As a wildcard, `_` would match the "%" of "100%".
    expect(await words(filter('_icontains', '0_'))).toEqual([]);
    expect(await words(filter('_icontains', '!'))).toEqual([]);
    expect(await words(`search=${encodeURIComponent('% _')}`)).toEqual(['100% _Été_']);
    expect(await words(`search=${encodeURIComponent('_')}`)).toEqual(['100% _Été_']);
  });

  it('refuses an empty or non-scalar value with 400 INVALID_QUERY', async () => {
    expectError(await t.request('GET', `/items/words?${filter('_icontains', '')}`, { token: t.adminToken }), 400, 'INVALID_QUERY');
    expectError(await t.request('GET', '/items/words?filter={"word":{"_icontains":["a"]}}', { token: t.adminToken }), 400, 'INVALID_QUERY');
  });

  it('answers 403 to a reader without read access, whatever the filter', async () => {
    expectError(await t.request('GET', `/items/words?${filter('_icontains', 'école')}`, { token: null }), 403, 'FORBIDDEN');
    const { token } = await t.userWith({ permissions: [{ collection: 'words', action: 'read', fields: ['id'] }] });
    expectError(await t.request('GET', `/items/words?${filter('_icontains', 'école')}`, { token }), 403, 'FORBIDDEN');
  });
});
