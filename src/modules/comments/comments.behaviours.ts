import { asSystem, onCommit, type Context } from '../../engine/context.js';
import { committedContext } from '../../engine/write-events.js';
import { getCollection, hasCollection } from '../../engine/schema-overview/get-collection.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import type { CollectionBehaviour, Item, ItemsService, PrimaryKey } from '../items/index.js';
import { notifyMentions, type MentionDeps } from './notify-mentions.js';

/** The longest comment accepted (characters). */
export const MAX_COMMENT = 10_000;

/**
 * Comments (`service_comments`), on every write path: a comment is made by a user (or an administrator's work) on
 * an item the writer may read, its text a non-empty string kept as given; it stays on its item; only its author or
 * an administrator edits or deletes it, whatever a policy grants. A new comment's `@<user id>` mentions notify the
 * mentioned users who may read the item.
 */
export function commentsBehaviour(deps: MentionDeps): CollectionBehaviour {
  return {
    async beforeWrite(ctx, { action, payload, keys }) {
      if (action === 'update') {
        if ('comment' in payload) checkText(payload.comment);
        if ('collection' in payload || 'item' in payload) throw invalidPayload("The item a comment is on can't change");
        await assertAuthor(ctx, deps.items(), keys);
        return payload;
      }
      if (!ctx.accountability.user && !ctx.permissions.admin) throw forbidden();
      const { collection, item } = checkNewComment(payload);
      await assertReadable(ctx, deps.items(), collection, item);
      return { ...payload, item: String(item) };
    },
    async beforeDelete(ctx, keys) {
      await assertAuthor(ctx, deps.items(), keys);
    },
    afterWrite(ctx, { action, payload }) {
      // After the commit, on the pool: reading the mentioned users' rules needs the permission engine's own reads.
      if (action === 'create' && payload !== null) onCommit(ctx, () => notifyMentions(committedContext(ctx), deps, payload));
    },
  };
}

/** A new comment names its item and has text (400 otherwise). */
export function checkNewComment(payload: Item): { collection: string; item: string | number } {
  const { collection, item } = payload;
  if (typeof collection !== 'string' || collection === '') throw invalidPayload('"collection" is required');
  if ((typeof item !== 'string' && typeof item !== 'number') || item === '') throw invalidPayload('"item" is required');
  checkText(payload.comment);
  return { collection, item };
}

function checkText(value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') throw invalidPayload('"comment" must be a non-empty string');
  if (value.length > MAX_COMMENT) throw invalidPayload(`"comment" must be at most ${MAX_COMMENT} characters`);
}

/** The caller may read the item (403 otherwise, whether or not it exists). */
export async function assertReadable(ctx: Context, items: ItemsService, collection: string, item: PrimaryKey): Promise<void> {
  if (!hasCollection(ctx.schema, collection)) throw forbidden();
  await items.readOne(ctx, collection, item, { fields: [getCollection(ctx.schema, collection).primary] });
}

/** Every comment in `keys` is the caller's own, unless the caller is an administrator. */
async function assertAuthor(ctx: Context, items: ItemsService, keys: PrimaryKey[]): Promise<void> {
  if (ctx.permissions.admin) return;
  const user = ctx.accountability.user;
  if (!user) throw forbidden();
  const rows = await items.readMany(asSystem(ctx), 'service_comments', keys, { fields: ['user_created'] });
  if (rows.some((row) => row.user_created !== user)) throw forbidden();
}
