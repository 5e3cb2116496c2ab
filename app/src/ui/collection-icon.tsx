import { useEffect, useState } from 'preact/hooks';
import { textOn } from '../shell/nav-tree.js';

type IconSet = typeof import('./icon-set.js');

let loaded: IconSet | null = null;
let pending: Promise<IconSet> | null = null;

/** Fetches the icon drawings once (a chunk of their own); the frame starts it early, so the navigation seldom waits. */
export function loadIcons(): Promise<IconSet> {
  pending ??= import('./icon-set.js').then((set) => (loaded = set));
  return pending;
}

/** The icon drawings once fetched (fetching them when `wanted`), else null. */
export function useIcons(wanted = true): IconSet | null {
  const [set, setSet] = useState<IconSet | null>(loaded);
  useEffect(() => {
    if (!wanted || set) return;
    let live = true;
    loadIcons().then(
      (found) => live && setSet(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return set;
}

/** One icon drawing as a decorative SVG (its name or meaning is always in the text beside it). */
export function IconSvg({ path }: { path: string }) {
  return (
    <svg class="glyph-svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/**
 * A collection's glyph (decorative): its icon (`meta.icon`, Directus's Material Symbols names; a name the app does not
 * draw gets the default icon) or, without one, its first letter, on its colour (`meta.color`) with black or white
 * drawing, whichever reads better.
 */
export function CollectionIcon({
  icon,
  color,
  label,
}: {
  icon: string | null | undefined;
  color: string | null | undefined;
  label: string;
}) {
  const set = useIcons(Boolean(icon));
  const ink = textOn(color ?? null);
  const style = ink ? { background: color!, color: ink, borderColor: color! } : undefined;
  if (icon && set)
    return (
      <span class="nav-glyph" aria-hidden="true" style={style}>
        <IconSvg path={set.iconPath(icon)} />
      </span>
    );
  return <span class="nav-glyph" data-letter={label.charAt(0).toUpperCase()} aria-hidden="true" style={style} />;
}
