import {
  createDirectus,
  createTranslation,
  deleteTranslations,
  readTranslations,
  rest,
  staticToken,
  updateTranslation,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

type Row = Record<string, unknown>;

/** `/translations` (service_translations): CRUD and batches, app-access reads, permissions, bad input, activity, GraphQL, SDK. */
describe('translations', () => {
  let t: TestApp;
  let adminId: string;
  let reader: { token: string; userId: string };
  let api: { token: string; userId: string };
  let url = '';

  const admin = async (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const create = async (body: Row) => {
    const response = await admin('POST', '/translations', body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    adminId = dataOf<Row>(await admin('GET', '/users/me?fields=id')).id as string;
    reader = await t.userWith({ appAccess: true });
    api = await t.userWith({ appAccess: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates and deletes translation strings, one and in batches', async () => {
    const one = await create({ language: 'de-DE', key: 'public_label', value: 'Öffentlich' });
    expect(one).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), language: 'de-DE', key: 'public_label', value: 'Öffentlich' });
    const many = await admin('POST', '/translations', [
      { language: 'fr-FR', key: 'greeting', value: 'Bonjour' },
      { language: 'en-US', key: 'greeting', value: 'Hello' },
    ]);
    expect(many.statusCode, many.body).toBe(200);
    const ids = dataOf<Row[]>(many).map((r) => r.id as string);
    expect(ids).toHaveLength(2);

    const listed = dataOf<Row[]>(await admin('GET', '/translations?filter[key][_eq]=greeting&sort=language&fields=language,value'));
    expect(listed).toEqual([
      { language: 'en-US', value: 'Hello' },
      { language: 'fr-FR', value: 'Bonjour' },
    ]);
    const patched = await admin('PATCH', `/translations/${String(one.id)}`, { value: 'Publik' });
    expect(dataOf<Row>(patched).value).toBe('Publik');
    const batch = await admin('PATCH', '/translations', { keys: ids, data: { value: 'Hi' } });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(dataOf<Row[]>(await admin('GET', '/translations?filter[key][_eq]=greeting&fields=value')).map((r) => r.value)).toEqual([
      'Hi',
      'Hi',
    ]);
    expect((await admin('DELETE', '/translations', ids)).statusCode).toBe(204);
    expect((await admin('DELETE', `/translations/${String(one.id)}`)).statusCode).toBe(204);
    expectError(await admin('GET', `/translations/${String(one.id)}`), 403, 'FORBIDDEN');
  });

  it('lets every app user read them, and only a policy write them; refuses anonymous and API-only users', async () => {
    const row = await create({ language: 'en-US', key: 'readable', value: 'Readable' });
    const read = await t.request('GET', '/translations?filter[key][_eq]=readable&fields=key,value', { token: reader.token });
    expect(dataOf<Row[]>(read)).toEqual([{ key: 'readable', value: 'Readable' }]);
    expectError(await t.request('GET', '/translations'), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/translations', { token: api.token }), 403, 'FORBIDDEN');
    const body = { language: 'en-US', key: 'nope', value: 'Nope' };
    expectError(await t.request('POST', '/translations', { token: reader.token, body }), 403, 'FORBIDDEN');
    expectError(
      await t.request('PATCH', `/translations/${String(row.id)}`, { token: reader.token, body: { value: 'x' } }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.request('DELETE', `/translations/${String(row.id)}`, { token: reader.token }), 403, 'FORBIDDEN');

    const translator = await t.userWith({
      appAccess: false,
      permissions: [
        { collection: 'service_translations', action: 'create', fields: ['*'] },
        { collection: 'service_translations', action: 'read', fields: ['*'], permissions: { language: { _eq: 'it-IT' } } },
      ],
    });
    const made = await t.request('POST', '/translations', {
      token: translator.token,
      body: { language: 'it-IT', key: 'ciao', value: 'Ciao' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const seen = dataOf<Row[]>(await t.request('GET', '/translations?fields=language&limit=-1', { token: translator.token }));
    expect(seen.every((r) => r.language === 'it-IT')).toBe(true);
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const count = async () => Number(dataOf<Row[]>(await admin('GET', '/translations?aggregate[count]=*'))[0]!.count);
    const before = await count();
    for (const body of [
      { key: 'k', value: 'v' },
      { language: 'en-US', value: 'v' },
      { language: 'en-US', key: 'k' },
      { language: '  ', key: 'k', value: 'v' },
      { language: 'en-US', key: 7, value: 'v' },
      { language: 'en-US', key: 'k', value: { nested: true } },
      { language: 'en-US', key: 'k', value: 'v', unknown_field: 1 },
      { language: 'x'.repeat(300), key: 'k', value: 'v' },
      [{ language: 'en-US', key: 'ok', value: 'ok' }, { language: 'en-US' }],
      'not an object',
    ]) {
      const response = await admin('POST', '/translations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ extensions: { code: expect.any(String) } }] });
    }
    const row = await create({ language: 'en-US', key: 'kept', value: 'Kept' });
    expectError(await admin('PATCH', `/translations/${String(row.id)}`, { key: '' }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('PATCH', `/translations/${String(row.id)}`, { value: null }), 400, 'INVALID_PAYLOAD');
    expect(await count()).toBe(before + 1);
  });

  it('records activity and revisions for writes', async () => {
    const row = await create({ language: 'en-US', key: 'audited', value: 'One' });
    await admin('PATCH', `/translations/${String(row.id)}`, { value: 'Two' });
    const rows = dataOf<Row[]>(
      await admin(
        'GET',
        `/activity?filter[collection][_eq]=service_translations&filter[item][_eq]=${String(row.id)}&fields=action,user,revisions.delta&sort=id`,
      ),
    );
    expect(rows).toEqual([
      { action: 'create', user: adminId, revisions: [{ delta: expect.objectContaining({ key: 'audited', value: 'One' }) }] },
      { action: 'update', user: adminId, revisions: [{ delta: { value: 'Two' } }] },
    ]);
  });

  it('serves GraphQL system fields and the Directus SDK commands', async () => {
    const data = await gqlData<{ create_translations_item: Row }>(
      t,
      'mutation { create_translations_item(data: {language: "nl-NL", key: "gql", value: "Via GraphQL"}) { language key value } }',
      { token: t.adminToken },
    );
    expect(data.create_translations_item).toEqual({ language: 'nl-NL', key: 'gql', value: 'Via GraphQL' });
    const read = await gqlData<{ translations: Row[] }>(t, '{ translations(filter: {key: {_eq: "gql"}}) { value } }', {
      token: reader.token,
    });
    expect(read.translations).toEqual([{ value: 'Via GraphQL' }]);

    const sdk = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    const made = await sdk.request(createTranslation({ language: 'es-ES', key: 'sdk', value: 'Hola' }));
    await sdk.request(updateTranslation(made.id, { value: 'Buenas' }));
    expect(await sdk.request(readTranslations({ filter: { key: { _eq: 'sdk' } }, fields: ['value'] }))).toEqual([{ value: 'Buenas' }]);
    await sdk.request(deleteTranslations([made.id]));
    expect(await sdk.request(readTranslations({ filter: { key: { _eq: 'sdk' } } }))).toEqual([]);
  });

  it('answers to the Directus name in permissions: a rule on directus_translations is a rule on service_translations', async () => {
    const user = await t.userWith({
      appAccess: false,
      permissions: [{ collection: 'directus_translations', action: 'read', fields: ['*'] }],
    });
    const response = await t.request('GET', '/translations?limit=1', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
  });
});
