/**
 * The cases of `npm run bench:relations`: the relational read of issue 27 over REST and GraphQL, each with the
 * same request every time ("fixed") and with a different page on every request ("pages": offsets 1,000,
 * 2,000, … 98,000 in turn, so no kept result of an earlier request can answer it).
 */
import { call, isRecord } from './api-client.js';
import type { LoadSpec } from './cases.js';
import type { LoadResult } from './load.js';

export type RelationServer = { label: string; port: number; pid: () => number; token: string };
export type Measured = { load: LoadResult; cpu: { server: number; runner: number; others: number } };

export type RelationCase = {
  id: string;
  title: string;
  /** A function that makes a fresh load spec (each warm-up and each measured load gets its own page counter). */
  spec: (server: RelationServer) => Promise<() => LoadSpec>;
};

export const LIMIT = 1000;
const PAGES = 98;
export const REST_PATH = `/items/articles?fields=*,tags.tags_id.name,author.name&limit=${LIMIT}`;
export const graphqlQuery = (offset?: number) =>
  `{ articles(limit: ${LIMIT}${offset === undefined ? '' : `, offset: ${offset}`}) { id title status views author { name } tags { tags_id { name } } } }`;

const headers = (server: RelationServer, json: boolean): Record<string, string> => ({
  ...(server.token ? { authorization: `Bearer ${server.token}` } : {}),
  ...(json ? { 'content-type': 'application/json' } : {}),
});

/** Page 1, 2, … PAGES, 1, … : the offset of the next request. */
function pages(): () => number {
  let next = 0;
  return () => ((next++ % PAGES) + 1) * LIMIT;
}

export const RELATION_CASES: RelationCase[] = [
  {
    id: 'rest',
    title: `GET ${REST_PATH}`,
    spec: (server) => Promise.resolve(() => ({ method: 'GET', path: REST_PATH, headers: headers(server, false) })),
  },
  {
    id: 'rest-pages',
    title: `the same, with &offset=1000, 2000, … (a different page on every request)`,
    spec: (server) =>
      Promise.resolve(() => {
        const offset = pages();
        return {
          method: 'GET',
          path: REST_PATH,
          headers: headers(server, false),
          hooks: { setupRequest: (request) => ({ ...request, path: `${REST_PATH}&offset=${offset()}` }), onResponse: () => undefined },
        };
      }),
  },
  {
    id: 'graphql',
    title: `POST /graphql ${graphqlQuery()}`,
    spec: (server) =>
      Promise.resolve(() => ({
        method: 'POST',
        path: '/graphql',
        headers: headers(server, true),
        body: JSON.stringify({ query: graphqlQuery() }),
      })),
  },
  {
    id: 'graphql-pages',
    title: 'the same, with offset: 1000, 2000, … (a different page on every request)',
    spec: (server) =>
      Promise.resolve(() => {
        const offset = pages();
        return {
          method: 'POST',
          path: '/graphql',
          headers: headers(server, true),
          body: JSON.stringify({ query: graphqlQuery(LIMIT) }),
          hooks: {
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ query: graphqlQuery(offset()) }) }),
            onResponse: () => undefined,
          },
        };
      }),
  },
];

/** The value with every object's keys sorted (key order is not part of what a client reads). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}

/** Sends each server the case's first request and compares the answers with Stratum's (bytes, same JSON?). */
export async function sameJson(benchCase: RelationCase, servers: RelationServer[]): Promise<string> {
  const answers: { label: string; bytes: number; body: unknown; text: string }[] = [];
  for (const server of servers) {
    const spec = (await benchCase.spec(server))();
    const request = spec.hooks ? spec.hooks.setupRequest({ body: spec.body, path: spec.path }, {}) : spec;
    const body = request.body === undefined ? undefined : (JSON.parse(String(request.body)) as unknown);
    const answer = await call(server.port, request.path ?? spec.path, {
      method: spec.method,
      token: server.token || undefined,
      body,
      timeoutMs: 300_000,
    });
    answers.push({ label: server.label, bytes: answer.bytes, body: answer.body, text: answer.text });
  }
  const [first, ...others] = answers;
  if (!first) return '';
  const reference = JSON.stringify(canonical(first.body));
  const parts = others.map((a) => {
    const same = JSON.stringify(canonical(a.body)) === reference;
    return `${a.label} ${a.bytes.toLocaleString('en-US')} B, ${same ? 'same JSON' : `**differs**: ${a.text.slice(0, 160)}`}`;
  });
  return `\`${benchCase.id}\`: ${first.label} ${first.bytes.toLocaleString('en-US')} B; ${parts.join('; ')}`;
}
