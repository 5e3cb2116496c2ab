import { describe, expect, it } from 'vitest';
import type { Context } from '../../engine/context.js';
import { indexRules } from '../../engine/permissions/create-permissions-engine.js';
import type { PermissionRule, PermissionSet } from '../../engine/permissions/permissions.types.js';
import type { CollectionOverview, FieldOverview } from '../../engine/schema-overview/schema-overview.types.js';
import { captureAppError } from '../../../tests/support/capture-error.js';
import type { ItemsService } from '../items/index.js';
import { ADMIN_PERMISSIONS } from '../../engine/context.js';
import { sortItems } from './sort-items.js';

const field = (name: string, extra: Partial<FieldOverview> = {}) =>
  ({ field: name, type: 'integer', special: [], alias: false, primaryKey: false, generated: false, ...extra }) as FieldOverview;
const collection = (name: string, sortField: string | null): CollectionOverview =>
  ({
    collection: name,
    primary: 'id',
    sortField,
    fields: { id: field('id', { primaryKey: true }), position: field('position'), title: field('title', { type: 'string' }) },
  }) as unknown as CollectionOverview;

/** A context already inside a transaction (withTransaction runs the work directly), with these permissions. */
const contextWith = (permissions: PermissionSet): Context =>
  ({
    schema: { collections: { tasks: collection('tasks', 'position'), notes: collection('notes', null) }, relations: [] },
    permissions,
    inTransaction: true,
  }) as unknown as Context;
const rule = (action: PermissionRule['action'], fields: string[]): PermissionRule => ({
  id: 1,
  policy: 'p',
  collection: 'tasks',
  action,
  permissions: null,
  validation: null,
  presets: null,
  fields,
});

/** An items service that serves `rows` to reads and records the batches written. */
function fakeItems(rows: { id: number; position: number | null }[]) {
  const calls: { read: PermissionSet[]; batches: { permissions: PermissionSet; items: unknown[] }[] } = { read: [], batches: [] };
  const items = {
    readByQuery: async (ctx: Context) => {
      calls.read.push(ctx.permissions);
      return { data: rows };
    },
    updateBatch: async (ctx: Context, _collection: string, batch: unknown[]) => {
      calls.batches.push({ permissions: ctx.permissions, items: batch });
      return [];
    },
  } as unknown as ItemsService;
  return { items, calls };
}

describe('sortItems', () => {
  const rows = [1, 2, 3, 4].map((id) => ({ id, position: id }));

  it('reads every row as the system and writes the moved items as the caller, in one batch', async () => {
    const permissions = indexRules([rule('update', ['position'])]);
    const { items, calls } = fakeItems(rows);
    await sortItems(contextWith(permissions), items, 'tasks', { item: 1, to: 3 });
    expect(calls.read).toEqual([ADMIN_PERMISSIONS]);
    expect(calls.batches).toEqual([
      {
        permissions,
        items: [
          { id: 1, position: 3 },
          { id: 2, position: 1 },
          { id: 3, position: 2 },
        ],
      },
    ]);
  });

  it('writes nothing when the item does not move', async () => {
    const { items, calls } = fakeItems(rows);
    await sortItems(contextWith(ADMIN_PERMISSIONS), items, 'tasks', { item: '2', to: 2 });
    expect(calls.batches).toEqual([]);
  });

  it('refuses before reading: unknown collection (403), bad body (400), no sort field (400), no update access to the sort field (403)', async () => {
    const { items, calls } = fakeItems(rows);
    const admin = contextWith(ADMIN_PERMISSIONS);
    expect((await captureAppError(sortItems(admin, items, 'nowhere', { item: 1, to: 2 }))).code).toBe('FORBIDDEN');
    expect((await captureAppError(sortItems(admin, items, 'tasks', { item: 1 }))).extensions).toEqual({ reason: '"to" is required' });
    expect((await captureAppError(sortItems(admin, items, 'notes', { item: 1, to: 2 }))).extensions).toEqual({
      reason: 'Collection "notes" doesn\'t have a sort field',
    });
    for (const permissions of [indexRules([]), indexRules([rule('read', ['*'])]), indexRules([rule('update', ['title'])])]) {
      expect((await captureAppError(sortItems(contextWith(permissions), items, 'tasks', { item: 1, to: 2 }))).code).toBe('FORBIDDEN');
    }
    expect(calls.read).toEqual([]);
  });
});
