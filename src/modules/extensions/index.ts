import type { Context } from '../../engine/context.js';
import { forbidden } from '../../kernel/errors/index.js';

/**
 * Extensions: Stratum loads none yet, but Directus clients ask which are
 * installed (`readExtensions`) and the answer must have Directus's shape: a signed-in caller gets an empty list, a
 * public caller 403 as in Directus.
 */
export function listExtensions(ctx: Context): unknown[] {
  if (ctx.accountability.user === null && !ctx.accountability.admin) throw forbidden();
  return [];
}

/** `PATCH /extensions/:id`: there is no extension to change, so every id is one the caller may not touch (403). */
export function updateExtension(_ctx: Context, _id: string): never {
  throw forbidden();
}
