import { readRelations } from '@directus/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { FilterBuilder } from '../content/filter-builder.js';
import type { FieldPath } from '../content/field-paths.js';
import type { RawFormField } from '../content/form-fields.js';
import { collectionFields } from './access-api.js';
import { parseJsonObject, type MatrixAction, type RuleDraft } from './permission-matrix.js';
import { rulePaths } from './rule-paths.js';
import { t } from '../i18n/t.js';

type Props = {
  collection: string;
  action: MatrixAction;
  draft: RuleDraft;
  /** Move the focus to the editor when it opens (from an "Edit" button, not while a select is being changed). */
  focus: boolean;
  onChange(draft: RuleDraft): void;
  onClose(): void;
};

const FIELD_ACTIONS = new Set<MatrixAction>(['create', 'read', 'update']);
const WRITE_ACTIONS = new Set<MatrixAction>(['create', 'update']);
const jsonText = (value: Record<string, unknown> | null) => (value && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : '');

/**
 * One custom rule: the row filter (the filter builder, with the dynamic values), the fields, and for writes
 * the validation filter (the filter builder too) and the presets as JSON. Edits go into the matrix's draft;
 * the matrix saves them.
 */
export function RuleEditor({ collection, action, draft, focus, onChange, onClose }: Props) {
  const { client } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  const [fields, setFields] = useState<RawFormField[] | null>(null);
  const [paths, setPaths] = useState<FieldPath[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [presets, setPresets] = useState(jsonText(draft.presets));
  const [presetsError, setPresetsError] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([
      collectionFields(client, collection),
      client.request(readRelations()) as Promise<{ collection: string; field: string; related_collection?: string | null }[]>,
    ]).then(
      ([raw, relations]) => {
        const list = raw as RawFormField[];
        setFields(list.filter((f) => f.type !== 'alias' || f.meta?.special));
        setPaths(rulePaths(collection, list, relations));
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, collection]);

  const all = draft.fields?.includes('*') ?? false;
  const listed = new Set(draft.fields ?? []);
  const toggle = (field: string, on: boolean) => {
    const next = new Set(listed);
    if (on) next.add(field);
    else next.delete(field);
    onChange({ ...draft, fields: next.size > 0 ? [...next] : null });
  };
  const setPresetsText = (text: string) => {
    setPresets(text);
    try {
      onChange({ ...draft, presets: parseJsonObject(text, t('Presets')) });
      setPresetsError(null);
    } catch (failure) {
      setPresetsError((failure as Error).message);
    }
  };

  return (
    <section class="rule-editor" aria-labelledby="rule-title">
      <h2 id="rule-title" tabIndex={-1} ref={heading}>
        {t('Rule: {action} on {collection}', { action, collection })}
      </h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {action !== 'create' && (
        <>
          <p class="help">{t('Which items the rule covers. Apply the row filter to the rule, then save the changes.')}</p>
          <FilterBuilder
            title={t('Row filter')}
            emptyText={t('No conditions: the rule covers every item.')}
            applyLabel={t('Apply row filter')}
            clearLabel={t('Clear row filter')}
            paths={paths}
            filter={draft.permissions && Object.keys(draft.permissions).length > 0 ? draft.permissions : null}
            apply={(filter) => onChange({ ...draft, permissions: filter ?? {} })}
          />
        </>
      )}
      {FIELD_ACTIONS.has(action) && fields && (
        <fieldset class="columns">
          <legend>{t('Fields')}</legend>
          <ul>
            <li>
              <input
                id="rule-all-fields"
                type="checkbox"
                checked={all}
                onChange={(e) => onChange({ ...draft, fields: e.currentTarget.checked ? ['*'] : null })}
              />
              <label for="rule-all-fields">{t('All fields')}</label>
            </li>
            {fields.map((f) => (
              <li key={f.field}>
                <input
                  id={`rule-field-${f.field}`}
                  type="checkbox"
                  disabled={all}
                  checked={all || listed.has(f.field)}
                  onChange={(e) => toggle(f.field, e.currentTarget.checked)}
                />
                <label for={`rule-field-${f.field}`}>{f.field}</label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {WRITE_ACTIONS.has(action) && (
        <>
          <p class="help">{t('What the values written must match (create and update). Apply it to the rule, then save the changes.')}</p>
          <FilterBuilder
            title={t('Validation filter')}
            emptyText={t('No conditions: any values may be written.')}
            idPrefix="validation"
            applyLabel={t('Apply validation')}
            clearLabel={t('Clear validation')}
            paths={paths}
            filter={draft.validation && Object.keys(draft.validation).length > 0 ? draft.validation : null}
            apply={(filter) => onChange({ ...draft, validation: filter })}
          />
          <div class="field">
            <label for="rule-presets">{t('Presets (JSON; default values of the fields)')}</label>
            <textarea
              id="rule-presets"
              rows={4}
              value={presets}
              aria-invalid={presetsError ? true : undefined}
              aria-describedby={presetsError ? 'rule-presets-error' : undefined}
              onInput={(e) => setPresetsText(e.currentTarget.value)}
            />
            {presetsError && (
              <p id="rule-presets-error" class="error">
                {presetsError}
              </p>
            )}
          </div>
        </>
      )}
      <div class="actions">
        <button type="button" onClick={onClose}>
          {t('Close rule')}
        </button>
      </div>
    </section>
  );
}
