import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../../api/errors.js';

/**
 * What a layout reads for itself (the calendar's weeks, the kanban's columns): read with `read` whenever `key`
 * (what the read depends on, as text) or `changes` (live updates) change, none while `key` is null; an answer that
 * arrives after a newer read began is dropped. `fresh` is false while the shown value answers an older key;
 * `set` replaces the value in place (a move shown before the server answers).
 */
export function useLayoutRead<T>(
  key: string | null,
  read: () => Promise<T>,
  changes: number,
): { value: T | null; fresh: boolean; error: string | null; set(value: T): void } {
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    read().then(
      (value) => {
        if (cancelled) return;
        setError(null);
        setState({ key, value });
      },
      (failure: unknown) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, changes]);
  return {
    value: state?.value ?? null,
    fresh: state !== null && state.key === key,
    error,
    set: (value) => setState(state ? { ...state, value } : null),
  };
}
