import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { fieldLabel } from './content-api.js';
import { readDisplayPlan, readRelatedOption } from './related-api.js';

/**
 * The heading of an item's page: the collection's display template filled in with the item
 * (`meta.display_template`, when the user may read every field it names), else `<Collection> <key>`. Read again
 * when `version` grows (after a save).
 */
export function useItemTitle(collection: string, id: string | null, version: number): string {
  const { client } = useSession();
  const fallback = id === null ? t('New item in {collection}', { collection: fieldLabel(collection) }) : `${fieldLabel(collection)} ${id}`;
  const [title, setTitle] = useState<{ key: string; text: string } | null>(null);
  const key = `${collection}/${id ?? ''}`;
  useEffect(() => {
    if (id === null) return;
    let cancelled = false;
    readDisplayPlan(client, collection)
      .then(async (plan) => {
        if (!plan?.template) return null;
        const option = await readRelatedOption(client, plan, id);
        return option.text !== String(option.key) ? option.text : null;
      })
      .then(
        (text) => {
          if (!cancelled && text) setTitle({ key, text });
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [client, key, version]);
  return title?.key === key ? title.text : fallback;
}
