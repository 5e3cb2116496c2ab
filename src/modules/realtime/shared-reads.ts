import type { Accountability } from '../../kernel/context/index.js';
import type { Subscription } from './realtime.types.js';

/**
 * What decides the answer of a subscriber's read of a write: who reads (the user, their role and roles, the policies
 * that apply after the IP filter, the admin and app flags — everything the permission engine and the dynamic
 * variables `$CURRENT_*` look at) and what the subscription asks (its query and item). Two subscribers with the same
 * key read the same rows; a different user never shares a read, even with the same rules.
 */
export function readKey(accountability: Accountability, subscription: Subscription): string {
  return `${readerKey(accountability)}|${queryKey(subscription)}`;
}

/** The reader half of `readKey`: computed once per checked identity (its socket's token re-checks reuse it). */
export function readerKey(accountability: Accountability): string {
  const { user, role, roles, policies, admin, app } = accountability;
  // A share session has no user, role or policies, as the public: its share tells it apart (decision 0105).
  return JSON.stringify([user, role, roles, policies, admin, app, accountability.share?.id ?? null]);
}

/** The query half of `readKey`: computed once per subscription. */
export function queryKey(subscription: Subscription): string {
  return JSON.stringify([subscription.query, subscription.item ?? null]);
}
