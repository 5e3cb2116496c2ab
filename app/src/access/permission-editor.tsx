import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { allCollections, policyRules, saveMatrix } from './access-api.js';
import {
  cellKey,
  countChanges,
  matrixChanges,
  matrixFromRows,
  MATRIX_ACTIONS,
  cellState,
  pinCell,
  setCell,
  type CellState,
  type Matrix,
  type MatrixAction,
  type PermissionRow,
} from './permission-matrix.js';
import { RuleEditor } from './rule-editor.js';
import { plural, t } from '../i18n/t.js';

const isSystem = (name: string) => name.startsWith('service_') || name.startsWith('directus_');

/**
 * A policy's permissions as a matrix of collections × actions, each cell none, all or custom; custom opens the
 * rule editor. "Save" sends the differences in batches (`/permissions`: create, update, delete).
 */
export function PermissionEditor({ policy, admin }: { policy: string; admin: boolean }) {
  const { client } = useSession();
  const [collections, setCollections] = useState<string[]>([]);
  const [stored, setStored] = useState<{ rowOf: Record<string, PermissionRow>; extra: PermissionRow[] } | null>(null);
  const [matrix, setMatrix] = useState<Matrix>({});
  // The cells chosen "Custom" since the rules were read (their rule may still grant everything).
  const [pinned, setPinned] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ collection: string; action: MatrixAction; focus?: boolean } | null>(null);
  const [showSystem, setShowSystem] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = () =>
    Promise.all([allCollections(client), policyRules(client, policy)]).then(
      ([names, rows]) => {
        const read = matrixFromRows(rows);
        setCollections(names);
        setStored({ rowOf: read.rowOf, extra: read.extra });
        setMatrix(read.matrix);
        setPinned(new Set());
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  useEffect(() => {
    void load();
  }, [client, policy]);

  const changes = stored ? matrixChanges(policy, stored.rowOf, matrix) : { create: [], update: [], delete: [] };
  const pending = countChanges(changes);
  const withRules = new Set(
    Object.keys(matrix)
      .filter((k) => matrix[k])
      .map((k) => k.slice(0, k.lastIndexOf(':'))),
  );
  const shown = collections.filter((c) => showSystem || !isSystem(c) || withRules.has(c));

  const choose = (collection: string, action: MatrixAction, state: CellState) => {
    setStatus(null);
    setMatrix(setCell(matrix, collection, action, state));
    setPinned(pinCell(pinned, collection, action, state));
    if (state === 'custom') setEditing({ collection, action });
    else if (editing?.collection === collection && editing.action === action) setEditing(null);
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await saveMatrix(client, changes);
      await load();
      setStatus(plural(pending, 'Saved {count} change.', 'Saved {count} changes.'));
    } catch (failure) {
      setError(requestMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const editingDraft = editing ? matrix[cellKey(editing.collection, editing.action)] : null;

  return (
    <section aria-labelledby="permissions-title">
      <h2 id="permissions-title">{t('Permissions')}</h2>
      {admin && <p class="notice">{t('This policy has administrator access: it may do everything, whatever the rules below say.')}</p>}
      {stored && stored.extra.length > 0 && (
        <p class="notice">
          {plural(
            stored.extra.length,
            '{count} further rule for the same collection and action is kept as it is (edit it through the API).',
            '{count} further rules for the same collection and action are kept as they are (edit them through the API).',
          )}
        </p>
      )}
      <div class="field checkbox">
        <input id="permissions-system" type="checkbox" checked={showSystem} onChange={(e) => setShowSystem(e.currentTarget.checked)} />
        <label for="permissions-system">{t('Show system collections')}</label>
      </div>
      <div class="table-wrap" tabIndex={0} role="region" aria-label={t('Permission matrix')}>
        <table class="matrix">
          <thead>
            <tr>
              <th scope="col" id="perm-col-collection">
                {t('Collection')}
              </th>
              {MATRIX_ACTIONS.map((action) => (
                <th scope="col" id={`perm-col-${action}`} key={action}>
                  {action[0]!.toUpperCase() + action.slice(1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((collection, index) => (
              <tr key={collection}>
                <th scope="row" id={`perm-row-${index}`}>
                  {collection}
                </th>
                {MATRIX_ACTIONS.map((action) => {
                  const state = cellState(matrix, pinned, collection, action);
                  const id = `perm-${index}-${action}`;
                  return (
                    <td key={action}>
                      <select
                        id={id}
                        aria-labelledby={`perm-col-${action} perm-row-${index}`}
                        value={state}
                        onChange={(e) => choose(collection, action, e.currentTarget.value as CellState)}
                      >
                        <option value="none">{t('None')}</option>
                        <option value="all">{t('All')}</option>
                        <option value="custom">{t('Custom')}</option>
                      </select>
                      {state === 'custom' && (
                        <button type="button" onClick={() => setEditing({ collection, action, focus: true })}>
                          {t('Edit')}
                          <span class="visually-hidden"> {t('{action} rule of {collection}', { action, collection })}</span>
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="actions">
        <button type="button" class="primary" disabled={pending === 0 || saving} onClick={() => void save()}>
          {pending === 0 ? t('No changes to save') : plural(pending, 'Save {count} change', 'Save {count} changes')}
        </button>
        <button
          type="button"
          disabled={pending === 0 || saving}
          onClick={() => {
            setEditing(null);
            void load();
          }}
        >
          {t('Discard changes')}
        </button>
      </div>
      <p aria-live="polite">{status}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {editing && editingDraft && (
        <RuleEditor
          key={`${cellKey(editing.collection, editing.action)}${editing.focus ? ':focus' : ''}`}
          collection={editing.collection}
          action={editing.action}
          draft={editingDraft}
          focus={editing.focus === true}
          onChange={(draft) => setMatrix({ ...matrix, [cellKey(editing.collection, editing.action)]: draft })}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
