import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';

type Row = Record<string, unknown>;

/** The plain values the fixture writes into concealed fields: none may ever appear in a response to a reader. */
export const SECRETS = [
  's3cret-alpha',
  's3cret-beta',
  's3cret-gamma',
  'pin-alpha-123',
  'pin-beta-456',
  'static-token-of-reader',
  'static-token-of-other',
] as const;

export type ConcealedFixture = {
  /** A user whose policy reads `vault` (not `hidden`, not the `private…` rows) and every field of service_users. */
  reader: { token: string; userId: string };
  other: { userId: string };
  /** Primary keys of the vault rows, by label. */
  ids: Record<string, number>;
};

/**
 * `vault`: id, label, secret (string, conceal), pin (hash), secret_at (dateTime, conceal), hidden (string, not
 * granted), owner (m2o → service_users) and the o2m `notes` ← `vault_notes.vault`. The reader may read vault
 * rows whose label does not start with "private", every field but `hidden`; vault_notes all; service_users
 * every field (so `token`, `password` and `tfa_secret` are granted, and concealed).
 */
export async function createConcealedFixture(t: TestApp): Promise<ConcealedFixture> {
  const ok = async (method: string, url: string, body?: unknown): Promise<Row> => {
    const response = await t.request(method, url, { token: t.adminToken, body });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.body === '' ? {} : dataOf<Row>(response);
  };
  const field = (name: string, type: string, extra: Row = {}) => ({ field: name, type, schema: {}, ...extra });
  await ok('POST', '/collections', {
    collection: 'vault',
    schema: {},
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      field('label', 'string'),
      field('secret', 'string', { meta: { special: ['conceal'] } }),
      field('pin', 'hash', { meta: { special: ['hash'] } }),
      field('secret_at', 'dateTime', { meta: { special: ['conceal'] } }),
      field('hidden', 'string'),
      field('owner', 'uuid'),
    ],
  });
  await ok('POST', '/collections', {
    collection: 'vault_notes',
    schema: {},
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      field('body', 'string'),
      field('vault', 'integer'),
    ],
  });
  await ok('POST', '/relations', { collection: 'vault', field: 'owner', related_collection: 'service_users' });
  await ok('POST', '/relations', { collection: 'vault_notes', field: 'vault', related_collection: 'vault', meta: { one_field: 'notes' } });

  const reader = await t.userWith({
    permissions: [
      {
        collection: 'vault',
        action: 'read',
        fields: ['id', 'label', 'secret', 'pin', 'secret_at', 'owner', 'notes'],
        permissions: { label: { _nstarts_with: 'private' } },
      },
      { collection: 'vault_notes', action: 'read', fields: ['*'] },
      { collection: 'service_users', action: 'read', fields: ['*'] },
    ],
  });
  const other = await t.userWith({ permissions: [] });
  await ok('PATCH', `/users/${reader.userId}`, { token: 'static-token-of-reader' });
  await ok('PATCH', `/users/${other.userId}`, { token: 'static-token-of-other' });

  const rows = [
    {
      label: 'alpha',
      secret: 's3cret-alpha',
      pin: 'pin-alpha-123',
      secret_at: '2020-01-01T00:00:00',
      hidden: 'hidden-alpha',
      owner: reader.userId,
    },
    {
      label: 'beta',
      secret: 's3cret-beta',
      pin: 'pin-beta-456',
      secret_at: '2030-06-01T00:00:00',
      hidden: 'hidden-beta',
      owner: other.userId,
    },
    { label: 'gamma', secret: 's3cret-gamma', pin: null, secret_at: null, hidden: 'hidden-gamma', owner: other.userId },
    { label: 'private-delta', secret: 'private-secret', pin: null, secret_at: null, hidden: 'hidden-delta', owner: reader.userId },
  ];
  const ids: Record<string, number> = {};
  for (const row of rows) ids[row.label] = (await ok('POST', '/items/vault', row)).id as number;
  await ok('POST', '/items/vault_notes', [
    { body: 'note on alpha', vault: ids.alpha },
    { body: 'note on beta', vault: ids.beta },
  ]);
  return { reader: { token: reader.token, userId: reader.userId }, other: { userId: other.userId }, ids };
}

/**
 * No concealed plain value, argon2 hash or stored secret in a response body; unless `hiddenToo` is false, no
 * value of the fixture reader's unreadable field `hidden` either.
 */
export function expectNoSecret(response: LightMyRequestResponse, hiddenToo = true): void {
  for (const secret of SECRETS) expect(response.body, `leaks ${secret}`).not.toContain(secret);
  expect(response.body).not.toMatch(/\$argon2/);
  expect(response.body).not.toContain('private-secret');
  if (hiddenToo) expect(response.body).not.toContain('hidden-');
}

/**
 * A fresh test app with the concealed fixture for the enclosing `describe`: made before its tests, closed after
 * them. Read `t` and `f` inside the tests (they are set by then).
 */
export function useConcealedFixture(): { readonly t: TestApp; readonly f: ConcealedFixture } {
  const state = {} as { t: TestApp; f: ConcealedFixture };
  beforeAll(async () => {
    state.t = await createTestApp();
    state.f = await createConcealedFixture(state.t);
  });
  afterAll(async () => {
    await state.t?.close();
  });
  return state;
}
