import { AddedTag } from './added-tag.js';
import { RelationFieldset } from './relation-fieldset.js';
import { useEffect, useState } from 'preact/hooks';
import { Link as RouteLink } from 'wouter-preact';
import { useSession } from '../auth/session.js';
import { plural, t } from '../i18n/t.js';
import { fieldLabel, isSystemCollection, readAccess } from './content-api.js';
import type { DisplayPlan, PrimaryKey } from './display-value.js';
import type { FormField } from './form-fields.js';
import { addRelated, createRelated, listedLinks, removeListed, type ListedLink, type ManyToManyChanges } from './many-to-many-changes.js';
import { readDisplayPlan, readLinks, searchRelated } from './related-api.js';
import { RelatedSearch } from './related-search.js';
import type { ManyToMany } from './relations.js';
import { useLinkedRows } from './use-linked-rows.js';

type Props = {
  field: FormField;
  relation: ManyToMany;
  /** The item's key; null for a new item (no links yet). */
  parent: PrimaryKey | null;
  changes: ManyToManyChanges;
  onChange(changes: ManyToManyChanges): void;
  /** Raised after a save, to read the links again. */
  version: number;
  /** Called when a link to a related item is followed (the form's unsaved-changes guard). */
  onLeave(event: Event): void;
};

/**
 * A many-to-many field: the related items linked through the junction (each a link, with "Remove"), a search to
 * add an existing item, and "Create and add" for a new one named by the related collection's label field. The
 * changes are kept until the form is saved, then sent as the junction's nested `{ create, update, delete }`.
 */
export function ManyToManyList({ field, relation, parent, changes, onChange, version, onLeave }: Props) {
  const { client } = useSession();
  const [plan, setPlan] = useState<DisplayPlan | null | undefined>(undefined);
  const [mayCreate, setMayCreate] = useState(false);
  const [newText, setNewText] = useState('');
  const id = `field-${field.field}`;
  const label = fieldLabel(field.field);
  const relatedLabel = fieldLabel(relation.related);

  useEffect(() => {
    readDisplayPlan(client, relation.related, field.template).then(setPlan, () => setPlan(null));
    readAccess(client, relation.related).then(
      (access) => setMayCreate(access.create !== undefined && access.create.access !== 'none'),
      () => setMayCreate(false),
    );
  }, [client, relation.related, field.template]);

  const { linked, error } = useLinkedRows(plan, parent, (known, key) => readLinks(client, known, relation, key), [
    client,
    relation.junction,
    relation.parentField,
    relation.relatedField,
    version,
  ]);

  const entries = linked ? listedLinks(linked, changes) : [];
  const shownKeys = new Set(
    entries.flatMap((entry) =>
      entry.state === 'linked' ? [String(entry.link.option.key)] : entry.state === 'added' ? [String(entry.option.key)] : [],
    ),
  );
  const editable = !field.readOnly && Boolean(plan) && linked !== null;
  const labelField = plan?.labelField ?? null;
  const canCreate = editable && mayCreate && labelField !== null;
  const href = (key: PrimaryKey) => `/content/${encodeURIComponent(relation.related)}/${encodeURIComponent(String(key))}`;
  const textOf = (entry: ListedLink) =>
    entry.state === 'linked' ? entry.link.option.text : entry.state === 'added' ? entry.option.text : entry.text;
  const keyOf = (entry: ListedLink) =>
    entry.state === 'linked'
      ? `l-${String(entry.link.junctionKey)}`
      : entry.state === 'added'
        ? `a-${String(entry.option.key)}`
        : `c-${entry.index}`;

  const createNew = () => {
    const text = newText.trim();
    if (!labelField || text === '') return;
    onChange(createRelated(changes, { [labelField]: text }, text));
    setNewText('');
  };

  return (
    <RelationFieldset
      id={id}
      field={field}
      label={label}
      class="relation-list"
      notice={
        plan === null && (
          <p class="help">
            {isSystemCollection(relation.related)
              ? t('Links to {collection} are not edited here yet.', { collection: relatedLabel })
              : t('You may not read {collection}.', { collection: relatedLabel })}
          </p>
        )
      }
      error={error}
      loading={Boolean(plan && !linked)}
    >
      {linked && (
        <ul class="related-items" aria-label={label}>
          {entries.map((entry) => (
            <li key={keyOf(entry)}>
              {entry.state === 'linked' ? (
                <RouteLink href={href(entry.link.option.key)} onClick={onLeave}>
                  {entry.link.option.text}
                </RouteLink>
              ) : (
                <span>{textOf(entry)}</span>
              )}
              {entry.state === 'added' && <AddedTag />}
              {entry.state === 'created' && <span class="tag"> {t('(new; created when you save)')}</span>}
              {editable && (
                <button type="button" class="small" onClick={() => onChange(removeListed(changes, entry))}>
                  {t('Remove')}
                  <span class="visually-hidden"> {textOf(entry)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {linked && entries.length === 0 && <p class="help">{t('None.')}</p>}
      {changes.removed.length > 0 && (
        <p class="help" role="status">
          {plural(
            changes.removed.length,
            '{count} link will be removed when you save (the items are kept).',
            '{count} links will be removed when you save (the items are kept).',
          )}
        </p>
      )}
      {editable && plan && (
        <div class="field">
          <label for={`${id}-add`}>{t('Add to {field}', { field: label })}</label>
          <RelatedSearch
            id={`${id}-add`}
            display=""
            placeholder={t('Search {collection}', { collection: relatedLabel })}
            search={async (query) => (await searchRelated(client, plan, query, 20)).filter((option) => !shownKeys.has(String(option.key)))}
            onChoose={(option) => onChange(addRelated(changes, option, linked ?? []))}
          />
        </div>
      )}
      {canCreate && labelField && (
        <div class="field">
          <label for={`${id}-new`}>{t('New {collection} ({field})', { collection: relatedLabel, field: fieldLabel(labelField) })}</label>
          <div class="inline-form">
            <input
              id={`${id}-new`}
              value={newText}
              onInput={(e) => setNewText(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter adds the new item rather than submitting the whole form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  createNew();
                }
              }}
            />
            <button type="button" disabled={newText.trim() === ''} onClick={createNew}>
              {t('Create and add')}
            </button>
          </div>
        </div>
      )}
    </RelationFieldset>
  );
}
