import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { ListTable } from '../ui/list-table.js';
import { TRIGGER_LABELS, type Flow, type Trigger } from './flow-model.js';
import { createOneFlow, listFlows, updateOneFlow } from './flows-api.js';
import { TriggerField } from './trigger-field.js';
import { t } from '../i18n/t.js';

/** The options a new flow starts with, so the server accepts it (each trigger's required options). */
const STARTING_OPTIONS: Record<Trigger, Record<string, unknown>> = {
  event: { type: 'action', scope: ['items.create'] },
  webhook: { method: 'POST' },
  manual: { collections: [], requireSelection: true },
  schedule: { cron: '0 0 * * * *' },
  operation: {},
};

/** `/flows`: the flows with their trigger and status, "Enable"/"Disable" each, and "Create flow". */
export function FlowsPage() {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const [flows, setFlows] = useState<Flow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [trigger, setTrigger] = useState<Trigger>('manual');
  const load = () => listFlows(client).then(setFlows, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
  }, [client]);

  const toggle = (flow: Flow) => {
    const next = flow.status === 'active' ? 'inactive' : 'active';
    setError(null);
    updateOneFlow(client, flow.id, { status: next }).then(
      () => {
        setStatus(next === 'active' ? t('{name} is enabled.', { name: flow.name }) : t('{name} is disabled.', { name: flow.name }));
        void load();
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Flows')}</h1>
      {flows === null && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {flows && (
        <ListTable
          label={t('Flows table')}
          rows={flows}
          empty={t('No flows yet.')}
          columns={[
            { header: t('Name'), cell: (flow) => <Link href={`/flows/${flow.id}`}>{flow.name}</Link> },
            { header: t('Trigger'), cell: (flow) => (TRIGGER_LABELS[flow.trigger] ? t(TRIGGER_LABELS[flow.trigger]) : flow.trigger) },
            { header: t('Status'), cell: (flow) => (flow.status === 'active' ? t('Enabled') : t('Disabled')) },
            {
              header: t('Actions'),
              cell: (flow) => (
                <button type="button" class="small" onClick={() => toggle(flow)}>
                  {flow.status === 'active' ? t('Disable') : t('Enable')} {flow.name}
                </button>
              ),
            },
          ]}
        />
      )}
      {status && <p role="status">{status}</p>}
      {flows && (
        <form
          class="item-form"
          aria-labelledby="new-flow-title"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            createOneFlow(client, {
              name: name.trim(),
              trigger,
              status: 'active',
              accountability: 'all',
              options: STARTING_OPTIONS[trigger],
            }).then(
              (created) => navigate(`/flows/${created.id}`),
              (failure: unknown) => setError(requestMessage(failure)),
            );
          }}
        >
          <h2 id="new-flow-title">{t('New flow')}</h2>
          <div class="field">
            <label for="new-flow-name">{t('Name')}</label>
            <input id="new-flow-name" value={name} required onInput={(e) => setName(e.currentTarget.value)} />
          </div>
          <TriggerField id="new-flow-trigger" value={trigger} onChange={setTrigger} />
          <div class="actions">
            <button type="submit" class="primary" disabled={name.trim() === ''}>
              {t('Create flow')}
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
