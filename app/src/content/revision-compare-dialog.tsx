import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { plural, t } from '../i18n/t.js';
import { fieldLabel } from './content-api.js';
import type { FormField } from './form-fields.js';
import type { HistoryEntry } from './history-api.js';
import { relatedText, useRelatedTexts } from './history-related.js';
import { compareRevision } from './revision-compare.js';
import { timeStampText } from '../ui/time-stamp.js';

/**
 * A revision beside the current item, field by field in a modal dialog: changed fields say so in words; with
 * `canRevert`, one field's value can be put back into the form (an unsaved change), or the whole item reverted.
 */
export function RevisionCompareDialog({
  collection,
  entry,
  form,
  current,
  canRevert,
  busy,
  onUseValue,
  onRevertItem,
  onClose,
}: {
  collection: string;
  entry: HistoryEntry;
  form: FormField[];
  current: Record<string, unknown>;
  canRevert: boolean;
  busy: boolean;
  onUseValue(field: FormField, value: unknown): void;
  onRevertItem(): void;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [used, setUsed] = useState<string[]>([]);
  const rows = useMemo(() => compareRevision(form, entry.data, current), [form, entry, current]);
  // Related keys read as their display template, the revision's and the current ones alike.
  const asEntries = useMemo(
    () => [{ ...entry, changes: rows.map((row) => ({ field: row.field, before: row.revision, after: row.current })) }],
    [entry, rows],
  );
  const related = useRelatedTexts(collection, asEntries);
  const show = (field: string, value: unknown) => relatedText(related, field, value);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const when = timeStampText(entry.timestamp);
  const changed = rows.filter((row) => row.changed).length;

  return (
    <dialog ref={dialog} aria-labelledby="compare-title" class="compare-dialog" onClose={onClose}>
      <h2 id="compare-title">{t('Revision of {when} and the current item', { when })}</h2>
      <p>
        {changed === 0 ? t('The revision matches the current item.') : plural(changed, '{count} field differs.', '{count} fields differ.')}
      </p>
      <table class="compare-table">
        <caption class="visually-hidden">{t('Each field in the revision and now')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Field')}</th>
            <th scope="col">{t('In the revision')}</th>
            <th scope="col">{t('Now')}</th>
            <th scope="col">{t('Difference')}</th>
            {canRevert && <th scope="col">{t('Action')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const field = form.find((f) => f.field === row.field)!;
            return (
              <tr key={row.field} class={row.changed ? 'compare-changed' : undefined}>
                <th scope="row">{fieldLabel(row.field)}</th>
                <td>{show(row.field, row.revision)}</td>
                <td>{show(row.field, row.current)}</td>
                <td>{row.changed ? t('Changed') : t('Same')}</td>
                {canRevert && (
                  <td>
                    {row.revertible &&
                      (used.includes(row.field) ? (
                        t('In the form, not saved yet')
                      ) : (
                        <button
                          type="button"
                          onClick={() => {
                            onUseValue(field, row.revision);
                            setUsed([...used, row.field]);
                          }}
                        >
                          {t('Revert {field}', { field: fieldLabel(row.field) })}
                        </button>
                      ))}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {canRevert && used.length > 0 && <p role="status">{t('Save the item to keep the reverted fields.')}</p>}
      <p class="actions">
        {canRevert && changed > 0 && (
          <button type="button" class="danger" disabled={busy} onClick={onRevertItem}>
            {t('Revert the whole item')}
          </button>
        )}
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('Close')}
        </button>
      </p>
    </dialog>
  );
}
