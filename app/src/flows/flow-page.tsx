import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import type { Flow, Operation } from './flow-model.js';
import { FlowRuns } from './flow-runs.js';
import { FlowSettings } from './flow-settings.js';
import { deleteOneFlow, readFlowOperations, readOneFlow } from './flows-api.js';
import { OperationChain } from './operation-chain.js';
import { t } from '../i18n/t.js';

/** `/flows/<id>`: the flow's settings and trigger, its chain of operations, its runs, and "Delete flow". */
export function FlowPage({ id }: { id: string }) {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const [flow, setFlow] = useState<Flow | null>(null);
  const [operations, setOperations] = useState<Operation[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Raised after each change, so the settings form and the runs read again.
  const [version, setVersion] = useState(0);
  const load = () =>
    Promise.all([readOneFlow(client, id), readFlowOperations(client, id)]).then(
      ([f, o]) => {
        setFlow(f);
        setOperations(o);
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  useEffect(() => {
    void load();
  }, [client, id]);
  const changed = () => {
    void load().then(() => setVersion((v) => v + 1));
  };

  const remove = () => {
    if (
      !flow ||
      !window.confirm(t('Delete the flow {name} and its operations? Its recorded runs stay in the activity.', { name: flow.name }))
    )
      return;
    deleteOneFlow(client, flow.id).then(
      () => navigate('/flows', { replace: true }),
      (failure: unknown) => setError(requestMessage(failure)),
    );
  };

  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/flows">{t('Flows')}</Link> / {flow?.name ?? id}
      </p>
      <h1 id="page-title">{flow ? t('Flow: {name}', { name: flow.name }) : t('Flow')}</h1>
      {!flow && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {flow && (
        <>
          <FlowSettings key={flow.id} flow={flow} saved={changed} />
          <OperationChain flow={flow} operations={operations} changed={changed} />
          <FlowRuns flow={flow.id} version={version} />
          <div class="actions spaced">
            <button type="button" class="danger" onClick={remove}>
              {t('Delete flow')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
