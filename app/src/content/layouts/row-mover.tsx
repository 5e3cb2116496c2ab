import { t } from '../../i18n/t.js';

type Props = {
  id: string;
  first: boolean;
  last: boolean;
  move(by: number): void;
  /** The row's drag starts (its grip). */
  grab(): void;
};

/** A row's manual sort controls: a grip to drag it by, and Move up / Move down buttons for the keyboard. */
export function RowMover({ id, first, last, move, grab }: Props) {
  return (
    <td class="manual" onClick={(event) => event.stopPropagation()}>
      <span
        class="grip"
        draggable
        title={t('Drag to reorder')}
        aria-hidden="true"
        onDragStart={(event) => {
          event.dataTransfer?.setData('text/plain', id);
          grab();
        }}
      >
        ⠿
      </span>
      <button type="button" class="icon" disabled={first} onClick={() => move(-1)}>
        <span aria-hidden="true">↑</span>
        <span class="visually-hidden">{t('Move item {id} up', { id })}</span>
      </button>
      <button type="button" class="icon" disabled={last} onClick={() => move(1)}>
        <span aria-hidden="true">↓</span>
        <span class="visually-hidden">{t('Move item {id} down', { id })}</span>
      </button>
    </td>
  );
}
