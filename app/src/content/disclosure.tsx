import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A section that opens and closes: its heading holds a button with aria-expanded (Enter and Space toggle it);
 * the body stays in the page while closed (hidden), so what it holds keeps its state.
 */
export function Disclosure({
  id,
  title,
  level = 2,
  initiallyOpen = true,
  reveal = false,
  onToggle,
  class: className,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3 | 4 | 5 | 6;
  initiallyOpen?: boolean;
  /** Opens the section when it turns true (a field inside it has an error). */
  reveal?: boolean;
  onToggle?(open: boolean): void;
  class?: string;
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    if (reveal) setOpen(true);
  }, [reveal]);
  const Heading = `h${level}` as 'h2';
  const toggle = () => {
    setOpen(!open);
    onToggle?.(!open);
  };
  return (
    <section aria-labelledby={`${id}-title`} class={`disclosure${className ? ` ${className}` : ''}`}>
      <Heading id={`${id}-title`} class="disclosure-title">
        <button type="button" aria-expanded={open} aria-controls={`${id}-body`} onClick={toggle}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          {title}
        </button>
      </Heading>
      <div id={`${id}-body`} class="disclosure-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
