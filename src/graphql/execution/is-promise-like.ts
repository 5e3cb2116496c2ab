/** Whether graphql-js would wait for `value` (its own test: a `then` that is a function). */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
