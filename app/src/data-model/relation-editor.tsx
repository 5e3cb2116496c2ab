import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage, requestMessage } from '../api/errors.js';
import { junctionFields } from './many-to-many-plan.js';
import {
  emptyRelationDraft,
  ON_DELETE_RULES,
  relationPlan,
  type PlanStep,
  type RelationContext,
  type RelationDraft,
  type RelationKind,
} from './relation-plan.js';
import { msg, t } from '../i18n/t.js';

const KINDS: { value: RelationKind; label: string }[] = [
  { value: 'm2o', label: msg('Many-to-one (this item points at one related item)') },
  { value: 'o2m', label: msg('One-to-many (related items point at this one)') },
  { value: 'm2m', label: msg('Many-to-many (through a new junction collection)') },
  { value: 'file', label: msg('File (many-to-one to the files)') },
];

/** What the junction will be: its default name and its two foreign keys. */
function junctionHelp(collection: string, related: string): string {
  if (related === '')
    return t('A new hidden collection with a row per link; empty: {name}.', { name: `${collection}_<${t('related collection')}>` });
  const { parentField, relatedField } = junctionFields(collection, related);
  return t('A new hidden collection with a row per link ({fields}); empty: {name}.', {
    fields: `${parentField}, ${relatedField}`,
    name: `${collection}_${related}`,
  });
}

type Props = {
  collection: string;
  collections: string[];
  /** Reads what the plan needs (primary key types, the related collection's fields). */
  loadContext: (related: string) => Promise<RelationContext>;
  onRun: (steps: PlanStep[]) => Promise<void>;
  onCancel: () => void;
};

/** Adds a relational field: many-to-one, one-to-many, many-to-many or file, with its on-delete rule. */
export function RelationEditor({ collection, collections, loadContext, onRun, onCancel }: Props) {
  const [draft, setDraft] = useState<RelationDraft>(emptyRelationDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from a button above: the focus moves into the form.
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input:not([readonly]), select')?.focus(), []);
  const set =
    <K extends keyof RelationDraft>(key: K) =>
    (value: RelationDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const describe = (key: string) => (errors[key] ? `re-${key}-error` : undefined);
  const errorOf = (key: string) =>
    errors[key] && (
      <p class="error" id={`re-${key}-error`}>
        {errors[key]}
      </p>
    );

  const submit = async (event: Event) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const context = await loadContext(draft.kind === 'file' ? 'service_files' : draft.related);
      const plan = relationPlan(draft, context);
      if ('errors' in plan) {
        setErrors(plan.errors);
        return;
      }
      setErrors({});
      await onRun(plan.steps);
    } catch (error) {
      setFailure(errorMessage(error) ?? requestMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} class="item-form" aria-label={t('New relation')} onSubmit={(e) => void submit(e)} noValidate>
      <div class="field">
        <label for="re-kind">{t('Relation')}</label>
        <select id="re-kind" value={draft.kind} onChange={(e) => set('kind')(e.currentTarget.value as RelationKind)}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {t(k.label)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="re-field">
          {draft.kind === 'o2m' || draft.kind === 'm2m' ? t('Field name (in this collection)') : t('Field name')}
        </label>
        <input
          id="re-field"
          value={draft.field}
          aria-invalid={errors.field ? true : undefined}
          aria-describedby={describe('field')}
          onInput={(e) => set('field')(e.currentTarget.value)}
        />
        {errorOf('field')}
      </div>
      {draft.kind !== 'file' && (
        <div class="field">
          <label for="re-related">{t('Related collection')}</label>
          <select
            id="re-related"
            value={draft.related}
            aria-invalid={errors.related ? true : undefined}
            aria-describedby={describe('related')}
            onChange={(e) => set('related')(e.currentTarget.value)}
          >
            <option value="">{t('Choose…')}</option>
            {collections.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errorOf('related')}
        </div>
      )}
      {draft.kind === 'o2m' && (
        <div class="field">
          <label for="re-fk">{t('Foreign key field (in the related collection)')}</label>
          <input
            id="re-fk"
            value={draft.foreignKey}
            aria-invalid={errors.foreignKey ? true : undefined}
            aria-describedby={[describe('foreignKey'), 're-fk-help'].filter(Boolean).join(' ')}
            onInput={(e) => set('foreignKey')(e.currentTarget.value)}
          />
          <p class="help" id="re-fk-help">
            {t('Created when the related collection has no such field.')}
          </p>
          {errorOf('foreignKey')}
        </div>
      )}
      {draft.kind === 'm2m' && (
        <div class="field">
          <label for="re-junction">{t('Junction collection')}</label>
          <input
            id="re-junction"
            value={draft.junction}
            placeholder={draft.related ? `${collection}_${draft.related}` : undefined}
            aria-invalid={errors.junction ? true : undefined}
            aria-describedby={[describe('junction'), 're-junction-help'].filter(Boolean).join(' ')}
            onInput={(e) => set('junction')(e.currentTarget.value)}
          />
          <p class="help" id="re-junction-help">
            {junctionHelp(collection, draft.related)}
          </p>
          {errorOf('junction')}
        </div>
      )}
      <div class="field">
        <label for="re-on-delete">
          {draft.kind === 'm2m' ? t('When an item on either side is deleted (its junction rows)') : t('When the related item is deleted')}
        </label>
        <select
          id="re-on-delete"
          value={draft.onDelete}
          aria-invalid={errors.onDelete ? true : undefined}
          aria-describedby={describe('onDelete')}
          onChange={(e) => set('onDelete')(e.currentTarget.value)}
        >
          {ON_DELETE_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {rule}
            </option>
          ))}
        </select>
        {errorOf('onDelete')}
      </div>
      {draft.kind !== 'o2m' && draft.kind !== 'm2m' && (
        <div class="field checkbox inline-check">
          <input type="checkbox" id="re-required" checked={draft.required} onChange={(e) => set('required')(e.currentTarget.checked)} />{' '}
          <label for="re-required">{t('Required')}</label>
        </div>
      )}
      <div class="field">
        <label for="re-note">{t('Note')}</label>
        <input id="re-note" value={draft.note} onInput={(e) => set('note')(e.currentTarget.value)} />
      </div>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {t('Create relation')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
      <p class="help">
        {t('Fields of {collection} are created first; if the relation is refused, remove the new field and try again.', { collection })}
      </p>
    </form>
  );
}
