import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../../tests/support/build-test-server.js';
import { parseQuerystring } from './querystring.js';

let server: FastifyInstance | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('parseQuerystring', () => {
  it('turns bracket syntax into nested objects and arrays', () => {
    expect(parseQuerystring('filter[a][_eq]=1&fields[]=a&fields[]=b&sort=-id,title')).toEqual({
      filter: { a: { _eq: '1' } },
      fields: ['a', 'b'],
      sort: '-id,title',
    });
  });

  it('keeps JSON strings as strings (the query engine decodes them)', () => {
    expect(parseQuerystring(`filter=${encodeURIComponent('{"a":{"_eq":1}}')}`)).toEqual({ filter: '{"a":{"_eq":1}}' });
  });

  it('stops expanding past depth 10', () => {
    const deep = `a${'[b]'.repeat(50)}=1`;
    const parsed = parseQuerystring(deep);
    let node: unknown = parsed['a'];
    let depth = 0;
    while (node !== null && typeof node === 'object' && 'b' in node) {
      node = (node as Record<string, unknown>)['b'];
      depth++;
    }
    expect(depth).toBe(10);
  });

  it('keeps at most 1000 parameters', () => {
    const input = Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&');
    expect(Object.keys(parseQuerystring(input))).toHaveLength(1000);
  });

  it('turns indexes above 500 into object keys instead of huge sparse arrays', () => {
    const parsed = parseQuerystring('a[100000]=x');
    expect(Array.isArray(parsed['a'])).toBe(false);
  });

  it('does not let __proto__ reach the prototype', () => {
    const parsed = parseQuerystring('__proto__[admin]=true&a[__proto__][admin]=true');
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});

describe('buildServer query strings', () => {
  it('gives route handlers the raw nested object', async () => {
    server = buildTestServer().server;
    const res = await server.inject('/test/query?filter[a][_eq]=1&deep[author][_limit]=2');
    expect(res.json()).toEqual({ data: { filter: { a: { _eq: '1' } }, deep: { author: { _limit: '2' } } } });
  });

  it('survives 10,000 parameters and depth 50 without a 500', async () => {
    server = buildTestServer().server;
    const many = Array.from({ length: 10_000 }, (_, i) => `filter[f${i}][_eq]=${i}`).join('&');
    const wide = await server.inject(`/test/query?${many}`);
    expect(wide.statusCode).toBe(200);
    expect(Object.keys(wide.json().data.filter).length).toBeLessThanOrEqual(1000);

    const deep = await server.inject(`/test/query?filter${'[a]'.repeat(50)}=1`);
    expect(deep.statusCode).toBe(200);

    const junk = await server.inject('/test/query?%E0%A4%A=%&[]=&a[=]&&&=');
    expect(junk.statusCode).toBe(200);
  });
});
