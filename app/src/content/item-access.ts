import { readItemPermissions } from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { FormField } from './form-fields.js';

/** What the user may do to one item (`GET /permissions/me/<collection>/<key>`: their rules' row filters checked on it). */
export type ItemAccess = { update: boolean; delete: boolean; share: boolean };

/** The item's own access; null when the server cannot say (the collection-level rules then decide, as before). */
export async function readItemAccess(client: Client, collection: string, key: string): Promise<ItemAccess | null> {
  try {
    const answer = (await client.request(readItemPermissions(collection as never, key))) as {
      update?: { access?: boolean };
      delete?: { access?: boolean };
      share?: { access?: boolean };
    };
    return { update: answer.update?.access === true, delete: answer.delete?.access === true, share: answer.share?.access === true };
  } catch {
    return null;
  }
}

/**
 * The form for an item the user may not update (a rule's row filter leaves it out, say a published article for an
 * editor of drafts): every field read-only, so no Save, and no upload into a file field that could not be saved.
 */
export function honourItemAccess(form: FormField[], access: ItemAccess | null): FormField[] {
  return access && !access.update ? form.map((field) => ({ ...field, readOnly: true })) : form;
}
