import { assetUrl } from '../files/files-api.js';
import { CELL_DISPLAYS } from './cell-displays.js';
import { displayCell, type Cell } from './display-format.js';
import { displayText } from './display-value.js';
import { valueAt, type FieldPath } from './field-paths.js';

/** The related item of a templated many-to-one cell (an image column's file): its key and its text. */
function relatedOf(row: Record<string, unknown>, column: FieldPath): { id: string; text: string } | null {
  const value = valueAt(row, column.path);
  if (!column.display || value === null || typeof value !== 'object') return null;
  const item = value as Record<string, unknown>;
  return { id: String(item[column.display.primaryKey] as string), text: displayText(column.display, item) };
}

/** A cell by its column's display (`meta.display`), or its plain text when the field has none. */
export function cellOf(row: Record<string, unknown>, column: FieldPath, text: string): Cell {
  if (!column.displayName || !CELL_DISPLAYS.has(column.displayName)) return { kind: 'text', text };
  return displayCell(
    valueAt(row, column.path),
    column.type,
    { display: column.displayName, options: column.displayOptions ?? {}, choices: column.choices, label: column.label },
    relatedOf(row, column),
  );
}

/** A list cell as its display draws it: badges, a swatch with the value, a thumbnail, or text. */
export function DisplayCell({ cell }: { cell: Cell }) {
  switch (cell.kind) {
    case 'labels':
      return (
        <>
          {cell.badges.map((badge) => (
            <span key={badge.text} class="label-badge" style={{ color: badge.foreground, background: badge.background }}>
              {badge.text}
            </span>
          ))}
        </>
      );
    case 'color':
      return (
        <>
          {cell.color && <span class="swatch" aria-hidden="true" style={{ background: cell.color }} />} {cell.text}
        </>
      );
    case 'image':
      return <img class="cell-thumb" src={assetUrl(cell.id, { size: 80 })} alt={cell.alt} loading="lazy" width={40} height={40} />;
    default:
      return <>{cell.text}</>;
  }
}
