import { serviceUnavailable } from '../../kernel/errors/index.js';

export type TransformQueue = {
  /** Runs `work` when a slot is free; 503 at once when the queue is full, or when it waits past `timeout`. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

/**
 * A bounded queue of image transformations per instance: `concurrency` run at once (each is CPU and memory
 * bound in libvips), `maxWaiting` may wait, and beyond that callers are told to come back (503) instead of
 * piling up memory. A transformation that takes longer than `timeout` in all is abandoned with 503.
 */
export function createTransformQueue(options: { concurrency: number; maxWaiting: number; timeout: number }): TransformQueue {
  let active = 0;
  const waiting: (() => void)[] = [];
  const busy = () => serviceUnavailable('assets', 'Too many image transformations are under way; try again shortly');

  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) next();
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw busy();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      active++;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(serviceUnavailable('assets', 'The image transformation took too long (ASSETS_TRANSFORM_TIMEOUT)')),
          options.timeout,
        );
      });
      const running = work();
      try {
        return await Promise.race([running, timedOut]);
      } finally {
        clearTimeout(timer);
        // The slot is held until the work itself has stopped, even when the caller was answered 503.
        void running.then(release, release);
      }
    },
  };
}
