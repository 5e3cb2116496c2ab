import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import type { DisplayPlan, PrimaryKey } from './display-value.js';

/**
 * The rows a relational list of the item form shows: read with `read` once the related collection's display plan is
 * known (none for a new item, whose `parent` is null), and again when `deps` change; an answer that arrives after a
 * newer read began is dropped. `error` is the failed read's message.
 */
export function useLinkedRows<T>(
  plan: DisplayPlan | null | undefined,
  parent: PrimaryKey | null,
  read: (plan: DisplayPlan, parent: PrimaryKey) => Promise<T[]>,
  deps: readonly unknown[],
): { linked: T[] | null; error: string | null } {
  const [linked, setLinked] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!plan) return;
    if (parent === null) return setLinked([]);
    let cancelled = false;
    read(plan, parent).then(
      (rows) => {
        if (!cancelled) setLinked(rows);
      },
      (failure: unknown) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [plan, parent, ...deps]);
  return { linked, error };
}
