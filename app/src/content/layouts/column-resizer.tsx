import { useEffect, useRef, useState } from 'preact/hooks';
import { clampWidth, MAX_WIDTH, MIN_WIDTH, WIDTH_STEP } from '../list-layout.js';
import { t } from '../../i18n/t.js';

type Props = {
  label: string;
  /** The saved width, or null (the column's drawn width is measured). */
  width: number | null;
  /** While a pointer drags (`done` false) and when it lets go or a key was pressed (`done` true). */
  resize(width: number, done: boolean): void;
};

/**
 * A column's resize handle: a focusable separator (its value the width in pixels) that the arrow keys widen or
 * narrow by 10 pixels (Home and End: narrowest and widest), and a pointer drags.
 */
export function ColumnResizer({ label, width, resize }: Props) {
  const handle = useRef<HTMLSpanElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  const drag = useRef<{ x: number; width: number; last: number } | null>(null);
  useEffect(() => {
    const cell = handle.current?.closest('th');
    if (cell) setMeasured(Math.round(cell.getBoundingClientRect().width));
  }, [width]);
  const now = clampWidth(width ?? measured ?? MIN_WIDTH);

  const onKeyDown = (event: KeyboardEvent) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? now + WIDTH_STEP
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? now - WIDTH_STEP
          : event.key === 'Home'
            ? MIN_WIDTH
            : event.key === 'End'
              ? MAX_WIDTH
              : null;
    if (next === null) return;
    event.preventDefault();
    resize(clampWidth(next), true);
  };

  return (
    <span
      ref={handle}
      class="col-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('Resize column {label}', { label })}
      aria-valuenow={now}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      // Not the start of the header's own drag (a column move).
      onMouseDown={(event) => event.preventDefault()}
      onPointerDown={(event) => {
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width: now, last: now };
      }}
      onPointerMove={(event) => {
        if (!drag.current) return;
        drag.current.last = clampWidth(drag.current.width + event.clientX - drag.current.x);
        resize(drag.current.last, false);
      }}
      onPointerUp={() => {
        if (drag.current) resize(drag.current.last, true);
        drag.current = null;
      }}
    />
  );
}
