import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accountability } from '../../kernel/context/index.js';
import { createEngineFixture, FIXTURE_IDS, idsOf, type EngineFixture } from '../../../tests/support/engine-fixture.js';
import type { Filter } from './query.types.js';
import { resolveVariables } from './resolve-variables.js';

let fx: EngineFixture;
const POLICY = 'c0000000-0000-4000-8000-000000000001';
beforeAll(async () => {
  fx = await createEngineFixture();
  await fx.knex('service_policies').insert({ id: POLICY, name: 'Writers' });
});
afterAll(async () => {
  await fx?.close();
});

const { userAda, roleEditor, roleStaff } = FIXTURE_IDS;
const ADA: Partial<Accountability> = { user: userAda, role: roleEditor, roles: [roleStaff, roleEditor], policies: [POLICY] };
const PUBLIC: Partial<Accountability> = { user: null, role: null, roles: [], policies: [] };

const idsFor = async (collection: string, filter: Filter, accountability: Partial<Accountability> = ADA) =>
  idsOf(await fx.read(collection, { fields: ['id'], filter, limit: -1 }, { accountability }));

describe('resolveVariables in query filters', () => {
  const cases: { name: string; collection: string; filter: Filter; ids: number[]; accountability?: Partial<Accountability> }[] = [
    { name: '$CURRENT_USER', collection: 'authors', filter: { uuid_ref: { _eq: '$CURRENT_USER' } }, ids: [1] },
    {
      name: '$CURRENT_USER of a public request (null)',
      collection: 'authors',
      filter: { uuid_ref: { _eq: '$CURRENT_USER' } },
      ids: [3, 4],
      accountability: PUBLIC,
    },
    { name: '$CURRENT_ROLE', collection: 'authors', filter: { uuid_ref: { _eq: '$CURRENT_ROLE' } }, ids: [2] },
    { name: '$CURRENT_ROLES in _in', collection: 'authors', filter: { uuid_ref: { _in: '$CURRENT_ROLES' } }, ids: [2] },
    {
      name: '$CURRENT_ROLES flattened with other values',
      collection: 'authors',
      filter: { uuid_ref: { _in: ['$CURRENT_ROLES', userAda] } },
      ids: [1, 2],
    },
    { name: '$CURRENT_ROLES in _nin', collection: 'authors', filter: { uuid_ref: { _nin: ['$CURRENT_ROLES'] } }, ids: [1] },
    { name: '$CURRENT_POLICIES', collection: 'authors', filter: { uuid_ref: { _nin: '$CURRENT_POLICIES' } }, ids: [1, 2] },
    { name: '$CURRENT_USER.<field>', collection: 'authors', filter: { email: { _eq: '$CURRENT_USER.email' } }, ids: [1] },
    {
      name: '$CURRENT_USER.<field> in a string operator',
      collection: 'authors',
      filter: { name: { _starts_with: '$CURRENT_USER.first_name' } },
      ids: [1],
    },
    { name: '$CURRENT_USER.<relation>.<field>', collection: 'authors', filter: { uuid_ref: { _eq: '$CURRENT_USER.role.id' } }, ids: [2] },
    {
      name: '$CURRENT_USER.<field> of a public request',
      collection: 'authors',
      filter: { email: { _eq: '$CURRENT_USER.email' } },
      ids: [4],
      accountability: PUBLIC,
    },
    { name: '$CURRENT_ROLE.<field>', collection: 'authors', filter: { uuid_ref: { _eq: '$CURRENT_ROLE.id' } }, ids: [2] },
    { name: '$NOW(-1 day)', collection: 'articles', filter: { published_at: { _gte: '$NOW(-1 day)' } }, ids: [5] },
    { name: '$NOW(+2 weeks)', collection: 'articles', filter: { published_at: { _lt: '$NOW(+2 weeks)' } }, ids: [1, 2, 4, 5] },
    { name: '$NOW(-10 months)', collection: 'articles', filter: { published_at: { _gte: '$NOW(-10 months)' } }, ids: [2, 5] },
    { name: '$NOW(-1 year)', collection: 'articles', filter: { published_at: { _lt: '$NOW(-1 year)' } }, ids: [4] },
    {
      name: '$NOW(-2 days) and $NOW in _between',
      collection: 'articles',
      filter: { published_at: { _between: ['$NOW(-2 days)', '$NOW'] } },
      ids: [5],
    },
    { name: '$NOW on a date field', collection: 'authors', filter: { born: { _lt: '$NOW' } }, ids: [1, 2, 3] },
    { name: '$NOW(-200 years) on a date field', collection: 'authors', filter: { born: { _gt: '$NOW(-200 years)' } }, ids: [2, 3] },
    {
      name: 'a variable through a relation',
      collection: 'articles',
      filter: { author: { uuid_ref: { _eq: '$CURRENT_USER' } } },
      ids: [1, 3],
    },
  ];
  it.each(cases)('resolves $name', async ({ collection, filter, ids, accountability }) => {
    expect(await idsFor(collection, filter, accountability)).toEqual(ids);
  });

  it('resolves variables in deep filters', async () => {
    const { data } = await fx.read('authors', {
      fields: ['id', 'articles.id'],
      filter: { id: { _in: [1, 2, 3] } },
      deep: { articles: { filter: { published_at: { _gte: '$NOW(-1 year)' } } } },
    });
    expect(data).toEqual([
      { id: 1, articles: [{ id: 1 }] },
      { id: 2, articles: [{ id: 2 }] },
      { id: 3, articles: [{ id: 5 }] },
    ]);
  });

  it('reads the records behind .<path> variables as system work', async () => {
    const ctx = await fx.ctx({ rules: [{ collection: 'articles' }], accountability: ADA });
    expect(
      await resolveVariables(ctx, {
        a: '$CURRENT_ROLES.name',
        b: '$CURRENT_POLICIES.name',
        c: '$CURRENT_ROLE.parent',
        d: '$CURRENT_USER.role.parent.name',
      }),
    ).toEqual({
      a: ['Staff', 'Editor'],
      b: ['Writers'],
      c: roleStaff,
      d: 'Staff',
    });
  });

  it('returns values without variables unchanged (the same object)', async () => {
    const value = { a: { _eq: 1 } };
    expect(await resolveVariables(await fx.ctx(), value)).toBe(value);
  });
});
