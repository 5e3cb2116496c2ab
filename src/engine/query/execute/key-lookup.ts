/**
 * Related rows by their keys, matched as text compares keys (a foreign key read as `'5'` finds the row whose key
 * is read as `5`, and the other way round), without making a text of every key where both sides are numbers:
 * String() is one-to-one on numbers, so a number finds its row among number keys as itself. A junction level
 * of 10,000 rows looks its 10,000 keys up this way (decision 0068).
 */
export type KeyLookup<T> = { set(key: unknown, value: T): void; get(key: unknown): T | undefined };

export function createKeyLookup<T>(): KeyLookup<T> {
  const byText = new Map<string, T>();
  const byNumber = new Map<number, T>();
  let textKeys = false;
  return {
    set(key, value) {
      if (typeof key === 'number') byNumber.set(key, value);
      else textKeys = true;
      byText.set(String(key), value);
    },
    get(key) {
      return typeof key === 'number' && !textKeys ? byNumber.get(key) : byText.get(String(key));
    },
  };
}

/**
 * The values without null, undefined and repeats, in first-seen order, repeats told as text tells them (`1` and
 * `'1'` are one). Numbers only: a Set keeps the same ones (0 and -0, NaN and NaN are alike for both).
 */
export function uniqueKeys(values: readonly unknown[]): unknown[] {
  if (values.every((v) => typeof v === 'number' || v === null || v === undefined)) {
    const numbers = new Set<unknown>();
    for (const v of values) if (v !== null && v !== undefined) numbers.add(v);
    return [...numbers];
  }
  const seen = new Map<string, unknown>();
  for (const v of values) if (v !== null && v !== undefined) seen.set(String(v), v);
  return [...seen.values()];
}
