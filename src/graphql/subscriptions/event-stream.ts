/** A push-fed async iterator (what a GraphQL `subscribe` resolver returns): `push` queues, `end` finishes. */
export type EventStream<T> = AsyncIterableIterator<T> & { push(value: T): void };

/**
 * Values pushed before they are asked for wait in order; `return()` (the client stopped, the socket closed) runs
 * `onReturn` once and ends the stream.
 */
export function createEventStream<T>(onReturn: () => void): EventStream<T> {
  const queued: T[] = [];
  const waiting: ((result: IteratorResult<T>) => void)[] = [];
  let done = false;
  const finish = (): Promise<IteratorResult<T>> => {
    if (!done) {
      done = true;
      onReturn();
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
    }
    return Promise.resolve({ value: undefined, done: true });
  };
  return {
    push(value) {
      if (done) return;
      const resolve = waiting.shift();
      if (resolve) resolve({ value, done: false });
      else queued.push(value);
    },
    next() {
      if (queued.length > 0) return Promise.resolve({ value: queued.shift()!, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return: finish,
    throw: (error: unknown) => finish().then(() => Promise.reject(error instanceof Error ? error : new Error(String(error)))),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
