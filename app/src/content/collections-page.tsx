import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { fieldLabel, readableCollections, type CollectionInfo } from './content-api.js';
import { systemLabel } from '../ui/system-label.js';
import { PageHeader } from '../shell/page-header.js';
import { t } from '../i18n/t.js';
import { CollectionIcon } from '../ui/collection-icon.js';

/** The collections the user may read, each a link to its table. */
export function CollectionsPage() {
  const { client } = useSession();
  const [collections, setCollections] = useState<CollectionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    readableCollections(client).then(setCollections, (failure) => setError(requestMessage(failure)));
  }, [client]);

  return (
    <section aria-labelledby="page-title">
      <PageHeader crumbs={[{ label: t('Content') }]} title={t('Content')} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!collections && !error && <p aria-live="polite">{t('Loading collections…')}</p>}
      {collections && collections.length === 0 && <p>{t('There is no collection you may read yet.')}</p>}
      {collections && collections.length > 0 && (
        <ul class="collection-list" aria-label={t('Collections')}>
          {collections.map((c) => (
            <li key={c.collection}>
              <CollectionIcon icon={c.icon} color={c.color} label={fieldLabel(c.collection)} />
              <Link href={`/content/${encodeURIComponent(c.collection)}`}>{fieldLabel(c.collection)}</Link>
              {c.note && <span class="note"> — {systemLabel(c.note)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
