import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage, requestMessage } from '../api/errors.js';
import { FIELD_TYPES, fieldPayload, hasChoices, hasLength, hasPrecision, type FieldDraft, type FieldPayload } from './field-draft.js';

type Props = {
  /** The draft to start from (empty for a new field). */
  initial: FieldDraft;
  /** Editing an existing field: its name cannot change. */
  existing: boolean;
  onSubmit: (payload: FieldPayload) => Promise<void>;
  onCancel: () => void;
};

/** Text input of the field editor, with its label and its error tied to it. */
function TextInput({
  id,
  label,
  value,
  error,
  help,
  onInput,
  readOnly,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  help?: string;
  onInput: (value: string) => void;
  readOnly?: boolean;
}) {
  const described = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {help && (
        <p class="help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Check({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div class="field checkbox inline-check">
      <input type="checkbox" id={id} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />{' '}
      <label for={id}>{label}</label>
    </div>
  );
}

/** Create or edit a field: its type, schema options and metadata. The API's refusal shows above the buttons. */
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
      aria-label={existing ? `Edit field ${initial.field}` : 'New field'}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <TextInput id="fe-name" label="Field name" value={draft.field} error={errors.field} readOnly={existing} onInput={set('field')} />
      <div class="field">
        <label for="fe-type">Type</label>
        <select id="fe-type" value={draft.type} onChange={(e) => set('type')(e.currentTarget.value)}>
          {!FIELD_TYPES.includes(draft.type as never) && <option value={draft.type}>{draft.type}</option>}
          {FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {draft.type !== 'alias' && (
        <fieldset class="relation-list">
          <legend>Schema</legend>
          <Check id="fe-nullable" label="Nullable" checked={draft.nullable} onChange={set('nullable')} />
          <Check id="fe-unique" label="Unique" checked={draft.unique} onChange={set('unique')} />
          <TextInput
            id="fe-default"
            label="Default value"
            value={draft.defaultValue}
            error={errors.defaultValue}
            help="Empty for none."
            onInput={set('defaultValue')}
          />
          {hasLength(draft.type) && (
            <TextInput id="fe-length" label="Length" value={draft.maxLength} error={errors.maxLength} onInput={set('maxLength')} />
          )}
          {hasPrecision(draft.type) && (
            <TextInput id="fe-precision" label="Precision" value={draft.precision} error={errors.precision} onInput={set('precision')} />
          )}
          {hasPrecision(draft.type) && (
            <TextInput id="fe-scale" label="Scale" value={draft.scale} error={errors.scale} onInput={set('scale')} />
          )}
        </fieldset>
      )}
      <fieldset class="relation-list spaced">
        <legend>Metadata</legend>
        {hasChoices(draft.type) && (
          <div class="field">
            <label for="fe-choices">Choices</label>
            <textarea
              id="fe-choices"
              rows={3}
              aria-describedby="fe-choices-help"
              value={draft.choices}
              onInput={(e) => set('choices')(e.currentTarget.value)}
            />
            <p class="help" id="fe-choices-help">
              One a line: a value, or value = label. Empty for free input.
            </p>
          </div>
        )}
        <TextInput id="fe-note" label="Note" value={draft.note} onInput={set('note')} />
        <Check id="fe-required" label="Required" checked={draft.required} onChange={set('required')} />
        <Check id="fe-readonly" label="Read-only" checked={draft.readonly} onChange={set('readonly')} />
        <Check id="fe-hidden" label="Hidden" checked={draft.hidden} onChange={set('hidden')} />
        <TextInput id="fe-sort" label="Sort" value={draft.sort} error={errors.sort} onInput={set('sort')} />
      </fieldset>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {existing ? 'Save field' : 'Create field'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
