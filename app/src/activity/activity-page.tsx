import { readActivities } from '@directus/sdk';
import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { formatValue } from '../content/content-api.js';

type ActivityRow = { id: number | string; action: string; collection: string; item: string; timestamp: string; user: string | null };

/** The latest activity the user may read (the global page with filters and export comes later). */
export function ActivityPage() {
  const { client } = useSession();
  const [rows, setRows] = useState<ActivityRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client
      .request(readActivities({ fields: ['id', 'action', 'collection', 'item', 'timestamp', 'user'], sort: ['-timestamp'], limit: 50 }))
      .then((list) => setRows(list as unknown as ActivityRow[]), (failure) => setError(requestMessage(failure)));
  }, [client]);

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Activity</h1>
      {error && <p class="error" role="alert">{error}</p>}
      {!rows && !error && <p aria-live="polite">Loading activity…</p>}
      {rows && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Latest activity</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">Collection</th>
                <th scope="col">Item</th>
                <th scope="col">User</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{new Date(row.timestamp).toLocaleString()}</td>
                  <td>{row.action}</td>
                  <td>{row.collection}</td>
                  <td>{formatValue(row.item)}</td>
                  <td>{formatValue(row.user)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
