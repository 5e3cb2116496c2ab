import { asSystem, type Context } from '../../engine/context.js';
import type { PermissionsEngine } from '../../engine/permissions/create-permissions-engine.js';
import { isAppError } from '../../kernel/errors/index.js';
import type { Item, ItemsService } from '../items/index.js';

/** `@` and a user's id, as Directus's editor writes a mention. */
const MENTION = /@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;
/** At most this many users are notified for one comment (the rest of its mentions stay text). */
const MAX_MENTIONS = 50;

export type MentionDeps = {
  items: () => ItemsService;
  permissions: PermissionsEngine;
};

type UserName = { id: string; first_name: string | null; last_name: string | null; email: string | null };

/** The users a comment mentions, lower-cased, each once, in order, at most MAX_MENTIONS. */
export function mentionedUsers(comment: string): string[] {
  const ids = [...comment.matchAll(MENTION)].map((match) => match[1]!.toLowerCase());
  return [...new Set(ids)].slice(0, MAX_MENTIONS);
}

/**
 * Notifies each user a new comment mentions who is active and may read the item (with their own rules), once the
 * comment has committed (`ctx` has no transaction); the author is not notified of their own mention. The
 * notification is signed by the author and quotes the comment with mentions shown as names. A failure is logged:
 * the comment stands.
 */
export async function notifyMentions(ctx: Context, deps: MentionDeps, comment: Item): Promise<void> {
  try {
    await notifyEach(ctx, deps, comment);
  } catch (error) {
    ctx.logger.warn({ err: error, collection: comment.collection, item: comment.item }, 'mention notifications failed');
  }
}

async function notifyEach(ctx: Context, deps: MentionDeps, comment: Item): Promise<void> {
  const text = String(comment.comment);
  const author = ctx.accountability.user;
  const ids = mentionedUsers(text).filter((id) => id !== author);
  if (ids.length === 0) return;
  const items = deps.items();
  const system = asSystem(ctx);
  const fields = ['id', 'first_name', 'last_name', 'email'];
  const people = (await items.readMany(system, 'service_users', author ? [...ids, author] : ids, { fields })) as UserName[];
  const names = new Map(people.map((user) => [user.id, nameOf(user)]));
  const collection = String(comment.collection);
  const item = String(comment.item);
  const quoted = text.replace(MENTION, (whole, id: string) => `@${names.get(id.toLowerCase()) ?? 'someone'}`);
  for (const id of ids) {
    if (!names.has(id) || !(await mayRead(ctx, deps, id, collection, item))) continue;
    await items.createOne(system, 'service_notifications', {
      recipient: id,
      sender: author,
      subject: `You were mentioned in ${collection}`,
      message: `${author ? (names.get(author) ?? 'Someone') : 'Someone'} mentioned you in a comment:\n\n${quoted}`,
      collection,
      item,
    });
  }
}

/** Whether the user is active and may read the item with their own rules. */
async function mayRead(ctx: Context, deps: MentionDeps, userId: string, collection: string, item: string): Promise<boolean> {
  const user = await deps.permissions.getUser(userId);
  if (user?.status !== 'active') return false;
  const accountability = await deps.permissions.accountabilityForUser(userId, {});
  if (!accountability) return false;
  const theirs = { ...ctx, accountability };
  const reader = { ...theirs, permissions: await deps.permissions.permissionSet(theirs) };
  const primary = reader.schema.collections[collection]?.primary;
  if (!primary) return false;
  try {
    await deps.items().readOne(reader, collection, item, { fields: [primary] });
    return true;
  } catch (error) {
    if (isAppError(error) && error.status === 403) return false;
    throw error;
  }
}

function nameOf(user: UserName): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || 'someone';
}
