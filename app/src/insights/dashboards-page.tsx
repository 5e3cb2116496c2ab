import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { ListTable } from '../ui/list-table.js';
import { useInsightsWrites } from './insights-access.js';
import { createOneDashboard, deleteOneDashboard, listDashboards, updateOneDashboard } from './insights-api.js';
import type { Dashboard } from './panel-model.js';
import './insights.css';
import { t } from '../i18n/t.js';

/** `/insights`: the dashboards, "Rename" and "Delete" each, and "Create dashboard". */
export function DashboardsPage() {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const [dashboards, setDashboards] = useState<Dashboard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const writes = useInsightsWrites().dashboards;
  const load = () => listDashboards(client).then(setDashboards, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
  }, [client]);

  const fail = (failure: unknown) => setError(requestMessage(failure));
  const remove = (dashboard: Dashboard) => {
    if (!window.confirm(t('Delete the dashboard {name} and its panels?', { name: dashboard.name }))) return;
    setError(null);
    deleteOneDashboard(client, dashboard.id).then(() => {
      setStatus(`${dashboard.name} deleted.`);
      void load();
    }, fail);
  };
  const rename = (event: Event) => {
    event.preventDefault();
    if (!renaming) return;
    setError(null);
    updateOneDashboard(client, renaming.id, { name: renaming.name.trim() }).then(() => {
      setStatus(t('Renamed to {name}.', { name: renaming.name.trim() }));
      setRenaming(null);
      void load();
    }, fail);
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Insights')}</h1>
      {dashboards === null && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {dashboards && (
        <ListTable
          label={t('Dashboards table')}
          rows={dashboards}
          empty={t('No dashboards yet.')}
          columns={[
            { header: t('Name'), cell: (d) => <Link href={`/insights/${d.id}`}>{d.name}</Link> },
            { header: t('Note'), cell: (d) => d.note ?? '' },
            ...(writes.update || writes.delete
              ? [
                  {
                    header: t('Actions'),
                    cell: (d: Dashboard) => (
                      <span class="row-actions">
                        {writes.update && (
                          <button type="button" class="small" onClick={() => setRenaming({ id: d.id, name: d.name })}>
                            {t('Rename {name}', { name: d.name })}
                          </button>
                        )}
                        {writes.delete && (
                          <button type="button" class="small" onClick={() => remove(d)}>
                            {t('Delete {name}', { name: d.name })}
                          </button>
                        )}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <p role="status">{status}</p>
      {renaming && (
        <form class="item-form" aria-labelledby="rename-title" onSubmit={rename}>
          <h2 id="rename-title">{t('Rename dashboard')}</h2>
          <div class="field">
            <label for="rename-name">{t('New name')}</label>
            <input
              id="rename-name"
              value={renaming.name}
              required
              onInput={(e) => setRenaming({ ...renaming, name: e.currentTarget.value })}
            />
          </div>
          <div class="actions">
            <button type="submit" class="primary" disabled={renaming.name.trim() === ''}>
              {t('Save name')}
            </button>
            <button type="button" onClick={() => setRenaming(null)}>
              {t('Cancel')}
            </button>
          </div>
        </form>
      )}
      {dashboards && writes.create && (
        <form
          class="item-form"
          aria-labelledby="new-dashboard-title"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            createOneDashboard(client, { name: name.trim() }).then((created) => navigate(`/insights/${created.id}`), fail);
          }}
        >
          <h2 id="new-dashboard-title">{t('New dashboard')}</h2>
          <div class="field">
            <label for="new-dashboard-name">{t('Name')}</label>
            <input id="new-dashboard-name" value={name} required onInput={(e) => setName(e.currentTarget.value)} />
          </div>
          <div class="actions">
            <button type="submit" class="primary" disabled={name.trim() === ''}>
              {t('Create dashboard')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
