import { useState } from 'preact/hooks';
import { t } from '../../i18n/t.js';

type Props = { label: string; first: boolean; last: boolean; move(by: number): void };

/**
 * A column's menu (a disclosure in its header): move the column left or right. Its buttons exist only while it is
 * open, so that the header's text stays the column's name.
 */
export function ColumnMenu({ label, first, last, move }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <details
      class="column-menu"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onClick={(event) => event.stopPropagation()}
    >
      {/* The ⋮ is drawn by the style sheet. */}
      <summary aria-label={t('Column {label} options', { label })} />
      {open && (
        <div class="column-menu-body">
          <button type="button" disabled={first} onClick={() => move(-1)}>
            {t('Move left')}
          </button>
          <button type="button" disabled={last} onClick={() => move(1)}>
            {t('Move right')}
          </button>
        </div>
      )}
    </details>
  );
}
