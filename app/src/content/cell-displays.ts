/** The list displays `display-cell.tsx` draws; any other (`related-values`, `raw`…) keeps the cell's own text. */
export const CELL_DISPLAYS = new Set(['labels', 'boolean', 'datetime', 'color', 'image', 'formatted-value']);
