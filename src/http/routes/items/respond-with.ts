import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../../kernel/errors/index.js';
import type { ItemRouteDeps } from './register-item-routes.js';

/**
 * Answers a write with the written item(s) read back with the caller's own permissions; when reading them
 * back is forbidden the write still stands and the answer is 204 (Directus).
 */
export function respondWith(
  send: ItemRouteDeps['send'],
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<unknown>,
  collection: string,
): Promise<unknown> {
  return respondWithResult(send, request, reply, async () => ({ data: await read() }), collection);
}

/** respondWith for a read back that also answers `meta` (counts over the written items). */
export async function respondWithResult(
  send: ItemRouteDeps['send'],
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<{ data: unknown; meta?: unknown }>,
  collection: string,
): Promise<unknown> {
  try {
    return send(request, reply, await read(), { collection });
  } catch (error) {
    if (isAppError(error) && error.status === 403) return send(request, reply, null);
    throw error;
  }
}
