import { onCommit, type Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { CollectionBehaviour, Item } from '../items/index.js';
import type { Mailer } from '../mail/index.js';
import { notificationMessage } from './notification-message.js';

const STATUSES = ['inbox', 'archived'];

type Recipient = { email: string | null; status: string; email_notifications: unknown };

/**
 * Notifications (`service_notifications`): a status is `inbox` or `archived`; a new one needs a subject and a
 * recipient, and is signed by its creator unless it names a sender. One created for another user is mailed to
 * them after the commit when their `email_notifications` is on (and they are active with an address).
 */
export function notificationsBehaviour(mailer: () => Mailer): CollectionBehaviour {
  return {
    beforeWrite(ctx, { action, payload }) {
      if ('status' in payload && !STATUSES.includes(payload.status as string))
        throw invalidPayload(`"status" must be one of ${STATUSES.map((s) => `"${s}"`).join(', ')}`);
      if (action === 'update') {
        if ('subject' in payload) requireText(payload.subject, 'subject');
        if ('recipient' in payload && payload.recipient == null) throw invalidPayload('"recipient" is required');
        return payload;
      }
      requireText(payload.subject, 'subject');
      if (payload.recipient == null) throw invalidPayload('"recipient" is required');
      return 'sender' in payload ? payload : { ...payload, sender: ctx.accountability.user };
    },
    async afterWrite(ctx, { action, payload }) {
      if (action !== 'create' || payload === null) return;
      await mailWhenWanted(ctx, payload, mailer);
    },
  };
}

function requireText(value: unknown, field: string): void {
  if (typeof value !== 'string' || value.trim() === '') throw invalidPayload(`"${field}" must be a non-empty string`);
}

async function mailWhenWanted(ctx: Context, payload: Item, mailer: () => Mailer): Promise<void> {
  const recipient = String(payload.recipient);
  if (recipient === ctx.accountability.user) return;
  const user = (await ctx.db('service_users').select('email', 'status', 'email_notifications').where({ id: recipient }).first()) as
    Recipient | undefined;
  if (!user?.email || user.status !== 'active' || !isOn(user.email_notifications)) return;
  const message = notificationMessage({
    to: user.email,
    subject: String(payload.subject),
    message: typeof payload.message === 'string' ? payload.message : null,
    collection: typeof payload.collection === 'string' ? payload.collection : null,
    item: payload.item == null ? null : String(payload.item),
    publicUrl: ctx.config.server.publicUrl,
  });
  onCommit(ctx, () => mailer().send(message));
}

/** A stored boolean as the vendors return it (true, 1, '1'). */
function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
