import { RelationFieldset } from './relation-fieldset.js';
import { readItems } from '@directus/sdk';
import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { fieldLabel, readAccess, readRawFields } from './content-api.js';
import type { PrimaryKey, RelatedOption } from './display-value.js';
import { FieldInput } from './field-input.js';
import { buildFormFields, type FormField } from './form-fields.js';
import { readDisplayPlan, searchRelated } from './related-api.js';
import type { Translations } from './relations.js';
import { NO_EDITS, rowOf, shownText, type TranslationEdits, type TranslationShape } from './translations-changes.js';

type Props = {
  field: FormField;
  relation: Translations;
  /** The item's key; null for a new item (no translations yet). */
  parent: PrimaryKey | null;
  edits: TranslationEdits;
  /** The new edits, with what the payload needs to be built on save. */
  onChange(
    edits: TranslationEdits,
    context: { rows: Record<string, unknown>[]; shape: TranslationShape; keys: Map<string, PrimaryKey> },
  ): void;
  /** Raised after a save, to read the translations again. */
  version: number;
};

type Loaded = { languages: RelatedOption[]; shape: TranslationShape; rows: Record<string, unknown>[] };

/**
 * Directus's translations interface: a tab per language (the rows of the junction's languages collection), each
 * with the junction's own fields for that language. Edits are kept until the form is saved, then written as the
 * field's nested one-to-many payload (a row created, updated or deleted per language).
 */
export function TranslationsInput({ field, relation, parent, edits, onChange, version }: Props) {
  const { client } = useSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const id = `field-${field.field}`;
  const label = fieldLabel(field.field);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!relation.languages) throw new Error(t('The translations have no languages collection.'));
      const plan = await readDisplayPlan(client, relation.languages);
      if (!plan) throw new Error(t('You may not read {collection}.', { collection: fieldLabel(relation.languages) }));
      const [languages, raw, access] = await Promise.all([
        searchRelated(client, plan, '', 100),
        readRawFields(client, relation.related),
        readAccess(client, relation.related),
      ]);
      const primaryKey = raw.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
      const fields = buildFormFields(raw, access, 'update').filter(
        (f) => f.field !== primaryKey && f.field !== relation.foreignKey && f.field !== relation.languageField && !f.relation,
      );
      const rows =
        parent === null
          ? []
          : ((await client.request(
              readItems(
                relation.related as never,
                {
                  filter: { [relation.foreignKey]: { _eq: parent } },
                  fields: ['*'],
                  limit: -1,
                } as never,
              ),
            )) as Record<string, unknown>[]);
      return { languages, shape: { primaryKey, languageField: relation.languageField, fields }, rows };
    })().then(
      (next) => {
        if (cancelled) return;
        setLoaded(next);
        setError(null);
      },
      (failure: unknown) => {
        if (!cancelled) setError(failure instanceof Error ? failure.message : requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, relation.related, relation.languages, parent, version]);

  const keys = new Map((loaded?.languages ?? []).map((language) => [String(language.key), language.key]));
  const change = (next: TranslationEdits) => {
    if (loaded) onChange(next, { rows: loaded.rows, shape: loaded.shape, keys });
  };
  const current = loaded?.languages[Math.min(active, loaded.languages.length - 1)];
  const language = current ? String(current.key) : '';
  const stored = loaded && current ? rowOf(loaded.rows, relation.languageField, language) : undefined;
  const deleted = edits.deleted.includes(language);

  return (
    <RelationFieldset id={id} field={field} label={label} class="translations" error={error} loading={!loaded}>
      {loaded && loaded.languages.length === 0 && <p class="help">{t('No languages yet.')}</p>}
      {loaded && current && (
        <>
          <div class="tabs" role="tablist" aria-label={t('{field} languages', { field: label })}>
            {loaded.languages.map((option, i) => {
              const has =
                Boolean(rowOf(loaded.rows, relation.languageField, String(option.key))) || Boolean(edits.texts[String(option.key)]);
              return (
                <button
                  key={String(option.key)}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${i}`}
                  aria-selected={i === active}
                  aria-controls={`${id}-panel`}
                  tabIndex={i === active ? 0 : -1}
                  onClick={() => setActive(i)}
                  onKeyDown={(event) => {
                    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                    if (!step) return;
                    event.preventDefault();
                    const next = (i + step + loaded.languages.length) % loaded.languages.length;
                    setActive(next);
                    document.getElementById(`${id}-tab-${next}`)?.focus();
                  }}
                >
                  {option.text}
                  {has && <span class="visually-hidden"> {t('(translated)')}</span>}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
            {deleted ? (
              <p class="help" role="status">
                {t('The {language} translation will be deleted when you save.', { language: current.text })}{' '}
                <button
                  type="button"
                  class="small"
                  onClick={() => change({ ...edits, deleted: edits.deleted.filter((l) => l !== language) })}
                >
                  {t('Keep it')}
                </button>
              </p>
            ) : (
              <>
                {loaded.shape.fields.map((f) => (
                  <FieldInput
                    key={`${language}:${f.field}`}
                    inputId={`${id}-${active}-${f.field}`}
                    field={field.readOnly ? { ...f, readOnly: true } : f}
                    text={shownText(edits, loaded.rows, loaded.shape, language, f)}
                    error={null}
                    onChange={(text) =>
                      change({ ...edits, texts: { ...edits.texts, [language]: { ...(edits.texts[language] ?? {}), [f.field]: text } } })
                    }
                  />
                ))}
                {stored && !field.readOnly && (
                  <button type="button" class="danger small" onClick={() => change({ ...edits, deleted: [...edits.deleted, language] })}>
                    {t('Delete the {language} translation', { language: current.text })}
                  </button>
                )}
              </>
            )}
          </div>
        </>
      )}
    </RelationFieldset>
  );
}

export { NO_EDITS };
