import { useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { errorsByField } from '../content/form-fields.js';
import { useSession } from '../auth/session.js';
import { FieldProblem, TRIGGER_FIELDS, triggerOptions, triggerTexts, type Flow, type Trigger, type TriggerTexts } from './flow-model.js';
import { updateOneFlow } from './flows-api.js';
import { TriggerField } from './trigger-field.js';
import { t } from '../i18n/t.js';

type Draft = { name: string; description: string; status: Flow['status']; accountability: string; trigger: Trigger; texts: TriggerTexts };

const draftOf = (flow: Flow): Draft => ({
  name: flow.name,
  description: flow.description ?? '',
  status: flow.status,
  accountability: flow.accountability ?? '',
  trigger: flow.trigger,
  texts: triggerTexts(flow.trigger, flow.options),
});

/** The flow's name, description, status, what its runs record, and its trigger with the trigger's options. */
export function FlowSettings({ flow, saved }: { flow: Flow; saved: () => void }) {
  const { client } = useSession();
  const [draft, setDraft] = useState<Draft>(() => draftOf(flow));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const set = (values: Partial<Draft>) => setDraft((current) => ({ ...current, ...values }));
  const setText = (name: string, text: string) => setDraft((current) => ({ ...current, texts: { ...current.texts, [name]: text } }));

  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setStatus(null);
    let options: Record<string, unknown>;
    try {
      options = triggerOptions(draft.trigger, draft.texts);
    } catch (problem) {
      if (problem instanceof FieldProblem) return setProblems({ [problem.field]: problem.message });
      throw problem;
    }
    setProblems({});
    try {
      await updateOneFlow(client, flow.id, {
        name: draft.name.trim(),
        description: draft.description.trim() || null,
        status: draft.status,
        accountability: (draft.accountability || null) as Flow['accountability'],
        trigger: draft.trigger,
        options,
      });
      setStatus(t('Flow saved.'));
      saved();
    } catch (failure) {
      const { fields, general } = errorsByField(failure);
      setProblems(fields);
      setError(general.join(' ') || (Object.keys(fields).length > 0 ? t('Some fields need attention.') : requestMessage(failure)));
    }
  };

  return (
    <form class="item-form" aria-labelledby="flow-settings-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="flow-settings-title">{t('Settings and trigger')}</h2>
      <div class="field">
        <label for="flow-name">{t('Name')}</label>
        <input id="flow-name" value={draft.name} onInput={(e) => set({ name: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for="flow-description">{t('Description')}</label>
        <input id="flow-description" value={draft.description} onInput={(e) => set({ description: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for="flow-status">{t('Status')}</label>
        <select id="flow-status" value={draft.status} onChange={(e) => set({ status: e.currentTarget.value as Flow['status'] })}>
          <option value="active">{t('Enabled')}</option>
          <option value="inactive">{t('Disabled')}</option>
        </select>
      </div>
      <div class="field">
        <label for="flow-accountability">{t('Record runs')}</label>
        <select id="flow-accountability" value={draft.accountability} onChange={(e) => set({ accountability: e.currentTarget.value })}>
          <option value="all">{t("Activity and each step's data")}</option>
          <option value="activity">{t('Activity only')}</option>
          <option value="">{t('Nothing')}</option>
        </select>
      </div>
      <TriggerField
        id="flow-trigger"
        value={draft.trigger}
        onChange={(trigger) => set({ trigger, texts: triggerTexts(trigger, trigger === flow.trigger ? flow.options : null) })}
      />
      {TRIGGER_FIELDS[draft.trigger].map((field) => {
        const id = `trigger-${field.name}`;
        const problem = problems[field.name];
        const described = problem ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {};
        const text = draft.texts[field.name] ?? '';
        return (
          <div class={field.kind === 'boolean' ? 'field checkbox' : 'field'} key={field.name}>
            {field.kind === 'boolean' && (
              <input
                id={id}
                type="checkbox"
                checked={text === 'true'}
                onChange={(e) => setText(field.name, String(e.currentTarget.checked))}
              />
            )}
            <label for={id}>{t(field.label)}</label>
            {field.kind === 'choice' && (
              <select id={id} value={text} onChange={(e) => setText(field.name, e.currentTarget.value)}>
                {field.choices!.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            )}
            {(field.kind === 'text' || field.kind === 'list') && (
              <input id={id} value={text} onInput={(e) => setText(field.name, e.currentTarget.value)} {...described} />
            )}
            {field.kind === 'json' && (
              <textarea id={id} rows={4} value={text} onInput={(e) => setText(field.name, e.currentTarget.value)} {...described} />
            )}
            {problem && (
              <p id={`${id}-error`} class="error">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      <div class="actions">
        <button type="submit" class="primary" disabled={draft.name.trim() === ''}>
          {t('Save flow')}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status && <p role="status">{status}</p>}
    </form>
  );
}
