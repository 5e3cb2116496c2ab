import { readFlows, triggerFlow } from '@directus/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Client } from '../api/client.js';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import {
  ConfirmProblem,
  confirmFields,
  confirmValues,
  manualFlowsFor,
  needsConfirmation,
  needsSelection,
  type ManualFlow,
} from './manual-flows-model.js';
import { plural, t } from '../i18n/t.js';

/** The active manual flows of a collection that the user may read (none when they may not read flows). */
async function readManualFlows(client: Client, collection: string): Promise<ManualFlow[]> {
  const flows = (await client.request(
    readFlows({
      fields: ['id', 'name', 'options'],
      filter: { _and: [{ trigger: { _eq: 'manual' } }, { status: { _eq: 'active' } }] },
      limit: -1,
    } as never),
  )) as ManualFlow[];
  return manualFlowsFor(flows, collection);
}

type Props = {
  collection: string;
  /** The items the flow runs on: the list page's selection, or the item page's item. */
  keys: (string | number)[];
  /** On the list page a flow that requires a selection waits for one; on the item page the item is the selection. */
  where: 'list' | 'item';
  /** After a run (the page reads its data again). */
  ran?: () => void;
};

/**
 * A button per manual flow of the collection (`POST /flows/trigger/<id>` with `{ collection, keys }`); a flow that
 * asks for confirmation first opens its form (`options.fields`) below the buttons, with "Run <name>" and "Cancel".
 */
export function ManualFlows({ collection, keys, where, ran }: Props) {
  const { client } = useSession();
  const [flows, setFlows] = useState<ManualFlow[]>([]);
  const [confirming, setConfirming] = useState<ManualFlow | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const firstInput = useRef<HTMLFormElement>(null);

  useEffect(() => {
    readManualFlows(client, collection).then(setFlows, () => setFlows([]));
  }, [client, collection]);
  useEffect(() => {
    if (confirming) firstInput.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [confirming]);

  if (flows.length === 0) return null;

  const run = async (flow: ManualFlow, values: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      await client.request(triggerFlow('POST', flow.id, { ...values, collection, keys } as never));
      setConfirming(null);
      setStatus(t('Ran {flow}.', { flow: flow.name }));
      ran?.();
    } catch (failure) {
      setError(`${flow.name}: ${requestMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const start = (flow: ManualFlow) => {
    setStatus(null);
    setError(null);
    if (!needsConfirmation(flow)) return void run(flow, {});
    setTexts({});
    setProblems({});
    setConfirming(flow);
  };

  const fields = confirming ? confirmFields(confirming) : [];
  return (
    <div class="manual-flows" role="group" aria-label={t('Flows')}>
      <p class="flow-buttons">
        {flows.map((flow) => {
          const waiting = where === 'list' && needsSelection(flow) && keys.length === 0;
          return (
            <button
              key={flow.id}
              type="button"
              disabled={busy || waiting}
              aria-expanded={needsConfirmation(flow) ? confirming?.id === flow.id : undefined}
              onClick={() => start(flow)}
            >
              {flow.name}
            </button>
          );
        })}
      </p>
      {confirming && (
        <form
          ref={firstInput}
          class="item-form flow-confirm"
          aria-labelledby="flow-confirm-title"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setConfirming(null);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            try {
              const values = confirmValues(fields, texts);
              setProblems({});
              void run(confirming, values);
            } catch (problem) {
              if (problem instanceof ConfirmProblem) setProblems({ [problem.field]: problem.message });
              else throw problem;
            }
          }}
          noValidate
        >
          <h2 id="flow-confirm-title">
            {plural(keys.length, 'Run {flow} on {count} item?', 'Run {flow} on {count} items?', { flow: confirming.name })}
          </h2>
          {fields.map((field) => {
            const id = `flow-field-${field.field}`;
            const text = texts[field.field] ?? '';
            const set = (value: string) => setTexts((current) => ({ ...current, [field.field]: value }));
            const invalid = problems[field.field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
            return (
              <div key={field.field} class={field.kind === 'boolean' ? 'field checkbox' : 'field'}>
                {field.kind === 'boolean' && (
                  <input id={id} type="checkbox" checked={text === 'true'} onChange={(e) => set(String(e.currentTarget.checked))} />
                )}
                <label for={id}>{field.required ? t('{label} (required)', { label: field.label }) : field.label}</label>
                {field.kind === 'textarea' && (
                  <textarea id={id} rows={3} value={text} onInput={(e) => set(e.currentTarget.value)} {...invalid} />
                )}
                {(field.kind === 'text' || field.kind === 'number') && (
                  <input
                    id={id}
                    inputMode={field.kind === 'number' ? 'decimal' : undefined}
                    value={text}
                    onInput={(e) => set(e.currentTarget.value)}
                    {...invalid}
                  />
                )}
                {problems[field.field] && (
                  <p id={`${id}-error`} class="error">
                    {problems[field.field]}
                  </p>
                )}
              </div>
            );
          })}
          <div class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {t('Run {flow}', { flow: confirming.name })}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              {t('Cancel')}
            </button>
          </div>
        </form>
      )}
      {status && <p role="status">{status}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
