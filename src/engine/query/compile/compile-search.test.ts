import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineFixture, FIXTURE_IDS, idsOf, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import type { Filter } from '../query.types.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

const searched = async (search: string, collection = 'articles', filter?: Filter) =>
  idsOf(await fx.read(collection, { fields: ['id'], search, filter, limit: -1 }));

describe('compileSearch', () => {
  const cases: { name: string; search: string; ids: number[]; collection?: string; filter?: Filter }[] = [
    { name: 'string and text fields, case-insensitively', search: 'hello', ids: [1, 5] },
    { name: 'an upper-case term', search: 'HELLO', ids: [1, 5] },
    { name: 'a text field only', search: 'post body', ids: [1] },
    { name: 'a csv field', search: 'intro', ids: [1] },
    { name: 'a unicode term', search: 'café', ids: [4] },
    { name: 'a unicode term in upper case', search: 'CAFÉ', ids: [4] },
    { name: 'a German term in lower case, upper case in the row (Über)', search: 'über', ids: [4] },
    { name: 'a German and French term in upper case', search: 'ÜBER CAFÉ', ids: [4] },
    { name: 'accents counting (über café is not the slug uber-cafe)', search: 'uber c', ids: [] },
    { name: 'the slug uber-cafe, without accents', search: 'UBER-', ids: [4] },
    { name: 'a number too big for an integer column', search: '99999999999', ids: [] },
    { name: 'a number: numeric fields exactly, text fields as a substring', search: '100', ids: [1, 2, 5] },
    { name: 'a decimal number: decimal fields only (integers never match a fraction)', search: '9.99', ids: [1] },
    { name: 'zero', search: '0', ids: [2, 3] },
    { name: 'LIKE wildcards literally', search: '%_', ids: [2] },
    { name: 'the escape character literally', search: 'off!', ids: [2] },
    { name: 'a backslash literally', search: '\\deals\\', ids: [2] },
    { name: 'nothing that matches', search: 'zzz', ids: [] },
    { name: 'an empty term (no search)', search: '', ids: [1, 2, 3, 4, 5, 6] },
    { name: 'together with a filter', search: 'hello', filter: { views: { _lt: 500 } }, ids: [1] },
    { name: 'a uuid: uuid fields exactly', search: FIXTURE_IDS.userAda, collection: 'authors', ids: [1] },
    { name: 'a uuid in upper case', search: FIXTURE_IDS.roleEditor.toUpperCase(), collection: 'authors', ids: [2] },
    { name: 'email and name fields', search: 'ADA', collection: 'authors', ids: [1] },
    { name: 'a float', search: '3.25', collection: 'authors', ids: [2] },
    { name: 'not concealed fields', search: 's3cret', collection: 'authors', ids: [] },
    { name: 'CJK text', search: '李', collection: 'authors', ids: [4] },
    { name: 'an attack string as data', search: "'; drop table articles; --", ids: [] },
  ];
  it.each(cases)('searches $name', async ({ search, ids, collection, filter }) => {
    expect(await searched(search, collection, filter)).toEqual(ids);
  });

  it('skips fields marked not searchable', async () => {
    await fx.knex('service_fields').insert({ collection: 'articles', field: 'body', searchable: fx.dialect.toDatabase('boolean', false) });
    await fx.refreshSchema();
    try {
      expect(await searched('post body')).toEqual([]);
      expect(await searched('hello')).toEqual([1, 5]);
    } finally {
      await fx.knex('service_fields').where({ collection: 'articles', field: 'body' }).delete();
      await fx.refreshSchema();
    }
  });
});
