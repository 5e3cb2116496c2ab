import { asSystem, type Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject, isUuid } from '../../kernel/values/index.js';
import type { Item, ItemsService } from '../items/index.js';
import { checkNewComment } from './comments.behaviours.js';

/**
 * Directus 10's `/activity/comment` over Directus 11's comments (decision 0080): each call is the same write of
 * `service_comments` as `/comments` makes (same rules, events, activity), answered in the shape of the activity
 * row Directus 10 answered: `action: 'comment'`, `user`, `timestamp`, `collection`, `item`, `comment`; its `id`
 * is the comment's.
 */
export function createCommentAlias(deps: { items: ItemsService }) {
  const { items } = deps;
  const answer = async (ctx: Context, key: unknown): Promise<Item> =>
    commentAsActivity(await items.readOne(asSystem(ctx), 'service_comments', key as string));
  const keyOf = (id: unknown): string => {
    if (!isUuid(id)) throw forbidden();
    return id.toLowerCase();
  };

  return {
    async create(ctx: Context, body: unknown): Promise<Item> {
      if (!ctx.accountability.user) throw forbidden();
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object');
      const { collection, item, comment } = body;
      checkNewComment(body);
      return answer(ctx, await items.createOne(ctx, 'service_comments', { collection, item, comment }));
    },
    async update(ctx: Context, id: unknown, body: unknown): Promise<Item> {
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object');
      const other = Object.keys(body).filter((key) => key !== 'comment');
      if (other.length > 0) throw invalidPayload(`Only "comment" can be changed, not ${other.map((k) => `"${k}"`).join(', ')}`);
      return answer(ctx, await items.updateOne(ctx, 'service_comments', keyOf(id), { comment: body.comment }));
    },
    async remove(ctx: Context, id: unknown): Promise<void> {
      await items.deleteOne(ctx, 'service_comments', keyOf(id));
    },
  };
}

export type CommentAlias = ReturnType<typeof createCommentAlias>;

/** A comment in the shape of Directus 10's comment activity row. */
function commentAsActivity(row: Item): Item {
  return {
    id: row.id,
    action: 'comment',
    user: row.user_created ?? null,
    timestamp: row.date_created ?? null,
    ip: null,
    user_agent: null,
    origin: null,
    collection: row.collection,
    item: row.item,
    comment: row.comment,
  };
}
