import { asSystem, type Context } from '../../engine/context.js';
import { forbidden } from '../../kernel/errors/index.js';
import { fingerprintMatches, passwordFingerprint, verifyPurposeToken } from '../auth/index.js';
import type { ItemsService } from '../items/index.js';
import { userById } from './user-rows.js';

/**
 * Spends a mailed token of `scope` (an invitation, an e-mail verification): the user it names must still have
 * `status`, the address and the password the token was made for; then `data` is written (through the write path,
 * as the system) only while the status is unchanged, so of two uses of one token one wins. Anything else is 403
 * FORBIDDEN (a bad, foreign or expired token: INVALID_TOKEN, TOKEN_EXPIRED). Answers the user's id.
 */
export async function redeemUserToken(
  ctx: Context,
  items: ItemsService,
  input: { scope: string; token: string; status: string; data: Record<string, unknown> },
): Promise<string> {
  const { secret } = ctx.config;
  const claims = await verifyPurposeToken(secret, input.scope, input.token, ctx.now());
  const user = await userById(ctx, claims.sub);
  const usable =
    user !== undefined &&
    user.status === input.status &&
    user.email?.toLowerCase() === claims.email &&
    fingerprintMatches(passwordFingerprint(secret, user.password), claims.hash);
  if (!usable) throw forbidden();
  const written = await items.updateByQuery(
    asSystem(ctx),
    'service_users',
    { filter: { _and: [{ id: { _eq: user.id } }, { status: { _eq: input.status } }] }, limit: 1 },
    input.data,
  );
  if (written.length === 0) throw forbidden();
  return user.id;
}
