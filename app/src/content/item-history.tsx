import { useEffect, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { msg, t } from '../i18n/t.js';
import { fieldLabel } from './content-api.js';
import { relatedText, useRelatedTexts } from './history-related.js';
import { historyEntries, readItemRevisions, revertTo, type HistoryEntry } from './history-api.js';
import type { FormField } from './form-fields.js';
import { RevisionCompareDialog } from './revision-compare-dialog.js';
import { TimeStamp, timeStampText } from '../ui/time-stamp.js';

const ACTIONS: Record<string, string> = { create: msg('Created'), update: msg('Updated'), delete: msg('Deleted') };

/** A revision's action in words (an unknown one as it is). */
function actionText(action: string): string {
  const label = ACTIONS[action];
  return label ? t(label) : action;
}

/**
 * The item's timeline: who changed what and when, field by field; any revision compared with the current item;
 * with `canRevert`, an earlier revision restored ("Revert to this version", after confirming, which the server
 * records as a new update) or one of its fields put back into the form.
 */
export function ItemHistory({
  collection,
  id,
  version,
  form,
  current,
  canRevert,
  onReverted,
  onUseValue,
}: {
  collection: string;
  id: string;
  version: number;
  /** The form's fields and the item as loaded: what a revision is compared with. */
  form: FormField[];
  current: Record<string, unknown>;
  canRevert: boolean;
  onReverted?: () => void;
  onUseValue(field: FormField, value: unknown): void;
}) {
  const { client } = useSession();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [comparing, setComparing] = useState<HistoryEntry | null>(null);
  // Keys of related items read as their display template.
  const related = useRelatedTexts(collection, entries);
  const show = (field: string, value: unknown) => relatedText(related, field, value);

  const revert = async (entry: HistoryEntry) => {
    const question = entry.timestamp
      ? t('Revert this item to the version of {when}? The change is recorded in its history.', { when: timeStampText(entry.timestamp) })
      : t('Revert this item to that version? The change is recorded in its history.');
    if (!window.confirm(question)) return;
    setBusy(true);
    setError(null);
    try {
      await revertTo(client, entry.id);
      setComparing(null);
      onReverted?.();
    } catch (failure) {
      setError(errorStatus(failure) === 403 ? t('You may not revert this item.') : requestMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    readItemRevisions(client, collection, id).then(
      (revisions) => setEntries(historyEntries(revisions)),
      (failure: unknown) =>
        setError(errorStatus(failure) === 403 ? t('You may not see the history of this item.') : requestMessage(failure)),
    );
  }, [client, collection, id, version]);

  return (
    <div class="history">
      {error && <p>{error}</p>}
      {entries && entries.length === 0 && <p>{t('No recorded changes.')}</p>}
      {entries && entries.length > 0 && (
        <ol class="timeline">
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <p>
                <strong>{actionText(entry.action)}</strong> {t('by {user}', { user: entry.who })}, <TimeStamp value={entry.timestamp} />
              </p>
              {entry.changes.length > 0 && (
                <table class="diff">
                  <caption class="visually-hidden">{t('Changes of this revision')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('Field')}</th>
                      <th scope="col">{t('Before')}</th>
                      <th scope="col">{t('After')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row">{fieldLabel(change.field)}</th>
                        <td>
                          <del>{show(change.field, change.before)}</del>
                        </td>
                        <td>
                          <ins>{show(change.field, change.after)}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {entry.data && entry.action !== 'delete' && (
                <button type="button" onClick={() => setComparing(entry)}>
                  {t('Compare with current')}
                </button>
              )}{' '}
              {canRevert && index > 0 && entry.action !== 'delete' && (
                <button type="button" disabled={busy} onClick={() => void revert(entry)}>
                  {t('Revert to this version')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {comparing && (
        <RevisionCompareDialog
          collection={collection}
          entry={comparing}
          form={form}
          current={current}
          canRevert={canRevert}
          busy={busy}
          onUseValue={onUseValue}
          onRevertItem={() => void revert(comparing)}
          onClose={() => setComparing(null)}
        />
      )}
    </div>
  );
}
