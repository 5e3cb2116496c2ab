import { describe, expect, it } from 'vitest';
import { expectNoSecret, useConcealedFixture } from './concealed-fixture.js';

const MASK = '**********';
type Body = { data?: Record<string, unknown> | null; errors?: { extensions: { code: string } }[] };

/**
 * Threat: GraphQL builds its own selection, arguments and aggregates, so a position REST checks could be
 * open there: a concealed field in a selection, `*_by_id`, `users_me`, a mutation's answer, `*_aggregated`
 * (groupBy, min/max), a filter or sort, directly or through a relation. GraphQL goes through the same query
 * engine: the same masks and refusals.
 */
describe('GraphQL and concealed fields', () => {
  const fx = useConcealedFixture();

  const gql = async (endpoint: '/graphql' | '/graphql/system', query: string, token = fx.f.reader.token) => {
    const response = await fx.t.request('POST', endpoint, { token, body: { query } });
    expectNoSecret(response, token !== fx.t.adminToken);
    return response.json() as Body;
  };

  it('selections show the mask: lists, by id, users_me, nested owners', async () => {
    expect(await gql('/graphql/system', '{ users_me { password token tfa_secret } }')).toEqual({
      data: { users_me: { password: MASK, token: MASK, tfa_secret: null } },
    });
    expect(await gql('/graphql', `{ vault_by_id(id: ${fx.f.ids.beta}) { secret pin secret_at owner { password token } } }`)).toEqual({
      data: { vault_by_id: { secret: MASK, pin: MASK, secret_at: MASK, owner: { password: MASK, token: MASK } } },
    });
    const admin = await gql('/graphql/system', `{ users_by_id(id: "${fx.f.other.userId}") { password token } }`, fx.t.adminToken);
    expect(admin).toEqual({ data: { users_by_id: { password: MASK, token: MASK } } });
  });

  it('a mutation answers with the mask', async () => {
    const body = await gql(
      '/graphql',
      `mutation { update_vault_item(id: ${fx.f.ids.gamma}, data: { secret: "s3cret-gamma" }) { secret } }`,
      fx.t.adminToken,
    );
    expect(body).toEqual({ data: { update_vault_item: { secret: MASK } } });
  });

  it.each([
    ['/graphql', '{ vault_aggregated(groupBy: ["pin"]) { group } }'],
    ['/graphql', '{ vault_aggregated(groupBy: ["year(secret_at)"]) { group } }'],
    ['/graphql', '{ vault_aggregated(groupBy: ["hidden"]) { group } }'],
    ['/graphql/system', '{ users_aggregated(groupBy: ["tfa_secret"]) { group } }'],
    ['/graphql', '{ vault(sort: ["owner.token"]) { id } }'],
    ['/graphql', '{ vault(sort: ["-secret"]) { id } }'],
    ['/graphql', '{ vault { id notes(sort: ["vault.secret"]) { id } } }'],
    ['/graphql', '{ vault(filter: { owner: { token: { _starts_with: "static" } } }) { id } }'],
    ['/graphql', '{ vault { id notes(filter: { vault: { secret: { _eq: "s3cret-alpha" } } }) { id } } }'],
  ] as const)('%s %s is refused', async (endpoint, query) => {
    const body = await gql(endpoint, query);
    expect(body.errors?.[0]?.extensions.code, JSON.stringify(body)).toMatch(/^(FORBIDDEN|INVALID_QUERY|GRAPHQL_VALIDATION)/);
    expect(body.data?.vault ?? body.data?.vault_aggregated ?? body.data?.users_aggregated ?? null).toBeNull();
  });

  it('presence filters on concealed fields through a relation are allowed', async () => {
    const body = await gql('/graphql', '{ vault(filter: { owner: { token: { _nnull: true } } }, sort: ["label"]) { label } }');
    expect(body).toEqual({ data: { vault: [{ label: 'alpha' }, { label: 'beta' }, { label: 'gamma' }] } });
  });
});
