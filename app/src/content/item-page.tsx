import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { t } from '../i18n/t.js';
import { lazyPage } from '../lazy-page.js';
import { useSession } from '../auth/session.js';
import { LiveNote, useLive } from '../realtime/live.js';
import { createOne, deleteOne, fieldLabel, readAccess, readOne, readRawFields, updateOne } from './content-api.js';
import {
  allows,
  buildFormFields,
  changedValues,
  errorsByField,
  fromInputText,
  isList,
  toInputText,
  type CollectionAccess,
  type FormField,
  type RawFormField,
} from './form-fields.js';
import { buildFormLayout, type LayoutNode } from './form-layout.js';
import { FormLayoutView } from './form-layout-view.js';
import { confirmLeave, useLeaveGuard } from './leave-guard.js';
import { ItemPanel } from './item-panel.js';
import { withRevisionValue } from './revision-compare.js';
import { FieldInput } from './field-input.js';
import { honourItemAccess, readItemAccess, type ItemAccess } from './item-access.js';
import { useItemTitle } from './item-title.js';
import { ManualFlows } from './manual-flows.js';
import { PageHeader } from '../shell/page-header.js';
import type { AnyPayload } from './many-to-any-changes.js';
import { hasLinkChanges, manyToManyPayload, NO_LINK_CHANGES, type ManyToManyChanges } from './many-to-many-changes.js';
import { hasChanges, NO_CHANGES, oneToManyPayload, type OneToManyChanges } from './one-to-many-changes.js';
import { OneToManyList } from './one-to-many-list.js';
import { NO_EDITS, translationsPayload, type TranslationEdits, type TranslationShape } from './translations-changes.js';
import type { PrimaryKey } from './display-value.js';
import { readFieldRelations } from './related-api.js';
import { changedElsewhere, eventItem } from './remote-change.js';
import { ItemVersions } from './item-versions.js';
import { readVersionedItem, saveToVersion, versioningOn, type ItemVersion } from './versions-api.js';

// The translations interface is fetched when a form first has one.
const TranslationsInput = lazyPage(() => import('./translations-input.js').then((m) => m.TranslationsInput));

/** The many-to-many list: a chunk of its own, fetched when a form has such a field. */
const ManyToManyList = lazyPage(() => import('./many-to-many-list.js').then((module) => module.ManyToManyList));

/** The many-to-any list: a chunk of its own too. */
const ManyToAnyList = lazyPage(() => import('./many-to-any-list.js').then((module) => module.ManyToAnyList));

/** `id` "+" is a new item. */
export const NEW_ITEM = '+';

type Loaded = {
  fields: RawFormField[];
  form: FormField[];
  layout: LayoutNode[];
  access: CollectionAccess;
  item: Record<string, unknown>;
  primaryKey: string;
  itemAccess: ItemAccess | null;
};
/** Unsaved changes of a one-to-many list, and the key field of its children. */
type ListChanges = Record<string, { changes: OneToManyChanges; childKey: string }>;
type TranslationChanges = Record<
  string,
  { edits: TranslationEdits; context: { rows: Record<string, unknown>[]; shape: TranslationShape; keys: Map<string, PrimaryKey> } }
>;
/** Unsaved changes of a many-to-many list. */
type LinkChanges = Record<string, ManyToManyChanges>;

/**
 * One item as a form generated from the collection's fields and the user's permissions: create, update,
 * delete; the API's validation errors on their fields; a warning before leaving with unsaved changes.
 */
