import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { readFlowRuns, type FlowRun } from './flows-api.js';
import { locale, plural, t } from '../i18n/t.js';

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/**
 * The flow's latest runs as the server recorded them (activity rows `run`; with "Activity and each step's data",
 * the revision holding each step's outcome and data, and the trigger's data). Read again when `version` changes.
 */
export function FlowRuns({ flow, version }: { flow: string; version: number }) {
  const { client } = useSession();
  const [runs, setRuns] = useState<FlowRun[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => readFlowRuns(client, flow).then(setRuns, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
  }, [client, flow, version]);

  return (
    <section aria-labelledby="runs-title">
      <h2 id="runs-title">{t('Runs')}</h2>
      <button type="button" class="small" onClick={() => void load()}>
        {t('Refresh runs')}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {runs && runs.length === 0 && <p>{t('No runs recorded yet.')}</p>}
      {runs && runs.length > 0 && (
        <ol class="runs">
          {runs.map((run) => {
            const when = new Date(run.timestamp).toLocaleString(locale());
            const failed = run.steps?.some((step) => step.status === 'reject') ?? false;
            return (
              <li key={run.id}>
                <p>
                  {when} ·{' '}
                  {run.steps
                    ? plural(
                        run.steps.length,
                        failed ? '{count} step, one failed' : '{count} step',
                        failed ? '{count} steps, one failed' : '{count} steps',
                      )
                    : t('no step data')}
                  {run.user ? ` · ${t('by {user}', { user: run.user })}` : ''}{' '}
                  {run.steps && (
                    <button
                      type="button"
                      class="small"
                      aria-expanded={open === run.id}
                      onClick={() => setOpen(open === run.id ? null : run.id)}
                    >
                      {open === run.id ? t('Hide steps of the run at {when}', { when }) : t('Show steps of the run at {when}', { when })}
                    </button>
                  )}
                </p>
                {open === run.id && run.steps && (
                  <div class="run-steps">
                    <h3>{t('Trigger data')}</h3>
                    <pre>{json(run.data?.$trigger)}</pre>
                    <table>
                      <caption>{t('Steps of the run at {when}', { when })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('Operation')}</th>
                          <th scope="col">{t('Outcome')}</th>
                          <th scope="col">{t('Options')}</th>
                          <th scope="col">{t('Data')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {run.steps.map((step, index) => (
                          <tr key={index}>
                            <th scope="row">{step.key}</th>
                            <td>{step.status === 'resolve' ? t('Succeeded') : t('Failed')}</td>
                            <td>
                              <pre>{json(step.options)}</pre>
                            </td>
                            <td>
                              <pre>{json(step.data)}</pre>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
