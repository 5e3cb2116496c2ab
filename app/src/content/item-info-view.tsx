import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { formatValue } from './content-api.js';
import { USERS_PLAN } from './display-value.js';
import type { RawFormField } from './form-fields.js';
import { itemInfo } from './item-info.js';
import { readOptions } from './related-api.js';
import { TimeStamp } from '../ui/time-stamp.js';

/** The side panel's Information: the key, who created and updated the item (by name where readable) and when. */
export function ItemInfoView({ fields, item, primaryKey }: { fields: RawFormField[]; item: Record<string, unknown>; primaryKey: string }) {
  const { client } = useSession();
  const rows = itemInfo(fields, item, primaryKey);
  const users = rows.flatMap((row) => (row.kind === 'user' && typeof row.value === 'string' ? [row.value] : []));
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    // Users the viewer may not read keep their key.
    readOptions(client, USERS_PLAN, users).then(
      (found) => {
        if (live) setNames(found);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, users.join(',')]);

  return (
    <dl class="item-info">
      {rows.map((row) => (
        <Fragment key={row.field}>
          <dt>{t(row.label)}</dt>
          <dd>
            {row.kind === 'date' && typeof row.value === 'string' ? (
              <TimeStamp value={row.value} />
            ) : (
              (names.get(String(row.value)) ?? formatValue(row.value))
            )}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
