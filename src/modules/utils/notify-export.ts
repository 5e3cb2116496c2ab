import { asSystem, type Context } from '../../engine/context.js';
import type { ItemsService, PrimaryKey } from '../items/index.js';

/**
 * The notification a user gets when their export is stored (Directus: "Your export of … is ready"): to the
 * caller, about the new file (`service_files`, its key), written with the system's rights (a user needs no rule on
 * notifications to be told) through the notifications' one write path. Anonymous exports notify no one.
 */
export async function notifyExport(
  ctx: Context,
  items: ItemsService,
  collection: string,
  file: PrimaryKey,
  filename: string,
): Promise<void> {
  const recipient = ctx.accountability.user;
  if (!recipient) return;
  await items.createOne(asSystem(ctx), 'service_notifications', {
    recipient,
    subject: `Your export of ${collection} is ready`,
    message: `The export of ${collection} was saved to the file library as ${filename}.`,
    collection: 'service_files',
    item: String(file),
  });
}
