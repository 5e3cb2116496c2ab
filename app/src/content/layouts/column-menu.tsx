type Props = { label: string; first: boolean; last: boolean; move(by: number): void };

/** A column's menu (a disclosure in its header): move the column left or right. */
export function ColumnMenu({ label, first, last, move }: Props) {
  return (
    <details class="column-menu" onClick={(event) => event.stopPropagation()}>
      {/* The ⋮ is drawn by the style sheet, so that the header's text stays the column's name. */}
      <summary aria-label={`Column ${label} options`} />
      <div class="column-menu-body">
        <button type="button" disabled={first} onClick={() => move(-1)}>
          Move left
        </button>
        <button type="button" disabled={last} onClick={() => move(1)}>
          Move right
        </button>
      </div>
    </details>
  );
}