export function ItemPage({ collection, id }: { collection: string; id: string }) {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const isNew = id === NEW_ITEM;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [lists, setLists] = useState<ListChanges>({});
  const [translations, setTranslations] = useState<TranslationChanges>({});
  const [links, setLinks] = useState<LinkChanges>({});
  // Many-to-any lists: the junction payload each would save (null: unchanged).
  const [anyLinks, setAnyLinks] = useState<Record<string, AnyPayload | null>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Raised after each save, so the history reads the new revision.
  const [version, setVersion] = useState(0);
  // The item as the last realtime event read it, and whether it was deleted meanwhile.
  const [remote, setRemote] = useState<Record<string, unknown> | null>(null);
  const [deleted, setDeleted] = useState(false);
  // Content versions: whether the collection keeps them, and the one the form edits (null: the item itself).
  const [versioning, setVersioning] = useState(false);
  const [active, setActive] = useState<ItemVersion | null>(null);

  const load = async (editing: ItemVersion | null = active) => {
    const [fields, access, item, relations, itemAccess] = await Promise.all([
      readRawFields(client, collection),
      readAccess(client, collection),
      isNew ? Promise.resolve({}) : editing ? readVersionedItem(client, collection, id, editing.key) : readOne(client, collection, id),
      readFieldRelations(client, collection),
      isNew ? Promise.resolve(null) : readItemAccess(client, collection, id),
    ]);
    // The item's own access too: a rule's row filter may leave this item out of what the user may change.
    const form = honourItemAccess(buildFormFields(fields, access, isNew ? 'create' : 'update', relations), itemAccess);
    const primaryKey = fields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
    setLoaded({ fields, form, layout: buildFormLayout(fields, form), access, item, primaryKey, itemAccess });
    setTexts(Object.fromEntries(form.map((f) => [f.field, toInputText(f, (item as Record<string, unknown>)[f.field])])));
    setLists({});
    setTranslations({});
    setLinks({});
    setAnyLinks({});
    setFieldErrors({});
  };

  useEffect(() => {
    setLoaded(null);
    setError(null);
    setNotice(null);
    setRemote(null);
    setDeleted(false);
    setActive(null);
    setVersioning(false);
    if (!isNew) void versioningOn(client, collection).then(setVersioning);
    load(null).catch((failure: unknown) => setError(requestMessage(failure)));
  }, [client, collection, id]);

  const switchVersion = (next: ItemVersion | null) => {
    if (dirty && !window.confirm(t('Switch versions? Your unsaved changes will be lost.'))) return;
    setActive(next);
    setNotice(null);
    setError(null);
    load(next).catch((failure: unknown) => setError(requestMessage(failure)));
  };

  // Someone else's change to this item: kept aside (the form is never overwritten), compared with what the form was
  // loaded with once no save of ours is under way (our own save reads back the same values).
  const live = useLive(isNew ? null : { collection, item: id, query: { fields: ['*'] } }, (event) => {
    if (event.event === 'delete') setDeleted(true);
    else if (event.event === 'update' || event.again) setRemote(eventItem(event.data));
  });
  const stale = !active && !busy && loaded !== null && remote !== null && changedElsewhere(loaded.item, remote);

  const dirty = loaded
    ? Object.keys(changedValues(loaded.form, loaded.item, texts)).length > 0 ||
      Object.values(lists).some((list) => hasChanges(list.changes)) ||
      Object.values(translations).some((entry) => Object.keys(entry.edits.texts).length > 0 || entry.edits.deleted.length > 0) ||
      Object.values(links).some(hasLinkChanges) ||
      Object.values(anyLinks).some(Boolean)
    : false;
  useLeaveGuard(dirty);

  const listHref = `/content/${encodeURIComponent(collection)}`;
  // Links of the page: ask first when there are unsaved changes (once: the guard may have asked already).
  const leave = (event: Event) => {
    if (dirty) confirmLeave(event);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (!loaded) return;
    const changed = isNew
      ? Object.fromEntries(
          loaded.form
            .filter((f) => !f.readOnly && !isList(f.relation) && (texts[f.field] ?? '') !== '')
            .map((f) => [f.field, texts[f.field] ?? '']),
        )
      : changedValues(loaded.form, loaded.item, texts);
    const values: Record<string, unknown> = {};
    const problems: Record<string, string> = {};
    for (const field of loaded.form) {
      if (!(field.field in changed)) continue;
      try {
        values[field.field] = fromInputText(field, changed[field.field]!);
      } catch (problem) {
        problems[field.field] = (problem as Error).message;
      }
    }
    // One-to-many lists: the nested payload `{ create, update, delete }` of each changed list.
    for (const [field, list] of Object.entries(lists)) {
      const payload = oneToManyPayload(list.changes, list.childKey);
      if (payload) values[field] = payload;
    }
    // Translations: the junction rows created, updated or deleted per language.
    for (const [field, entry] of Object.entries(translations)) {
      try {
        const payload = translationsPayload(entry.edits, entry.context.rows, entry.context.shape, entry.context.keys);
        if (payload) values[field] = payload;
      } catch (problem) {
        problems[field] = (problem as Error).message;
      }
    }
    // Many-to-many lists: the junction's nested payload.
    for (const field of loaded.form) {
      if (field.relation?.kind !== 'm2m') continue;
      const payload = manyToManyPayload(links[field.field], field.relation);
      if (payload) values[field.field] = payload;
    }
    for (const [field, payload] of Object.entries(anyLinks)) if (payload) values[field] = payload;
    setFieldErrors(problems);
    setError(null);
    setNotice(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      if (isNew) {
        const created = await createOne(client, collection, values);
        navigate(`${listHref}/${encodeURIComponent(String(created[loaded.primaryKey]))}`, { replace: true });
      } else {
        if (Object.keys(values).length > 0)
          await (active ? saveToVersion(client, active.id, values) : updateOne(client, collection, id, values));
        await load();
        // The form now holds the server's version: an earlier event is settled (ours arrives with the same values).
        setRemote(null);
        setVersion((v) => v + 1);
        setNotice(active ? t('Saved to the version "{name}".', { name: active.name ?? active.key }) : t('Saved.'));
      }
    } catch (failure) {
      const { fields, general } = errorsByField(failure, loaded.form);
      setFieldErrors(fields);
      setError(
        general.length > 0
          ? general.join(' ')
          : Object.keys(fields).length > 0
            ? t('Some fields need attention.')
            : requestMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  const reload = () => {
    if (dirty && !window.confirm(t('Load the other version? Your unsaved changes will be lost.'))) return;
    setNotice(null);
    load().then(
      () => {
        setRemote(null);
        setVersion((v) => v + 1);
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  };

  const remove = async () => {
    if (!window.confirm(t('Delete this item of {collection}? This cannot be undone.', { collection: fieldLabel(collection) }))) return;
    setBusy(true);
    try {
      await deleteOne(client, collection, id);
      navigate(listHref, { replace: true });
    } catch (failure) {
      setError(requestMessage(failure));
      setBusy(false);
    }
  };

  const canSave = loaded ? loaded.form.some((f) => !f.readOnly) : false;
  // A revision's field goes back into the form as an unsaved change.
  const revertField = (field: FormField, value: unknown) => setTexts((current) => withRevisionValue(current, field, value));
  const reverted = () => {
    setBusy(true);
    load()
      .then(
        () => {
          setRemote(null);
          setVersion((v) => v + 1);
          setNotice(t('Reverted.'));
        },
        (failure: unknown) => setError(requestMessage(failure)),
      )
      .finally(() => setBusy(false));
  };
  const canDelete = !isNew && loaded !== null && allows(loaded.access.delete, loaded.primaryKey) && loaded.itemAccess?.delete !== false;
  const title = useItemTitle(collection, isNew ? null : id, version);

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        crumbs={[
          { label: t('Content'), href: '/content', onClick: leave },
          { label: fieldLabel(collection), href: listHref, onClick: leave },
          { label: isNew ? t('New') : id },
        ]}
        title={title}
      />
      <LiveNote state={live} />
      {deleted && !busy && (
        <div class="remote-change" role="alert">
          <p>{t('Someone else deleted this item.')}</p>
          <Link href={listHref}>{t('Back to {collection}', { collection: fieldLabel(collection) })}</Link>
        </div>
      )}
      {stale && !deleted && (
        <div class="remote-change" role="alert">
          <p>
            {dirty
              ? t('Someone else changed this item. Your unsaved changes are kept until you reload.')
              : t('Someone else changed this item. Reload to see their version.')}
          </p>
          <button type="button" onClick={reload}>
            {t('Reload')}
          </button>
        </div>
      )}
      {!isNew && versioning && (
        <ItemVersions
          collection={collection}
          id={id}
          active={active}
          onSelect={switchVersion}
          onPromoted={() => {
            setActive(null);
            load(null).then(
              () => {
                setVersion((v) => v + 1);
                setNotice(t("Promoted: the item now has the version's changes."));
              },
              (failure: unknown) => setError(requestMessage(failure)),
            );
          }}
          saved={version}
          busy={busy}
        />
      )}
      {!error && !loaded && <p aria-live="polite">{t('Loading…')}</p>}
      <div class="item-layout">
        <div class="item-main">
          {loaded && (
            <form class="item-form" onSubmit={save} noValidate>
              <FormLayoutView
                nodes={loaded.layout}
                errors={fieldErrors}
                renderField={(field) =>
                  field.relation?.kind === 'translations' ? (
                    <div key={field.field}>
                      <TranslationsInput
                        field={field}
                        relation={field.relation}
                        parent={isNew ? null : ((loaded.item[loaded.primaryKey] as string | number | undefined) ?? id)}
                        edits={translations[field.field]?.edits ?? NO_EDITS}
                        onChange={(edits, context) => setTranslations((current) => ({ ...current, [field.field]: { edits, context } }))}
                        version={version}
                      />
                      {fieldErrors[field.field] && (
                        <p class="error" role="alert">
                          {fieldErrors[field.field]}
                        </p>
                      )}
                    </div>
                  ) : field.relation?.kind === 'm2m' ? (
                    <ManyToManyList
                      key={field.field}
                      field={field}
                      relation={field.relation}
                      parent={isNew ? null : ((loaded.item[loaded.primaryKey] as string | number | undefined) ?? id)}
                      changes={links[field.field] ?? NO_LINK_CHANGES}
                      onChange={(changes) => setLinks((current) => ({ ...current, [field.field]: changes }))}
                      version={version}
                      onLeave={leave}
                    />
                  ) : field.relation?.kind === 'm2a' ? (
                    <ManyToAnyList
                      key={field.field}
                      field={field}
                      relation={field.relation}
                      parent={isNew ? null : ((loaded.item[loaded.primaryKey] as string | number | undefined) ?? id)}
                      onChange={(payload) => setAnyLinks((current) => ({ ...current, [field.field]: payload }))}
                      version={version}
                    />
                  ) : field.relation?.kind === 'o2m' ? (
                    <OneToManyList
                      key={field.field}
                      field={field}
                      relation={field.relation}
                      parent={isNew ? null : ((loaded.item[loaded.primaryKey] as string | number | undefined) ?? id)}
                      changes={lists[field.field]?.changes ?? NO_CHANGES}
                      onChange={(changes, childKey) => setLists((current) => ({ ...current, [field.field]: { changes, childKey } }))}
                      version={version}
                      onLeave={leave}
                    />
                  ) : (
                    <FieldInput
                      key={field.field}
                      field={field}
                      text={texts[field.field] ?? ''}
                      error={fieldErrors[field.field] ?? null}
                      onChange={(text) => setTexts((current) => ({ ...current, [field.field]: text }))}
                    />
                  )
                }
              />
              {!canSave && <p class="help">{t('You may read this item but not change it.')}</p>}
              <div class="actions">
                {canSave && (
                  <button type="submit" class="primary" disabled={busy}>
                    {isNew ? t('Create') : t('Save')}
                  </button>
                )}
                {canDelete && (
                  <button type="button" class="danger" disabled={busy} onClick={() => void remove()}>
                    {t('Delete')}
                  </button>
                )}
              </div>
            </form>
          )}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {notice && <p role="status">{notice}</p>}
          {!isNew && loaded && (
            <ManualFlows
              collection={collection}
              keys={[id]}
              where="item"
              ran={() => {
                // What the flow changed shows at once unless the form holds unsaved edits (then the notice offers Reload).
                if (!dirty) reload();
              }}
            />
          )}
        </div>
        {!isNew && loaded && (
          <ItemPanel
            collection={collection}
            id={id}
            fields={loaded.fields}
            form={loaded.form}
            item={loaded.item}
            primaryKey={loaded.primaryKey}
            version={version}
            canRevert={canSave}
            canShare={loaded.itemAccess?.share === true}
            onReverted={reverted}
            onUseValue={revertField}
          />
        )}
      </div>
    </section>
  );
}
