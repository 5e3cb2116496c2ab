import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

/**
 * A fuzz pass on the positions the query-language fuzz (query-language-fuzz.test.ts) leaves out: `alias` in
 * REST reads, and GraphQL selections (with aliases), `filter`, `sort`, nested list arguments and
 * `*_aggregated(groupBy:)`, random and valid or not, by the concealed fixture's reader (concealed-fixture.ts).
 *
 * Asserted for every request: never a 5xx (nor GraphQL's INTERNAL_SERVER_ERROR); no concealed value, hash or
 * value of the unreadable `hidden` in the answer; no row outside the rule (`private-delta`); a sort or group by
 * a concealed or unreadable field, or a function of one, is refused.
 *
 * `FUZZ_RUNS` sets the number of generated requests per test (default 60: a few seconds on SQLite), e.g.
 * `FUZZ_RUNS=2000 npx vitest run tests/security/concealed-fields-fuzz.test.ts`; `FUZZ_SEED=<n>` replays the
 * seed fast-check printed for a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const OPTIONS = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

/** Paths of `vault` whose value the reader may not use to steer an answer. */
const SHIELDED = [
  'secret',
  'pin',
  'secret_at',
  'year(secret_at)',
  'hidden',
  'owner.token',
  'owner.password',
  'owner.tfa_secret',
  'notes.vault.secret',
  'nope',
];
const PATHS = [
  'id',
  'label',
  'owner',
  'owner.email',
  'owner.id',
  'notes',
  'notes.body',
  'notes.vault.label',
  'count(notes)',
  'year(secret_at)',
  ...SHIELDED.filter((p) => p !== 'year(secret_at)'),
];
const OPERATORS = [
  '_eq',
  '_neq',
  '_lt',
  '_gt',
  '_in',
  '_null',
  '_nnull',
  '_empty',
  '_nempty',
  '_contains',
  '_starts_with',
  '_between',
  '_some',
];
/** Operands that are none of the fixture's secrets (an error may quote an operand back). */
const OPERANDS: unknown[] = ['a', 's', 'x-y', '1', 1, true, null, '2020-01-01', ['a', 'b'], [1, 2]];

/** Mostly paths a read may use as it does (so a fair share is answered), sometimes any path. */
const mostly = <T>(good: readonly T[], any: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 4 }, { arbitrary: fc.constantFrom(...any), weight: 1 });
const SHOWN = ['id', 'label', 'owner', 'owner.email', 'notes.body', 'secret', 'pin', 'owner.token', 'notes.vault.secret'];
const SORTED = ['id', 'label', 'owner.email'];
const FILTERS: [string, string, unknown][] = [
  ['label', '_eq', 'a'],
  ['label', '_contains', 'a'],
  ['secret', '_nnull', true],
  ['pin', '_null', true],
  ['owner.token', '_nnull', true],
  ['notes', '_some', { body: { _contains: 'o' } }],
  ['id', '_gt', 1],
];

const sortOf = (path: string, descending: boolean) => `${descending ? '-' : ''}${path}`;
const shielded = (path: string) => SHIELDED.some((s) => path === s || path.startsWith(`${s}.`));

/** A filter on one path: `{a: {b: {_op: v}}}`. */
const filterOf = (path: string, op: string, operand: unknown): Record<string, unknown> =>
  path.split('.').reduceRight<Record<string, unknown>>((inner, part) => ({ [part]: inner }), { [op]: operand });

const restRead = fc.record(
  {
    fields: fc.uniqueArray(mostly(SHOWN, PATHS), { maxLength: 4 }),
    aliases: fc.array(
      mostly(
        ['id', 'label', 'secret', 'pin', 'owner'],
        PATHS.filter((p) => !p.includes('.')),
      ),
      { maxLength: 3 },
    ),
    sort: fc.array(fc.tuple(mostly(SORTED, PATHS), fc.boolean()), { maxLength: 2 }),
    filter: fc.option(
      fc.oneof(
        { arbitrary: fc.constantFrom(...FILTERS), weight: 3 },
        { arbitrary: fc.tuple(fc.constantFrom(...PATHS), fc.constantFrom(...OPERATORS), fc.constantFrom(...OPERANDS)), weight: 1 },
      ),
    ),
    groupBy: fc.option(mostly(['label', 'owner'], PATHS)),
    deepSort: fc.option(
      fc.tuple(mostly(['id', 'body', 'vault.label'], ['vault.secret', 'vault.hidden', 'vault.owner.token', 'vault.pin']), fc.boolean()),
    ),
    limit: fc.constantFrom(undefined, 0, 1, -1),
  },
  { requiredKeys: ['fields', 'aliases', 'sort'] },
);

