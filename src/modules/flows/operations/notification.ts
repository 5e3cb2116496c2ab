import type { FlowDeps } from '../flow-deps.js';
import type { OperationType } from '../flows.types.js';
import { operationContext, permissionsOptionProblem } from './operation-context.js';

/** The users an option names: an id, a comma-separated list or an array of ids. */
const recipientsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
    .map((id) => String(id).trim())
    .filter(Boolean);

/** A message option as text: a string as it is, any other value (an object from the data chain) as JSON. */
const textOf = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * `notification`: creates one notification per `recipient` (a user id, a comma-separated list or an array) with
 * `subject`, `message` and optionally `collection` and `item`, through the items service in the context the
 * `permissions` option names, as the item operations do (`$trigger` by default, `$public`, `$full`, a role's or policy's id),
 * so the notifications' rules, mail and events apply. The sender is that context's user. Answers the keys made.
 */
export function notificationOperation(deps: FlowDeps): OperationType {
  return {
    validate(options) {
      if (recipientsOf(options.recipient).length === 0) return '"recipient" is required';
      return permissionsOptionProblem(options.permissions);
    },
    async run(options, scope) {
      const ctx = await operationContext(scope, options.permissions, deps);
      const payloads = recipientsOf(options.recipient).map((recipient) => ({
        recipient,
        sender: ctx.accountability.user,
        subject: options.subject,
        message: textOf(options.message),
        collection: typeof options.collection === 'string' && options.collection !== '' ? options.collection : null,
        item: options.item === undefined || options.item === null || options.item === '' ? null : String(options.item as string),
      }));
      return deps.items.createMany(ctx, 'service_notifications', payloads);
    },
  };
}
