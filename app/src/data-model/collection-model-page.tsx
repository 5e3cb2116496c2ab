import { useCallback, useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { errorMessage, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { ConfirmDeletion } from './confirm-deletion.js';
import {
  addField,
  changeOnDelete,
  primaryKeyTypes,
  readAllRelations,
  readFields,
  readUserCollections,
  removeCollection,
  removeField,
  runPlan,
  saveCollectionLook,
  saveField,
} from './data-model-api.js';
import { collectionDeletionSummary, fieldDeletionSummary, type RelationRow } from './deletion-summary.js';
import { draftFromField, emptyDraft, type ApiField } from './field-draft.js';
import { FieldEditor } from './field-editor.js';
import { CollectionLook, type Look } from './collection-look.js';
import { refreshNav } from '../shell/nav-refresh.js';
import { relationalKind } from './interface-choices.js';
import { RelationEditor } from './relation-editor.js';
import { RelationRules } from './relation-rules.js';
import { t } from '../i18n/t.js';

type Editing =
  | { mode: 'none' }
  | { mode: 'new-field' }
  | { mode: 'edit-field'; field: ApiField }
  | { mode: 'new-relation' }
  | { mode: 'delete-field'; field: string }
  | { mode: 'delete-collection' };

/** One collection's fields and relations: add, edit and delete fields, add relations, delete the collection. */
export function CollectionModelPage({ collection }: { collection: string }) {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const [fields, setFields] = useState<ApiField[] | null>(null);
  const [relations, setRelations] = useState<RelationRow[]>([]);
  const [collections, setCollections] = useState<string[]>([]);
  const [look, setLook] = useState<Look | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [f, r, c] = await Promise.all([readFields(client, collection), readAllRelations(client), readUserCollections(client)]);
    setFields(f);
    setRelations(r);
    setCollections(c.map((x) => x.collection));
    const own = c.find((x) => x.collection === collection)?.meta;
    setLook({ icon: own?.icon ?? null, color: own?.color ?? null });
  }, [client, collection]);

  useEffect(() => {
    load().catch((e: unknown) => setError(requestMessage(e)));
  }, [load]);

  const done = async (message: string) => {
    setEditing({ mode: 'none' });
    setStatus(message);
    await load();
  };

  const remove = async (run: () => Promise<void>, after: () => Promise<void> | void) => {
    setFailure(null);
    setBusy(true);
    try {
      await run();
      await after();
    } catch (e) {
      setFailure(errorMessage(e) ?? requestMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const relationOf = (field: string) =>
    relations.find(
      (r) => (r.collection === collection && r.field === field) || (r.related_collection === collection && r.meta?.one_field === field),
    );

  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/data-model">{t('Data model')}</Link>
      </p>
      <h1 id="page-title">{collection}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status && <p role="status">{status}</p>}
      {!fields && !error && <p aria-live="polite">{t('Loading fields…')}</p>}
      {fields && (
        <>
          <div class="table-wrap" role="region" aria-label={t('Fields')} tabIndex={0}>
            <table>
              <caption class="visually-hidden">{t('Fields of {collection}', { collection })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Field')}</th>
                  <th scope="col">{t('Type')}</th>
                  <th scope="col">{t('Options')}</th>
                  <th scope="col">{t('Relation')}</th>
                  <th scope="col">{t('Actions')}</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => {
                  const relation = relationOf(f.field);
                  const options = [
                    f.schema?.is_primary_key && t('primary key'),
                    f.schema && f.schema.is_nullable === false && t('not null'),
                    f.schema?.is_unique && t('unique'),
                    f.meta?.required && t('required'),
                    f.meta?.readonly && t('read-only'),
                    f.meta?.hidden && t('hidden'),
                  ]
                    .filter(Boolean)
                    .join(', ');
                  return (
                    <tr key={f.field}>
                      <th scope="row">{f.field}</th>
                      <td>{f.type}</td>
                      <td>{options}</td>
                      <td>
                        {relation
                          ? relation.collection === collection
                            ? `→ ${relation.related_collection ?? '?'}`
                            : `← ${relation.collection}.${relation.field}`
                          : ''}
                      </td>
                      <td>
                        <button type="button" class="small" onClick={() => setEditing({ mode: 'edit-field', field: f })}>
                          {t('Edit')}
                          <span class="visually-hidden"> {f.field}</span>
                        </button>{' '}
                        {!f.schema?.is_primary_key && (
                          <button type="button" class="small danger" onClick={() => setEditing({ mode: 'delete-field', field: f.field })}>
                            {t('Delete')}
                            <span class="visually-hidden"> {f.field}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {failure && (
            <p class="error" role="alert">
              {failure}
            </p>
          )}
          {editing.mode === 'delete-field' && (
            <ConfirmDeletion
              action={t('Delete field {field}', { field: editing.field })}
              summary={fieldDeletionSummary(collection, editing.field, relations)}
              busy={busy}
              onCancel={() => setEditing({ mode: 'none' })}
              onConfirm={() =>
                void remove(
                  () => removeField(client, collection, editing.field),
                  () => done(t('Field {field} deleted.', { field: editing.field })),
                )
              }
            />
          )}
          <div class="actions">
            <button type="button" onClick={() => setEditing({ mode: 'new-field' })}>
              {t('Add field')}
            </button>
            <button type="button" onClick={() => setEditing({ mode: 'new-relation' })}>
              {t('Add relation')}
            </button>
            <Link href={`/content/${encodeURIComponent(collection)}`}>{t('Open in Content')}</Link>
          </div>
          {editing.mode === 'new-field' && (
            <>
              <h2>{t('New field')}</h2>
              <FieldEditor
                initial={emptyDraft()}
                existing={false}
                onCancel={() => setEditing({ mode: 'none' })}
                onSubmit={async (payload) => {
                  await addField(client, collection, payload);
                  await done(t('Field {field} created.', { field: payload.field }));
                }}
              />
            </>
          )}
          {editing.mode === 'edit-field' && (
            <>
              <h2>{t('Edit field {field}', { field: editing.field.field })}</h2>
              <FieldEditor
                key={editing.field.field}
                initial={draftFromField(editing.field, relationalKind(collection, editing.field, relations))}
                existing
                onCancel={() => setEditing({ mode: 'none' })}
                onSubmit={async (payload) => {
                  await saveField(client, collection, editing.field, payload);
                  await done(t('Field {field} saved.', { field: payload.field }));
                }}
              />
            </>
          )}
          {editing.mode === 'new-relation' && (
            <>
              <h2>{t('New relation')}</h2>
              <RelationEditor
                collection={collection}
                collections={collections}
                onCancel={() => setEditing({ mode: 'none' })}
                loadContext={async (related) => {
                  const types = await primaryKeyTypes(client, [
                    ...new Set([collection, related].filter((c) => c !== '' && c !== 'service_files')),
                  ]);
                  const relatedFields =
                    related === '' || related === 'service_files' ? [] : (await readFields(client, related)).map((f) => f.field);
                  return {
                    collection,
                    primaryKeyTypes: { ...types, service_files: 'uuid' },
                    relatedFields,
                    relations: await readAllRelations(client),
                    collections,
                  };
                }}
                onRun={async (steps) => {
                  await runPlan(client, steps);
                  await done(t('Relation created.'));
                }}
              />
            </>
          )}
          <h2>{t('Relations')}</h2>
          <RelationRules
            key={relations.length}
            collection={collection}
            relations={relations}
            onChange={async (r, rule) => {
              await changeOnDelete(client, r, rule);
              setRelations(await readAllRelations(client));
            }}
          />
          {look && (
            <CollectionLook
              key={collection}
              initial={look}
              onSave={async (next) => {
                await saveCollectionLook(client, collection, next);
                setLook(next);
                refreshNav();
              }}
            />
          )}
          <h2>{t('Delete the collection')}</h2>
          {editing.mode === 'delete-collection' ? (
            <ConfirmDeletion
              action={t('Delete collection {collection}', { collection })}
              summary={collectionDeletionSummary(
                collection,
                fields.map((f) => f.field),
                relations,
              )}
              busy={busy}
              onCancel={() => setEditing({ mode: 'none' })}
              onConfirm={() =>
                void remove(
                  () => removeCollection(client, collection),
                  () => {
                    refreshNav();
                    navigate('/data-model');
                  },
                )
              }
            />
          ) : (
            <button type="button" class="danger" onClick={() => setEditing({ mode: 'delete-collection' })}>
              {t('Delete collection {collection}', { collection })}
            </button>
          )}
        </>
      )}
    </section>
  );
}