const graphqlField = mostly(
  ['id', 'label', 'secret', 'pin', 'secret_at', 'owner { id token password email }', 'notes { body vault { secret } }'],
  ['hidden', 'secret_at_func { year }', 'owner { tfa_secret }'],
);
const graphqlRead = fc.record({
  selection: fc.array(fc.tuple(fc.constantFrom('', 'a1: ', 'a2: ', 'label: ', 'secret: '), graphqlField), { minLength: 1, maxLength: 4 }),
  sort: fc.array(
    fc.tuple(mostly(['id', 'label', 'owner.email'], ['secret', 'pin', 'hidden', 'owner.token', 'year(secret_at)']), fc.boolean()),
    { maxLength: 2 },
  ),
  filter: fc.option(
    fc.tuple(
      mostly(['label', 'owner.email', 'notes.body'], ['secret', 'pin', 'hidden', 'owner.token']),
      fc.constantFrom('_eq', '_starts_with', '_nnull', '_null', '_empty', '_contains'),
      fc.constantFrom('"a"', 'true', '"s"'),
    ),
  ),
  notesSort: fc.option(mostly(['id', '-body', 'vault.label'], ['vault.secret', 'vault.hidden', 'vault.pin'])),
  groupBy: fc.option(mostly(['label', 'owner'], ['secret', 'pin', 'hidden', 'year(secret_at)'])),
});

describe('concealed fields fuzz: alias and GraphQL', () => {
  const fx = useConcealedFixture();

  it(`REST with alias: ${RUNS} random reads`, async () => {
    const answered = { count: 0 };
    await fc.assert(
      fc.asyncProperty(restRead, async (read) => {
        const params = new URLSearchParams();
        const fields = [...read.fields];
        read.aliases.forEach((target, i) => {
          params.set(`alias[x${i}]`, target);
          fields.push(`x${i}`);
        });
        if (fields.length > 0) params.set('fields', fields.join(','));
        if (read.sort.length > 0) params.set('sort', read.sort.map(([p, d]) => sortOf(p, d)).join(','));
        if (read.filter) params.set('filter', JSON.stringify(filterOf(...read.filter)));
        if (read.groupBy) {
          params.set('groupBy', read.groupBy);
          params.set('aggregate', JSON.stringify({ count: '*' }));
        }
        if (read.deepSort) params.set('deep', JSON.stringify({ notes: { _sort: [sortOf(...read.deepSort)] } }));
        if (read.limit !== undefined) params.set('limit', String(read.limit));
        const url = `/items/vault?${params.toString()}`;
        const response = await fx.t.request('GET', url, { token: fx.f.reader.token });
        const context = `${decodeURIComponent(url)}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
        expect(response.statusCode, context).toBeLessThan(500);
        expectNoSecret(response);
        expect(response.body, context).not.toContain('private-delta');
        const steering = [
          ...read.sort.map(([p]) => p),
          ...(read.groupBy ? [read.groupBy] : []),
          ...(read.deepSort && read.fields.some((p) => p.startsWith('notes')) ? [`notes.${read.deepSort[0]}`] : []),
        ];
        const refuse = steering.find(shielded);
        if (refuse !== undefined) expect(response.statusCode, `${refuse} must be refused\n${context}`).toBeGreaterThanOrEqual(400);
        if (response.statusCode === 200) answered.count++;
      }),
      OPTIONS,
    );
    expect(answered.count, 'too few reads were answered for the pass to mean much').toBeGreaterThanOrEqual(RUNS / 20);
  }, 180_000);

  it(`GraphQL: ${RUNS} random queries`, async () => {
    const answered = { count: 0 };
    await fc.assert(
      fc.asyncProperty(graphqlRead, async (read) => {
        const args: string[] = [];
        if (read.sort.length > 0) args.push(`sort: [${read.sort.map(([p, d]) => `"${sortOf(p, d)}"`).join(', ')}]`);
        if (read.filter) {
          const [path, op, operand] = read.filter;
          args.push(`filter: ${path.split('.').reduceRight((inner, part) => `{ ${part}: ${inner} }`, `{ ${op}: ${operand} }`)}`);
        }
        const selection = read.selection
          .map(([alias, field]) =>
            field.startsWith('notes') && read.notesSort
              ? `${alias}notes(sort: ["${read.notesSort}"]) { body vault { secret } }`
              : `${alias}${field}`,
          )
          .join(' ');
        const query = read.groupBy
          ? `{ vault_aggregated(groupBy: ["${read.groupBy}"]${args.length > 0 ? `, ${args.join(', ')}` : ''}) { group count { id } } }`
          : `{ vault${args.length > 0 ? `(${args.join(', ')})` : ''} { ${selection} } }`;
        const response = await fx.t.request('POST', '/graphql', { token: fx.f.reader.token, body: { query } });
        const context = `${query}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
        expect(response.statusCode, context).toBeLessThan(500);
        const body = response.json() as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
        expect(body.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR') ?? false, context).toBe(false);
        expectNoSecret(response);
        expect(response.body, context).not.toContain('private-delta');
        const steering = [
          ...read.sort.map(([p]) => p),
          ...(read.groupBy ? [read.groupBy] : []),
          ...(read.notesSort && !read.groupBy && read.selection.some(([, field]) => field.startsWith('notes'))
            ? [`notes.${read.notesSort.replace(/^-/, '')}`]
            : []),
        ];
        const refuse = steering.find(shielded);
        if (refuse !== undefined) expect(body.errors?.length ?? 0, `${refuse} must be refused\n${context}`).toBeGreaterThan(0);
        if (refuse !== undefined) expect(body.data?.vault ?? body.data?.vault_aggregated ?? null, context).toBeNull();
        if (!body.errors) answered.count++;
      }),
      OPTIONS,
    );
    expect(answered.count, 'too few queries were answered for the pass to mean much').toBeGreaterThanOrEqual(RUNS / 20);
  }, 180_000);
});
