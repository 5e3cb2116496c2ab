import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage, requestMessage } from '../api/errors.js';
import { t } from '../i18n/t.js';
import { Check, TextInput } from './editor-inputs.js';
import { FIELD_TYPES, fieldPayload, hasLength, hasPrecision, type FieldDraft, type FieldPayload } from './field-draft.js';
import { retype } from './field-presentation.js';
import { PresentationFields } from './presentation-fields.js';

type Props = {
  /** The draft to start from (empty for a new field). */
  initial: FieldDraft;
  /** Editing an existing field: its name cannot change. */
  existing: boolean;
  onSubmit: (payload: FieldPayload) => Promise<void>;
  onCancel: () => void;
};

/** Create or edit a field: its type, schema options, interface and display, and metadata. The API's refusal shows above the buttons. */
export function FieldEditor({ initial, existing, onSubmit, onCancel }: Props) {
  const [draft, setDraft] = useState<FieldDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from a button above: the focus moves into the form.
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input:not([readonly]), select')?.focus(), []);
  const set =
    <K extends keyof FieldDraft>(key: K) =>
    (value: FieldDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: Event) => {
    event.preventDefault();
    setFailure(null);
    const result = fieldPayload(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(result.payload);
    } catch (error) {
      setFailure(errorMessage(error) ?? requestMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      class="item-form field-editor"
      aria-label={existing ? t('Edit field {field}', { field: initial.field }) : t('New field')}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <TextInput id="fe-name" label={t('Field name')} value={draft.field} error={errors.field} readOnly={existing} onInput={set('field')} />
      <div class="field">
        <label for="fe-type">{t('Type')}</label>
        <select
          id="fe-type"
          value={draft.type}
          onChange={(e) => {
            const type = e.currentTarget.value;
            setDraft((d) => retype(d, type));
          }}
        >
          {!FIELD_TYPES.includes(draft.type as never) && <option value={draft.type}>{draft.type}</option>}
          {FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      {draft.type !== 'alias' && (
        <fieldset class="relation-list">
          <legend>{t('Schema')}</legend>
          <Check id="fe-nullable" label={t('Nullable')} checked={draft.nullable} onChange={set('nullable')} />
          <Check id="fe-unique" label={t('Unique')} checked={draft.unique} onChange={set('unique')} />
          <TextInput
            id="fe-default"
            label={t('Default value')}
            value={draft.defaultValue}
            error={errors.defaultValue}
            help={t('Empty for none.')}
            onInput={set('defaultValue')}
          />
          {hasLength(draft.type) && (
            <TextInput id="fe-length" label={t('Length')} value={draft.maxLength} error={errors.maxLength} onInput={set('maxLength')} />
          )}
          {hasPrecision(draft.type) && (
            <TextInput
              id="fe-precision"
              label={t('Precision')}
              value={draft.precision}
              error={errors.precision}
              onInput={set('precision')}
            />
          )}
          {hasPrecision(draft.type) && (
            <TextInput id="fe-scale" label={t('Scale')} value={draft.scale} error={errors.scale} onInput={set('scale')} />
          )}
        </fieldset>
      )}
      <PresentationFields draft={draft} set={set} />
      <fieldset class="relation-list spaced">
        <legend>{t('Metadata')}</legend>
        <TextInput id="fe-note" label={t('Note')} value={draft.note} onInput={set('note')} />
        <Check id="fe-required" label={t('Required')} checked={draft.required} onChange={set('required')} />
        <Check id="fe-readonly" label={t('Read-only')} checked={draft.readonly} onChange={set('readonly')} />
        <Check id="fe-hidden" label={t('Hidden')} checked={draft.hidden} onChange={set('hidden')} />
        <TextInput id="fe-sort" label={t('Sort')} value={draft.sort} error={errors.sort} onInput={set('sort')} />
      </fieldset>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {existing ? t('Save field') : t('Create field')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
