import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, type Context } from '../../engine/context.js';
import { indexRules } from '../../engine/permissions/create-permissions-engine.js';
import type { PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { CollectionOverview, FieldOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { captureAppError } from '../../../tests/support/capture-error.js';
import type { Item, ItemsService, PrimaryKey } from '../items/index.js';
import { revertRevision } from './revert-revision.js';

const field = (name: string, extra: Partial<FieldOverview> = {}) =>
  ({ field: name, type: 'string', special: [], alias: false, primaryKey: false, generated: false, ...extra }) as FieldOverview;
const pages = {
  collection: 'pages',
  primary: 'id',
  sortField: null,
  fields: {
    id: field('id', { type: 'integer', primaryKey: true }),
    title: field('title'),
    body: field('body'),
    secret: field('secret', { type: 'hash', special: ['hash', 'conceal'] }),
    date_updated: field('date_updated', { type: 'timestamp', special: ['date-updated'] }),
    comments: field('comments', { type: 'alias', alias: true, special: ['o2m'] }),
  },
} as unknown as CollectionOverview;
const callerPermissions = indexRules([]);
const ctx = {
  schema: { collections: { pages }, relations: [] },
  permissions: callerPermissions,
  inTransaction: true,
} as unknown as Context;

/** An items service with one revision and the item's current state; records reads and the update. */
function fakeItems(revision: Item, current: Item) {
  const calls: {
    reads: { collection: string; key: PrimaryKey; permissions: PermissionSet }[];
    updates: { key: PrimaryKey; data: unknown; permissions: PermissionSet }[];
  } = { reads: [], updates: [] };
  const items = {
    readOne: async (c: Context, collection: string, key: PrimaryKey) => {
      calls.reads.push({ collection, key, permissions: c.permissions });
      return collection === 'service_revisions' ? revision : current;
    },
    updateOne: async (c: Context, _collection: string, key: PrimaryKey, data: unknown) => {
      calls.updates.push({ key, data, permissions: c.permissions });
      return key;
    },
  } as unknown as ItemsService;
  return { items, calls };
}

describe('revertRevision', () => {
  const data = {
    id: 7,
    title: 'Old',
    body: 'Same',
    secret: '**********',
    date_updated: '2020-01-01T00:00:00.000Z',
    comments: [1],
    gone: 'x',
  };

  it('reads the revision as the caller, the item as the system, and updates as the caller with only the changed fields', async () => {
    const { items, calls } = fakeItems({ collection: 'pages', item: '7', data }, { title: 'New', body: 'Same' });
    await revertRevision(ctx, items, '12');
    expect(calls.reads).toEqual([
      { collection: 'service_revisions', key: 12, permissions: callerPermissions },
      { collection: 'pages', key: '7', permissions: ADMIN_PERMISSIONS },
    ]);
    expect(calls.updates).toEqual([{ key: '7', data: { title: 'Old' }, permissions: callerPermissions }]);
  });

  it('still updates (and so checks access and records it) when nothing differs', async () => {
    const { items, calls } = fakeItems({ collection: 'pages', item: '7', data: { title: 'Same' } }, { title: 'Same' });
    await revertRevision(ctx, items, 3);
    expect(calls.updates).toEqual([{ key: '7', data: {}, permissions: callerPermissions }]);
  });

  it('reads JSON text snapshots', async () => {
    const { items, calls } = fakeItems({ collection: 'pages', item: '7', data: JSON.stringify({ body: 'Older' }) }, { body: 'Now' });
    await revertRevision(ctx, items, 3);
    expect(calls.updates[0]!.data).toEqual({ body: 'Older' });
  });

  it('is FORBIDDEN for a malformed id without reading, and INVALID_PAYLOAD for a revision without data', async () => {
    const { items, calls } = fakeItems({ collection: 'pages', item: '7', data: null }, {});
    for (const id of ['abc', '-1', '1.5', '', null, {}])
      expect((await captureAppError(revertRevision(ctx, items, id))).code).toBe('FORBIDDEN');
    expect(calls.reads).toEqual([]);
    const error = await captureAppError(revertRevision(ctx, items, '1'));
    expect(error.code).toBe('INVALID_PAYLOAD');
    expect(error.extensions).toEqual({ reason: "Revision doesn't contain data to revert to" });
    expect(calls.updates).toEqual([]);
  });
});
