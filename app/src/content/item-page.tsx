import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { fieldLabel, formatValue, readOne } from './content-api.js';

/** One item, read-only: every field the user may read, with its value. */
export function ItemPage({ collection, id }: { collection: string; id: string }) {
  const { client } = useSession();
  const [item, setItem] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setItem(null);
    setError(null);
    readOne(client, collection, id).then(setItem, (failure) => setError(requestMessage(failure)));
  }, [client, collection, id]);

  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/content">Content</Link> / <Link href={`/content/${encodeURIComponent(collection)}`}>{fieldLabel(collection)}</Link> / {id}
      </p>
      <h1 id="page-title">
        {fieldLabel(collection)} {id}
      </h1>
      {error && <p class="error" role="alert">{error}</p>}
      {!error && !item && <p aria-live="polite">Loading…</p>}
      {item && (
        <dl class="item">
          {Object.entries(item).map(([field, value]) => (
            <div key={field}>
              <dt>{fieldLabel(field)}</dt>
              <dd>{formatValue(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
