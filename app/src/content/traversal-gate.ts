/**
 * The first say on a step through the browser's history (Back, Forward: a popstate). Listeners at the window run in
 * the order they were added (capturing ones first, in browsers that order them so), so a gate added at start-up, before
 * the router subscribes, runs before the router's own listener: what the gate stops never reaches the router. The
 * item page's leave guard (leave-guard.ts) sets the gate while it holds unsaved changes.
 */
type Gate = (event: PopStateEvent) => void;

let gate: Gate | null = null;

/** Adds the gate's listener; called once by main.tsx before the app renders. */
export function installTraversalGate(): void {
  window.addEventListener('popstate', (event) => gate?.(event), true);
}

/** Sets the function that sees each history step first (null: none); answers a function that unsets it again. */
export function setTraversalGate(next: Gate): () => void {
  gate = next;
  return () => {
    if (gate === next) gate = null;
  };
}
