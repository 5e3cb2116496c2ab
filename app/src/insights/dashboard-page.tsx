import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { LiveNote, useLiveRefresh } from '../realtime/live.js';
import { useInsightsWrites } from './insights-access.js';
import { deleteOnePanel, listPanels, readOneDashboard } from './insights-api.js';
import { panelTitle, type Dashboard, type Panel } from './panel-model.js';
import { newPanel, PanelForm, type PanelDraft } from './panel-form.js';
import { PanelContent } from './panel-view.js';
import './insights.css';
import { msg, t } from '../i18n/t.js';

/** How a dashboard's panels read again: on every change (realtime), every N seconds, or only when asked. */
const REFRESH_CHOICES: [string, string][] = [
  ['live', msg('Live (on every change)')],
  ['10', msg('Every 10 seconds')],
  ['30', msg('Every 30 seconds')],
  ['60', msg('Every minute')],
  ['300', msg('Every 5 minutes')],
  ['off', msg('Off')],
];

const refreshKey = (id: string) => `stratum.insights.refresh.${id}`;

function storedRefresh(id: string): string {
  try {
    return localStorage.getItem(refreshKey(id)) ?? 'live';
  } catch {
    return 'live';
  }
}

/** `/insights/:id`: a dashboard's panels on its grid, each computed as the viewer; add, edit and delete panels. */
export function DashboardPage({ id }: { id: string }) {
  const { client } = useSession();
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [panels, setPanels] = useState<Panel[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [editing, setEditing] = useState<PanelDraft | null>(null);
  const [refresh, setRefresh] = useState(() => storedRefresh(id));
  const [tick, setTick] = useState(0);
  const writes = useInsightsWrites().panels;

  const load = () =>
    Promise.all([readOneDashboard(client, id), listPanels(client, id)]).then(
      ([board, list]) => {
        setDashboard(board);
        setPanels(list);
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  useEffect(() => {
    void load();
  }, [client, id]);

  // Live: one subscription per collection the panels read (refused quietly where the viewer may not read it).
  const collections = [
    ...new Set((panels ?? []).map((p) => p.options?.collection).filter((c): c is string => typeof c === 'string' && c !== '')),
  ];
  const live = useLiveRefresh(
    refresh === 'live' && collections.length > 0
      ? collections.map((collection) => ({ collection, query: { fields: ['*'], limit: 1 } }))
      : null,
  );
  useEffect(() => {
    if (refresh === 'live' || refresh === 'off') return;
    const timer = setInterval(() => setTick((n) => n + 1), Number(refresh) * 1000);
    return () => clearInterval(timer);
  }, [refresh]);
  const changes = tick + (refresh === 'live' ? live.changes : 0);

  const chooseRefresh = (value: string) => {
    setRefresh(value);
    try {
      localStorage.setItem(refreshKey(id), value);
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
  };
  const remove = (panel: Panel) => {
    const label = panel.name ?? t('this panel');
    if (!window.confirm(t('Delete {label}?', { label }))) return;
    setError(null);
    deleteOnePanel(client, panel.id).then(
      () => {
        setStatus(t('{label} deleted.', { label }));
        void load();
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  };
  const below = Math.max(1, ...(panels ?? []).map((p) => p.position_y + p.height));

  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/insights">{t('Insights')}</Link>
      </p>
      <h1 id="page-title">{dashboard ? t('Dashboard: {name}', { name: dashboard.name }) : t('Dashboard')}</h1>
      {dashboard?.note && <p class="note">{dashboard.note}</p>}
      {panels === null && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {panels && (
        <>
          <div class="dashboard-bar">
            <div class="field inline">
              <label for="dashboard-refresh">{t('Refresh')}</label>
              <select id="dashboard-refresh" value={refresh} onChange={(e) => chooseRefresh(e.currentTarget.value)}>
                {REFRESH_CHOICES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" onClick={() => setTick((n) => n + 1)}>
              {t('Refresh now')}
            </button>
            {writes.create && (
              <button type="button" class="primary" onClick={() => setEditing(newPanel(id, below))}>
                {t('Add panel')}
              </button>
            )}
            {refresh === 'live' && <LiveNote state={live.state} />}
          </div>
          {panels.length === 0 && (
            <p>{writes.create ? t('No panels yet. Add one to show a number, a list or a chart.') : t('No panels yet.')}</p>
          )}
          <ul class="dashboard-grid" aria-label={t('Panels')}>
            {panels.map((panel) => {
              const title = panelTitle(panel);
              return (
                <li
                  key={panel.id}
                  class="panel"
                  aria-label={title}
                  style={{
                    gridColumn: `${Math.max(1, panel.position_x)} / span ${Math.max(1, panel.width)}`,
                    gridRow: `${Math.max(1, panel.position_y)} / span ${Math.max(1, panel.height)}`,
                    ...(panel.color ? { borderTopColor: panel.color } : {}),
                  }}
                >
                  <div class="panel-head">
                    {panel.show_header ? <h2>{title}</h2> : <span class="visually-hidden">{title}</span>}
                    <span class="panel-actions">
                      {writes.update && (
                        <button type="button" class="small" onClick={() => setEditing({ ...panel })}>
                          {t('Edit')}
                          <span class="visually-hidden"> {title}</span>
                        </button>
                      )}
                      {writes.delete && (
                        <button type="button" class="small" onClick={() => remove(panel)}>
                          {t('Delete')}
                          <span class="visually-hidden"> {title}</span>
                        </button>
                      )}
                    </span>
                  </div>
                  {panel.note && <p class="help">{panel.note}</p>}
                  <div class="panel-body">
                    <PanelContent panel={panel} refresh={changes} />
                  </div>
                </li>
              );
            })}
          </ul>
          {editing && (
            <PanelForm
              key={editing.id ?? 'new'}
              draft={editing}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setStatus(t('Panel saved.'));
                setEditing(null);
                void load();
              }}
            />
          )}
        </>
      )}
      <p role="status">{status}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
