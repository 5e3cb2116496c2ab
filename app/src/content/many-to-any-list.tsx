import { AddedTag } from './added-tag.js';
import { RelationFieldset } from './relation-fieldset.js';
import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { requestMessage } from '../api/errors.js';
import { plural, t } from '../i18n/t.js';
import { fieldLabel } from './content-api.js';
import type { DisplayPlan, PrimaryKey } from './display-value.js';
import type { FormField } from './form-fields.js';
import { readAnyLinks } from './many-to-any-api.js';
import { addAny, anyPayload, moveAny, removeAny, type AnyEntry, type AnyList, type AnyPayload } from './many-to-any-changes.js';
import { readDisplayPlan, searchRelated } from './related-api.js';
import { RelatedSearch } from './related-search.js';
import type { ManyToAny } from './relations.js';

type Props = {
  field: FormField;
  relation: ManyToAny;
  /** The item's key; null for a new item (no links yet). */
  parent: PrimaryKey | null;
  /** The junction payload to save with the item (null: nothing changed). */
  onChange(payload: AnyPayload | null): void;
  /** Raised after a save, to read the links again. */
  version: number;
};

/**
 * A many-to-any field (`list-m2a`): the linked items of several collections in order, each with "Move up", "Move
 * down" (with a sort field) and "Remove"; "Add" picks a collection, then an item of it by search. Saved with the
 * item as the junction's nested payload.
 */
export function ManyToAnyList({ field, relation, parent, onChange, version }: Props) {
  const { client } = useSession();
  const [saved, setSaved] = useState<{ entries: AnyEntry[]; keyField: string } | null>(null);
  const [list, setList] = useState<AnyList>({ entries: [], removed: [] });
  const [error, setError] = useState<string | null>(null);
  const [collection, setCollection] = useState(relation.allowed[0] ?? '');
  // The display plan of the collection to add from, read for that collection (null: the user may not read it).
  const [planned, setPlanned] = useState<{ collection: string; plan: DisplayPlan | null } | null>(null);
  const [status, setStatus] = useState('');
  // While the links are read (again after a save) nothing can change: such a change would be lost.
  const [reading, setReading] = useState(true);
  const id = `field-${field.field}`;
  const label = fieldLabel(field.field);

  useEffect(() => {
    let cancelled = false;
    setReading(true);
    const read = parent === null ? Promise.resolve({ entries: [], keyField: 'id' }) : readAnyLinks(client, relation, parent);
    read.then(
      (links) => {
        if (cancelled) return;
        setSaved(links);
        setList({ entries: links.entries, removed: [] });
        setReading(false);
        setStatus('');
        // What was read is the list now: nothing left to save.
        onChange(null);
      },
      (failure: unknown) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, relation.junction, parent, version]);

  useEffect(() => {
    let cancelled = false;
    const settle = (plan: DisplayPlan | null) => {
      if (!cancelled) setPlanned({ collection, plan });
    };
    if (collection) readDisplayPlan(client, collection).then(settle, () => settle(null));
    return () => {
      cancelled = true;
    };
  }, [client, collection]);
  // Undefined while the chosen collection's plan is read: the search never runs on another collection's plan (right
  // after a change of collection, before its own plan is there, the search would otherwise show under its label).
  const plan = planned?.collection === collection ? planned.plan : undefined;

  const update = (next: AnyList, said: string) => {
    setList(next);
    setStatus(said);
    onChange(saved ? anyPayload(saved.entries, next, relation, saved.keyField) : null);
  };
  const editable = !field.readOnly && saved !== null && !reading;
  const sortable = editable && relation.sortField !== null;
  const count = list.entries.length;

  return (
    <RelationFieldset id={id} field={field} label={label} class="relation-list" error={error} loading={!saved}>
      {saved && (
        <ol class="related-items" aria-label={label}>
          {list.entries.map((entry, index) => {
            const name = `${entry.text} (${fieldLabel(entry.collection)})`;
            return (
              <li key={`${entry.collection}:${String(entry.key)}`}>
                <span>{entry.text}</span> <span class="tag">{fieldLabel(entry.collection)}</span>
                {entry.junctionKey === null && <AddedTag />}
                {sortable && (
                  <>
                    <button
                      type="button"
                      class="small"
                      disabled={index === 0}
                      onClick={() => update(moveAny(list, index, -1), t('{name} moved up.', { name }))}
                    >
                      {t('Move up')}
                      <span class="visually-hidden"> {name}</span>
                    </button>
                    <button
                      type="button"
                      class="small"
                      disabled={index === count - 1}
                      onClick={() => update(moveAny(list, index, 1), t('{name} moved down.', { name }))}
                    >
                      {t('Move down')}
                      <span class="visually-hidden"> {name}</span>
                    </button>
                  </>
                )}
                {editable && (
                  <button type="button" class="small" onClick={() => update(removeAny(list, index), t('{name} removed.', { name }))}>
                    {t('Remove')}
                    <span class="visually-hidden"> {name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {saved && count === 0 && <p class="help">{t('None.')}</p>}
      <p class="visually-hidden" role="status">
        {status}
      </p>
      {list.removed.length > 0 && (
        <p class="help">
          {plural(
            list.removed.length,
            '{count} link will be removed when you save (the items are kept).',
            '{count} links will be removed when you save (the items are kept).',
          )}
        </p>
      )}
      {editable && relation.sortField === null && count > 1 && (
        <p class="help">{t('The order is not kept: this relation has no sort field.')}</p>
      )}
      {editable && (
        <div class="inline-form">
          <div class="field">
            <label for={`${id}-collection`}>{t('Add to {field} from', { field: label })}</label>
            <select id={`${id}-collection`} value={collection} onChange={(e) => setCollection(e.currentTarget.value)}>
              {relation.allowed.map((name) => (
                <option key={name} value={name}>
                  {fieldLabel(name)}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for={`${id}-add`}>{t('Add an item of {collection}', { collection: fieldLabel(collection) })}</label>
            {plan ? (
              <RelatedSearch
                id={`${id}-add`}
                display=""
                placeholder={t('Search {collection}', { collection: fieldLabel(collection) })}
                search={(query) => searchRelated(client, plan, query, 20)}
                onChoose={(option) =>
                  update(
                    addAny(list, { collection, key: option.key, text: option.text }),
                    t('{item} added to {field}.', { item: option.text, field: label }),
                  )
                }
              />
            ) : (
              <output id={`${id}-add`}>
                {plan === null ? t('You may not read {collection}.', { collection: fieldLabel(collection) }) : t('Loading…')}
              </output>
            )}
          </div>
        </div>
      )}
    </RelationFieldset>
  );
}
