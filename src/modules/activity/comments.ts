import type { AuditRecorder } from '../../engine/audit-recorder.js';
import { withTransaction, type Context } from '../../engine/context.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import type { ItemsService } from '../items/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

const MAX_COMMENT = 10_000;

/**
 * Comments on items, kept as activity rows with action `comment` (Directus 10's model):
 * anyone logged in who can read the item may comment; only the author or an administrator may edit or delete.
 */
export function createCommentsService(deps: { items: ItemsService; audit: AuditRecorder }) {
  const readComment = async (ctx: Context, id: unknown) => {
    const key = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    if (typeof key !== 'number' || !Number.isSafeInteger(key)) throw forbidden();
    const row = (await ctx.db('service_activity').select('id', 'user', 'action').where({ id: key }).first()) as
      { id: number; user: string | null; action: string } | undefined;
    if (!row || row.action !== 'comment') throw forbidden();
    if (!ctx.accountability.admin && (ctx.accountability.user === null || row.user !== ctx.accountability.user)) throw forbidden();
    return row;
  };
  const commentText = (value: unknown): string => {
    if (typeof value !== 'string' || value.trim() === '') throw invalidPayload('"comment" must be a non-empty string');
    if (value.length > MAX_COMMENT) throw invalidPayload(`"comment" must be at most ${MAX_COMMENT} characters`);
    return value;
  };

  return {
    async create(ctx: Context, body: unknown): Promise<number> {
      if (!ctx.accountability.user) throw forbidden();
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object');
      const { collection, item, comment } = body;
      if (typeof collection !== 'string' || collection === '') throw invalidPayload('"collection" is required');
      if (typeof item !== 'string' && typeof item !== 'number') throw invalidPayload('"item" is required');
      const text = commentText(comment);
      const primary = getCollection(ctx.schema, collection).primary;
      // The caller must be able to see the item they comment on (403 otherwise, existence not revealed).
      await deps.items.readOne(ctx, collection, item, { fields: [primary] });
      return withTransaction(ctx, (trx) =>
        deps.audit.recordEvent(trx, { action: 'comment', collection, item: String(item), comment: text }),
      );
    },
    async update(ctx: Context, id: unknown, body: unknown): Promise<number> {
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object');
      const unknown = Object.keys(body).filter((key) => key !== 'comment');
      if (unknown.length > 0) throw invalidPayload(`Only "comment" can be changed, not ${unknown.map((k) => `"${k}"`).join(', ')}`);
      const text = commentText(body.comment);
      return withTransaction(ctx, async (trx) => {
        const row = await readComment(trx, id);
        await trx.db('service_activity').where({ id: row.id }).update({ comment: text });
        return row.id;
      });
    },
    async remove(ctx: Context, id: unknown): Promise<void> {
      await withTransaction(ctx, async (trx) => {
        const row = await readComment(trx, id);
        await trx.db('service_activity').where({ id: row.id }).delete();
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
