import { useEffect, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { fieldLabel, formatValue } from './content-api.js';
import {
  compareVersion,
  comparedFields,
  createItemVersion,
  deleteVersion,
  promoteVersion,
  readItemVersions,
  type ItemVersion,
  type VersionComparison,
} from './versions-api.js';

type Props = {
  collection: string;
  id: string;
  /** The version the form edits; null: the main item. */
  active: ItemVersion | null;
  onSelect: (version: ItemVersion | null) => void;
  /** After a promote: the main item changed and the version is gone. */
  onPromoted: () => void;
  /** Raised after each save to the version, so an open compare view reads it again. */
  saved: number;
  busy: boolean;
};

const versionName = (version: ItemVersion) => version.name ?? version.key;

/**
 * The content versions of an item: a switcher (main, each version), "Create version", and for the version
 * being edited a side-by-side compare with the main item (changed fields marked), Promote and Delete.
 */
export function ItemVersions({ collection, id, active, onSelect, onPromoted, saved, busy }: Props) {
  const { client } = useSession();
  const [versions, setVersions] = useState<ItemVersion[]>([]);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [comparison, setComparison] = useState<VersionComparison | null>(null);
  const [showCompare, setShowCompare] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const load = () => readItemVersions(client, collection, id).then(setVersions);
  useEffect(() => {
    void load();
  }, [client, collection, id]);

  useEffect(() => {
    if (!active || !showCompare) return setComparison(null);
    compareVersion(client, active.id).then(setComparison, (failure: unknown) => setError(requestMessage(failure)));
  }, [client, active?.id, showCompare, saved]);

  const fail = (failure: unknown, forbidden: string) => setError(errorStatus(failure) === 403 ? forbidden : requestMessage(failure));

  const create = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('Name the version first.'));
      return;
    }
    setWorking(true);
    setError(null);
    try {
      const made = await createItemVersion(
        client,
        collection,
        id,
        name.trim(),
        versions.map((v) => v.key),
      );
      await load();
      setCreating(false);
      setName('');
      onSelect(made);
    } catch (failure) {
      fail(failure, t('You may not make versions of this item.'));
    } finally {
      setWorking(false);
    }
  };

  const promote = async () => {
    if (!active) return;
    setWorking(true);
    setError(null);
    try {
      const compared = await compareVersion(client, active.id);
      const named = { name: versionName(active) };
      const question = compared.outdated
        ? t(
            'Promote "{name}" to the main item? The main item has changed since this version was made; its changes to these fields are replaced. The version is deleted afterwards.',
            named,
          )
        : t('Promote "{name}" to the main item? The version is deleted afterwards.', named);
      if (!window.confirm(question)) return;
      await promoteVersion(client, active.id, compared.mainHash);
      setShowCompare(false);
      await load();
      onPromoted();
    } catch (failure) {
      fail(failure, t('You may not promote this version.'));
    } finally {
      setWorking(false);
    }
  };

  const remove = async () => {
    if (!active || !window.confirm(t('Delete the version "{name}"? Its changes are lost.', { name: versionName(active) }))) return;
    setWorking(true);
    setError(null);
    try {
      await deleteVersion(client, active.id);
      setShowCompare(false);
      await load();
      onSelect(null);
    } catch (failure) {
      fail(failure, t('You may not delete this version.'));
    } finally {
      setWorking(false);
    }
  };

  const disabled = busy || working;
  const rows = comparison ? comparedFields(comparison) : [];

  return (
    <div class="versions" role="group" aria-labelledby="versions-title">
      <h2 id="versions-title" class="visually-hidden">
        {t('Versions')}
      </h2>
      <div class="filters">
        <div class="field">
          <label for="item-version">{t('Version')}</label>
          <select
            id="item-version"
            value={active?.id ?? ''}
            disabled={disabled}
            onChange={(event) => {
              const chosen = versions.find((v) => v.id === (event.target as HTMLSelectElement).value) ?? null;
              setShowCompare(false);
              onSelect(chosen);
            }}
          >
            <option value="">{t('Main version')}</option>
            {versions.map((version) => (
              <option key={version.id} value={version.id}>
                {versionName(version)}
              </option>
            ))}
          </select>
        </div>
        {!creating && (
          <button type="button" disabled={disabled} onClick={() => setCreating(true)}>
            {t('Create version')}
          </button>
        )}
        {active && (
          <>
            <button type="button" disabled={disabled} aria-pressed={showCompare} onClick={() => setShowCompare(!showCompare)}>
              {t('Compare with main')}
            </button>
            <button type="button" class="primary" disabled={disabled} onClick={() => void promote()}>
              {t('Promote')}
            </button>
            <button type="button" class="danger" disabled={disabled} onClick={() => void remove()}>
              {t('Delete version')}
            </button>
          </>
        )}
      </div>
      {creating && (
        <form class="filters" onSubmit={create}>
          <label class="field">
            {t('Version name')}
            <input value={name} onInput={(event) => setName((event.target as HTMLInputElement).value)} />
          </label>
          <button type="submit" disabled={working}>
            {t('Create')}
          </button>
          <button type="button" onClick={() => setCreating(false)}>
            {t('Cancel')}
          </button>
        </form>
      )}
      {active && (
        <p class="help">
          {t('You are editing the version "{name}": saving keeps the changes in it, not in the item.', { name: versionName(active) })}
        </p>
      )}
      {active && showCompare && comparison && (
        <div class="table-wrap">
          {comparison.outdated && <p class="notice">{t('The main item has changed since this version was made.')}</p>}
          {rows.length === 0 ? (
            <p>{t('This version changes nothing yet.')}</p>
          ) : (
            <table class="diff">
              <caption>{t('Main item and version "{name}" side by side', { name: versionName(active) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Field')}</th>
                  <th scope="col">{t('Main version')}</th>
                  <th scope="col">{t('This version')}</th>
                  <th scope="col">{t('Changed')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field} class={row.changed ? 'changed' : undefined}>
                    <th scope="row">{fieldLabel(row.field)}</th>
                    <td>{row.changed ? <del>{formatValue(row.main)}</del> : formatValue(row.main)}</td>
                    <td>{row.changed ? <ins>{formatValue(row.version)}</ins> : formatValue(row.version)}</td>
                    <td>{row.changed ? t('Changed') : t('Same')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
