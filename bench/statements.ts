/**
 * `npm run bench:statements [-- --db postgres|mysql]`: how many SQL statements (each a round trip on a server
 * database) one request of each bench case sends, and which. On PostgreSQL and MariaDB a statement costs a round
 * trip to another process, so this count, not the CPU of building it, sets most of the time of a request there.
 * Runs an app in this process on a fresh test database (tests/setup), the same schema as `npm run bench`.
 */
import { parseArgs } from 'node:util';
import { createTestApp } from '../tests/setup/create-test-app.js';
import { GRAPHQL_QUERY } from './lib/cases.js';

const { values } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' }, verbose: { type: 'boolean', default: false } } });
if (values.db !== 'sqlite') process.env.TEST_DB = values.db;

const t = await createTestApp();
const admin = t.adminToken;
const must = async (method: string, url: string, body?: unknown, token: string | null = admin) => {
  const response = await t.request(method, url, { token, body });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as { data: Record<string, unknown> & Record<string, unknown>[] };
};

await must('POST', '/collections', {
  collection: 'bench_articles',
  schema: {},
  fields: [
    { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
    { field: 'title', type: 'string', schema: {} },
    { field: 'status', type: 'string', schema: { default_value: 'draft', is_nullable: false } },
    { field: 'views', type: 'integer', schema: { default_value: 0 } },
    { field: 'author', type: 'uuid', meta: { special: ['m2o'] }, schema: {} },
  ],
});
await must('POST', '/relations', {
  collection: 'bench_articles',
  field: 'author',
  related_collection: 'service_users',
  schema: { on_delete: 'SET NULL' },
});
const me = (await must('GET', '/users/me')).data;
const reader = await t.userWith({
  permissions: [
    {
      collection: 'bench_articles',
      action: 'read',
      permissions: { status: { _eq: 'published' } },
      fields: ['id', 'title', 'status', 'views'],
    },
  ],
});
const article = (n: number) => ({ title: `Bench ${n}`, status: ['published', 'draft', 'archived'][n % 3], views: n, author: me.id });
const created = (
  await must(
    'POST',
    '/items/bench_articles',
    Array.from({ length: 100 }, (_, n) => article(n)),
  )
).data;
const firstId = String((created[0] as Record<string, unknown>).id);
const activity = (await must('GET', '/activity?limit=1&sort=-id')).data;
const activityId = String((activity[0] as Record<string, unknown>).id);

const items = '/items/bench_articles?limit=20&filter[status][_eq]=published&sort=-views';
let filterValue = 1000;
/** A different `views` bound on every request (run.ts's items-filters): no kept result or sighting answers it. */
const filters = () => `${items}&filter[views][_lte]=${(filterValue += 1)}`;
const cases: [string, string, string | (() => string), unknown, string][] = [
  ['activity', 'GET', '/activity?limit=20', undefined, admin],
  ['activity-one', 'GET', `/activity/${activityId}`, undefined, admin],
  ['items-admin', 'GET', items, undefined, admin],
  ['items-reader', 'GET', items, undefined, reader.token],
  ['items-filters', 'GET', filters, undefined, admin],
  ['permissions-me', 'GET', '/permissions/me', undefined, reader.token],
  ['graphql-m2o', 'POST', '/graphql', { query: GRAPHQL_QUERY }, admin],
  ['patch-one', 'PATCH', `/items/bench_articles/${firstId}`, { views: 4242 }, admin],
  ['post-one', 'POST', '/items/bench_articles', article(1), admin],
  ['post-batch', 'POST', '/items/bench_articles', Array.from({ length: 100 }, (_, n) => article(n)), admin],
];

let seen: string[] = [];
t.app.knex.on('query', (q: { sql: string }) => seen.push(q.sql));
console.log(`Statements per request (${t.vendor}); BEGIN/COMMIT of a transaction are not knex queries and not counted here.\n`);
console.log('| Case | Statements |\n|---|--:|');
const details: string[] = [];
for (const [id, method, url, body, token] of cases) {
  const urlOf = () => (typeof url === 'string' ? url : url());
  await must(method, urlOf(), body, token); // warm: caches filled as in a steady load
  seen = [];
  await must(method, urlOf(), body, token);
  console.log(`| ${id} | ${seen.length} |`);
  details.push(`${id}:\n${seen.map((s) => `  ${s.slice(0, 160)}`).join('\n')}`);
}
if (values.verbose) console.log(`\n${details.join('\n')}`);
await t.close();
