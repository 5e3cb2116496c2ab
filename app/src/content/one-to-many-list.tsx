import { AddedTag } from './added-tag.js';
import { RelationFieldset } from './relation-fieldset.js';
import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { useSession } from '../auth/session.js';
import { plural, t } from '../i18n/t.js';
import { fieldLabel } from './content-api.js';
import type { DisplayPlan, PrimaryKey } from './display-value.js';
import type { FormField } from './form-fields.js';
import { addChild, removeChild, visibleChildren, type OneToManyChanges } from './one-to-many-changes.js';
import { readChildren, readDisplayPlan, searchRelated } from './related-api.js';
import { RelatedSearch } from './related-search.js';
import type { OneToMany } from './relations.js';
import { useLinkedRows } from './use-linked-rows.js';

type Props = {
  field: FormField;
  relation: OneToMany;
  /** The item's key; null for a new item (no children yet). */
  parent: PrimaryKey | null;
  changes: OneToManyChanges;
  /** The new changes, and the key field of the children (the payload names them by it). */
  onChange(changes: OneToManyChanges, childKey: string): void;
  /** Raised after a save, to read the children again. */
  version: number;
  /** Called when a link to a child is followed (the form's unsaved-changes guard). */
  onLeave(event: Event): void;
};

/**
 * A one-to-many field: the related items that point at this one, each a link, with "Remove"; and a search to
 * add an existing item. Changes are kept until the form is saved.
 */
export function OneToManyList({ field, relation, parent, changes, onChange, version, onLeave }: Props) {
  const { client } = useSession();
  const [plan, setPlan] = useState<DisplayPlan | null | undefined>(undefined);
  const id = `field-${field.field}`;
  const label = fieldLabel(field.field);

  useEffect(() => {
    readDisplayPlan(client, relation.related, field.template).then(setPlan, () => setPlan(null));
  }, [client, relation.related, field.template]);

  const { linked, error } = useLinkedRows(plan, parent, (known, key) => readChildren(client, known, relation.foreignKey, key), [
    client,
    relation.foreignKey,
    version,
  ]);

  const visible = linked ? visibleChildren(linked, changes) : [];
  const shown = new Set(visible.map((child) => String(child.option.key)));
  const href = (key: PrimaryKey) => `/content/${encodeURIComponent(relation.related)}/${encodeURIComponent(String(key))}`;
  const editable = !field.readOnly && Boolean(plan) && linked !== null;

  return (
    <RelationFieldset
      id={id}
      field={field}
      label={label}
      class="relation-list"
      notice={plan === null && <p class="help">{t('You may not read {collection}.', { collection: fieldLabel(relation.related) })}</p>}
      error={error}
      loading={Boolean(plan && !linked)}
    >
      {linked && (
        <ul class="related-items" aria-label={label}>
          {visible.map(({ option, pending }) => (
            <li key={String(option.key)}>
              <Link href={href(option.key)} onClick={onLeave}>
                {option.text}
              </Link>
              {pending && <AddedTag />}
              {editable && (
                <button type="button" class="small" onClick={() => plan && onChange(removeChild(changes, option.key), plan.primaryKey)}>
                  {t('Remove')}
                  <span class="visually-hidden"> {option.text}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {linked && visible.length === 0 && <p class="help">{t('None.')}</p>}
      {changes.removed.length > 0 && (
        <p class="help" role="status">
          {relation.deselect === 'delete'
            ? plural(changes.removed.length, '{count} item will be deleted when you save.', '{count} items will be deleted when you save.')
            : plural(
                changes.removed.length,
                '{count} item will be unlinked when you save.',
                '{count} items will be unlinked when you save.',
              )}
        </p>
      )}
      {editable && plan && (
        <div class="field">
          <label for={`${id}-add`}>{t('Add to {field}', { field: label })}</label>
          <RelatedSearch
            id={`${id}-add`}
            display=""
            placeholder={t('Search {collection}', { collection: fieldLabel(relation.related) })}
            search={async (query) => (await searchRelated(client, plan, query, 20)).filter((option) => !shown.has(String(option.key)))}
            onChoose={(option) => onChange(addChild(changes, option, linked ?? []), plan.primaryKey)}
          />
          <p class="help">
            {relation.deselect === 'delete'
              ? t('Removing an item deletes it when you save.')
              : t('Removing an item unlinks it; the item itself is kept.')}
          </p>
        </div>
      )}
    </RelationFieldset>
  );
}
