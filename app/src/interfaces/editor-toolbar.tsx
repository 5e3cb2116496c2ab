import { useState } from 'preact/hooks';

export type ToolbarButton = {
  /** The button's visible text (its accessible name). */
  text: string;
  /** Whether the mark or block is on at the selection (`aria-pressed`); absent for plain commands (undo). */
  pressed?: boolean;
  disabled?: boolean;
  run(): void;
};

/**
 * The formatting buttons of a rich editor: one toolbar stop in the tab order, the arrow keys (and Home, End) move
 * between its buttons. A press keeps the focus and selection in the editor (the mouse-down is not taken).
 */
export function EditorToolbar({ label, buttons, controls }: { label: string; buttons: ToolbarButton[]; controls: string }) {
  const [current, setCurrent] = useState(0);
  const active = Math.min(current, buttons.length - 1);
  return (
    <div
      class="editor-toolbar"
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={(event) => {
        const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: buttons.length - 1 };
        if (!(event.key in moves)) return;
        event.preventDefault();
        const next = (moves[event.key]! + buttons.length) % buttons.length;
        setCurrent(next);
        (event.currentTarget.children[next] as HTMLElement | undefined)?.focus();
      }}
    >
      {buttons.map((button, i) => (
        <button
          key={button.text}
          type="button"
          class="small"
          tabIndex={i === active ? 0 : -1}
          aria-pressed={button.pressed === undefined ? undefined : button.pressed}
          disabled={button.disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setCurrent(i);
            button.run();
          }}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}
