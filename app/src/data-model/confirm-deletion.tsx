import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/t.js';

/**
 * An inline confirmation that says what a deletion loses: the focus moves to it, "Cancel" or Escape closes it.
 */
export function ConfirmDeletion({
  summary,
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  summary: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      class="notice confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-summary"
      tabIndex={-1}
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="confirm-title" class="confirm-title">
        {action}?
      </p>
      <p id="confirm-summary">{summary}</p>
      <div class="actions">
        <button type="button" class="danger" disabled={busy} onClick={onConfirm}>
          {action}
        </button>
        <button type="button" onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
    </div>
  );
}
