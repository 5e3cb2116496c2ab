import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../../kernel/errors/index.js';
import type { ItemRouteDeps } from '../items/index.js';

/**
 * Answers a write with the changed thing as the caller would read it: 200 `{data}`, or 204 when the caller
 * may not read it (as item writes do).
 */
export async function sendReadBack(
  deps: ItemRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<unknown>,
): Promise<unknown> {
  let data: unknown;
  try {
    data = await read();
  } catch (error) {
    if (isAppError(error) && error.status === 403) return deps.send(request, reply, null);
    throw error;
  }
  return deps.send(request, reply, { data });
}
