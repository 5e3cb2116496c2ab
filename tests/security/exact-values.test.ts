import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { gqlData } from '../graphql/graphql-request.js';

type Row = Record<string, unknown>;

/**
 * Threat: silent data loss. A decimal or a 64-bit integer passes through a JavaScript number somewhere between
 * the request and the row, so the database keeps a different value from the one the API acknowledged (money
 * amounts, external ids). Every vendor must store, answer, record (revision delta) and compare exactly.
 */
describe('exact decimals and big integers', () => {
  let t: TestApp;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    t = await createTestApp();
    const response = await admin('POST', '/collections', {
      collection: 'ledger',
      schema: {},
      meta: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: {} },
        { field: 'amount', type: 'decimal', schema: { numeric_precision: 30, numeric_scale: 10 }, meta: {} },
        { field: 'price', type: 'decimal', schema: { numeric_precision: 10, numeric_scale: 2 }, meta: {} },
        { field: 'big', type: 'bigInteger', schema: {}, meta: {} },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const BIG_DECIMAL = '12345678901234567890.1234567891';
  const BIG_INTEGER = '9223372036854775807';
  const NEAR_LIMIT = '9007199254740993';

  /** The latest revision's delta; its copy of the item (`data`) must hold the same values. */
  async function revisionDelta(id: unknown): Promise<Row> {
    const response = await admin('GET', `/revisions?filter[collection][_eq]=ledger&filter[item][_eq]=${String(id)}&sort=-id&limit=1`);
    expect(response.statusCode, response.body).toBe(200);
    const revision = dataOf<{ delta: Row; data: Row }[]>(response)[0]!;
    expect(revision.data).toMatchObject(revision.delta);
    return revision.delta;
  }

  /** PostgreSQL and MariaDB keep every digit; SQLite keeps 15 significant digits and safe integers (decision 0046). */
  const exact = () => t.vendor !== 'sqlite';

  it('stores, answers, records and reads back a 30-digit decimal and a bigint above 2^53 exactly', async () => {
    const created = await admin('POST', '/items/ledger', { amount: BIG_DECIMAL, big: BIG_INTEGER });
    if (!exact()) {
      expectError(created, 400, 'VALUE_OUT_OF_RANGE');
      expectError(await admin('POST', '/items/ledger', { big: NEAR_LIMIT }), 400, 'VALUE_OUT_OF_RANGE');
      expect(await t.app.knex('ledger').count({ n: '*' })).toEqual([{ n: 0 }]);
      return;
    }
    expect(created.statusCode, created.body).toBe(200);
    const row = dataOf(created);
    expect(row).toMatchObject({ amount: BIG_DECIMAL, big: BIG_INTEGER });
    expect(await revisionDelta(row.id)).toMatchObject({ amount: BIG_DECIMAL, big: BIG_INTEGER });
    const read = dataOf(await admin('GET', `/items/ledger/${String(row.id)}`));
    expect(read).toMatchObject({ amount: BIG_DECIMAL, big: BIG_INTEGER });
    const listed = dataOf<Row[]>(await admin('GET', '/items/ledger?fields=amount,big'));
    expect(listed).toEqual([{ amount: BIG_DECIMAL, big: BIG_INTEGER }]);
  });

  it('keeps the digits an update sends, and the negative end of the bigint range', async () => {
    const created = dataOf(await admin('POST', '/items/ledger', { amount: 1, big: 1 }));
    const small = await admin('PATCH', `/items/ledger/${String(created.id)}`, { amount: '-0.0000000001', big: '-9007199254740991' });
    expect(small.statusCode, small.body).toBe(200);
    expect(dataOf(small)).toMatchObject({ amount: -1e-10, big: -9007199254740991 });
    expect(await revisionDelta(created.id)).toMatchObject({ amount: -1e-10, big: -9007199254740991 });
    if (!exact()) {
      expectError(await admin('PATCH', `/items/ledger/${String(created.id)}`, { big: '-9223372036854775808' }), 400, 'VALUE_OUT_OF_RANGE');
      expectError(await admin('PATCH', `/items/ledger/${String(created.id)}`, { amount: '1234567890.1234567' }), 400, 'VALUE_OUT_OF_RANGE');
      expect(dataOf(await admin('GET', `/items/ledger/${String(created.id)}`))).toMatchObject({ amount: -1e-10, big: -9007199254740991 });
      return;
    }
    const patched = await admin('PATCH', `/items/ledger/${String(created.id)}`, {
      amount: '99999999999999999999.9999999999',
      big: '-9223372036854775808',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(dataOf(patched)).toMatchObject({ amount: '99999999999999999999.9999999999', big: '-9223372036854775808' });
    expect(await revisionDelta(created.id)).toMatchObject({ amount: '99999999999999999999.9999999999', big: '-9223372036854775808' });
    expect(dataOf(await admin('GET', `/items/ledger/${String(created.id)}`))).toMatchObject({
      amount: '99999999999999999999.9999999999',
      big: '-9223372036854775808',
    });
  });

  it('answers numbers for values a JSON number holds exactly (as before)', async () => {
    const created = await admin('POST', '/items/ledger', { amount: 12.5, price: '19.99', big: 1234567890123 });
    expect(dataOf(created)).toMatchObject({ amount: 12.5, price: 19.99, big: 1234567890123 });
    expect(dataOf(await admin('GET', `/items/ledger/${String(dataOf(created).id)}`))).toMatchObject({
      amount: 12.5,
      price: 19.99,
      big: 1234567890123,
    });
  });

  it('acknowledges what is stored when a decimal has more places than the column keeps', async () => {
    const created = await admin('POST', '/items/ledger', { price: '2.345' });
    expect(created.statusCode, created.body).toBe(200);
    const row = dataOf(created);
    expect(row.price).toBe(2.35);
    expect(await revisionDelta(row.id)).toMatchObject({ price: 2.35 });
    expect(dataOf(await admin('GET', `/items/ledger/${String(row.id)}`)).price).toBe(2.35);
    const negative = dataOf(await admin('POST', '/items/ledger', { price: -2.345 }));
    expect(negative.price).toBe(-2.35);
    expect(dataOf(await admin('GET', `/items/ledger/${String(negative.id)}`)).price).toBe(-2.35);
  });

  it('refuses what the column cannot hold with a 400, never a 500 or a rounded value', async () => {
    await t.app.knex('ledger').delete();
    expectError(await admin('POST', '/items/ledger', { big: '9223372036854775808' }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await admin('POST', '/items/ledger', { big: '-9223372036854775809' }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await admin('POST', '/items/ledger', { big: 2 ** 60 }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await admin('POST', '/items/ledger', { price: '123456789.5' }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await admin('POST', '/items/ledger', { price: '99999999.995' }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await admin('POST', '/items/ledger', { amount: '1e400' }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await admin('POST', '/items/ledger', { amount: 'NaN' }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('POST', '/items/ledger', { amount: '12abc' }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('POST', '/items/ledger', { amount: true }), 400, 'INVALID_PAYLOAD');
    expectError(await admin('POST', '/items/ledger', { big: '12.5' }), 400, 'INVALID_PAYLOAD');
    expect(await t.app.knex('ledger').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('compares big values exactly in _eq, _gt and _in filters', async () => {
    await t.app.knex('ledger').delete();
    // Written past the API so that SQLite holds them too (its INTEGER keeps 64 bits; only reads go through a double).
    await t.app.knex('ledger').insert([
      { id: 1, big: NEAR_LIMIT, amount: exact() ? BIG_DECIMAL : null },
      { id: 2, big: '9007199254740992', amount: exact() ? '12345678901234567890.1234567892' : null },
    ]);
    const ids = async (query: string) => {
      const response = await admin('GET', `/items/ledger?fields=id&sort=id&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<Row[]>(response).map((row) => row.id);
    };
    expect(await ids(`filter[big][_eq]=${NEAR_LIMIT}`)).toEqual([1]);
    expect(await ids(`filter[big][_gt]=9007199254740992`)).toEqual([1]);
    expect(await ids(`filter[big][_in]=${NEAR_LIMIT},1`)).toEqual([1]);
    expect(await ids(`filter[big][_lt]=${NEAR_LIMIT}`)).toEqual([2]);
    if (!exact()) return;
    expect(await ids(`filter[amount][_eq]=${BIG_DECIMAL}`)).toEqual([1]);
    expect(await ids(`filter[amount][_gt]=${BIG_DECIMAL}`)).toEqual([2]);
    expect(await ids(`filter[amount][_in]=${BIG_DECIMAL}`)).toEqual([1]);
    expect(await ids(`filter[amount][_lte]=12345678901234567890.12345678915`)).toEqual([1]);
  });

  it('keeps every digit through GraphQL: unquoted literals, answers and filters', async () => {
    await t.app.knex('ledger').delete();
    const token = t.adminToken;
    if (!exact()) {
      const refused = await t.request('POST', '/graphql', {
        token,
        body: { query: `mutation { create_ledger_item(data: {amount: ${BIG_DECIMAL}}) { id } }` },
      });
      expect(JSON.stringify(refused.json())).toContain('VALUE_OUT_OF_RANGE');
      return;
    }
    const created = await gqlData<{ create_ledger_item: Row }>(
      t,
      `mutation { create_ledger_item(data: {amount: ${BIG_DECIMAL}, big: "${NEAR_LIMIT}"}) { id amount big } }`,
      { token, scope: 'items' },
    );
    expect(created.create_ledger_item).toMatchObject({ amount: BIG_DECIMAL, big: NEAR_LIMIT });
    const found = await gqlData<{ ledger: Row[] }>(
      t,
      `{ ledger(filter: {amount: {_eq: ${BIG_DECIMAL}}, big: {_eq: ${NEAR_LIMIT}}}) { amount big } }`,
      { token, scope: 'items' },
    );
    expect(found.ledger).toEqual([{ amount: BIG_DECIMAL, big: NEAR_LIMIT }]);
    const none = await gqlData<{ ledger: Row[] }>(t, `{ ledger(filter: {amount: {_eq: 12345678901234567890.1234567892}}) { id } }`, {
      token,
      scope: 'items',
    });
    expect(none.ledger).toEqual([]);
  });

  it('keeps a big integer exact on the one-statement write path too (a collection of integers only, decision 0030)', async () => {
    const made = await admin('POST', '/collections', {
      collection: 'counters',
      schema: {},
      meta: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: {} },
        { field: 'hits', type: 'bigInteger', schema: {}, meta: {} },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const value = exact() ? BIG_INTEGER : '9007199254740991';
    const created = await admin('POST', '/items/counters', { hits: value });
    expect(created.statusCode, created.body).toBe(200);
    const id = String(dataOf(created).id);
    const expected = exact() ? BIG_INTEGER : 9007199254740991;
    expect(dataOf(created).hits).toBe(expected);
    const patched = await admin('PATCH', `/items/counters/${id}`, { hits: exact() ? NEAR_LIMIT : -9007199254740991 });
    expect(dataOf(patched).hits).toBe(exact() ? NEAR_LIMIT : -9007199254740991);
    const revisions = dataOf<{ delta: Row; data: Row }[]>(
      await admin('GET', `/revisions?filter[collection][_eq]=counters&filter[item][_eq]=${id}&sort=id`),
    );
    expect(revisions.map((r) => [r.delta.hits, r.data.hits])).toEqual([
      [expected, expected],
      [exact() ? NEAR_LIMIT : -9007199254740991, exact() ? NEAR_LIMIT : -9007199254740991],
    ]);
  });

  it('keeps every digit of a column default: in the schema, and in the rows it fills', async () => {
    const decimal = exact() ? BIG_DECIMAL : '1234567.12345678';
    const bigint = exact() ? BIG_INTEGER : '9007199254740991';
    const made = await admin('POST', '/collections', {
      collection: 'defaults',
      schema: {},
      meta: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: {} },
        { field: 'amount', type: 'decimal', schema: { numeric_precision: 30, numeric_scale: 10, default_value: decimal }, meta: {} },
        { field: 'big', type: 'bigInteger', schema: { default_value: bigint }, meta: {} },
        { field: 'note', type: 'string', schema: {}, meta: {} },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const schemaOf = async (field: string) => dataOf<{ schema: Row }>(await admin('GET', `/fields/defaults/${field}`)).schema.default_value;
    const numeric = (text: string) => (exact() ? text : Number(text));
    expect(await schemaOf('amount')).toBe(numeric(decimal));
    expect(await schemaOf('big')).toBe(numeric(bigint));
    const created = await admin('POST', '/items/defaults', { note: 'x' });
    expect(created.statusCode, created.body).toBe(200);
    expect(dataOf(await admin('GET', `/items/defaults/${String(dataOf(created).id)}`))).toMatchObject({
      amount: numeric(decimal),
      big: numeric(bigint),
    });
  });
});
