/**
 * A push-fed async iterator (what a GraphQL `subscribe` resolver returns): `push` queues (with the value's size in
 * bytes, 0 if unknown) and answers the bytes queued and not yet taken (the slow-consumer bound).
 */
export type EventStream<T> = AsyncIterableIterator<T> & { push(value: T, bytes?: number): number };

/**
 * Values pushed before they are asked for wait in order; `return()` (the client stopped, the socket closed) runs
 * `onReturn` once and ends the stream.
 */
export function createEventStream<T>(onReturn: () => void): EventStream<T> {
  const queued: { value: T; bytes: number }[] = [];
  let queuedBytes = 0;
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
    push(value, bytes = 0) {
      if (done) return queuedBytes;
      const resolve = waiting.shift();
      if (resolve) resolve({ value, done: false });
      else {
        queued.push({ value, bytes });
        queuedBytes += bytes;
      }
      return queuedBytes;
    },
    next() {
      const first = queued.shift();
      if (first) {
        queuedBytes -= first.bytes;
        return Promise.resolve({ value: first.value, done: false });
      }
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
