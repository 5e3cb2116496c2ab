import { useEffect, useState } from 'preact/hooks';
import { CELL_DISPLAYS } from './cell-displays.js';
import type { FieldPath } from './field-paths.js';

type Displays = typeof import('./display-cell.js');
let loaded: Displays | null = null;

/**
 * The list displays (`display-cell.tsx`, its own chunk), fetched when a column has a `meta.display`; until then (and
 * without such a column) null, and cells show their text.
 */
export function useDisplays(columns: FieldPath[]): Displays | null {
  const wanted = columns.some((column) => column.displayName && CELL_DISPLAYS.has(column.displayName));
  const [displays, setDisplays] = useState<Displays | null>(loaded);
  useEffect(() => {
    if (!wanted || displays) return;
    let live = true;
    import('./display-cell.js').then(
      (module) => {
        loaded = module;
        if (live) setDisplays(module);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? displays : null;
}
