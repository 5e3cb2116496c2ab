import pLimit from 'p-limit';
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
 * piling up memory. A transformation that runs longer than `timeout` is abandoned with 503; its slot is held
 * until the work itself has stopped. The slots are p-limit's, which hands a freed slot to the next waiting task
 * in the same step (the hand-written queue let a task arriving at that moment run beside it; decision 0050).
 */
export function createTransformQueue(options: { concurrency: number; maxWaiting: number; timeout: number }): TransformQueue {
  const limit = pLimit(options.concurrency);
  const busy = () => serviceUnavailable('assets', 'Too many image transformations are under way; try again shortly');
  const tooLong = () => serviceUnavailable('assets', 'The image transformation took too long (ASSETS_TRANSFORM_TIMEOUT)');

  return {
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
    run<T>(work: () => Promise<T>): Promise<T> {
      // Every task in the queue gets a slot in turn: full when all slots and all waiting places are taken.
      if (limit.activeCount + limit.pendingCount >= options.concurrency + options.maxWaiting) return Promise.reject(busy());
      return new Promise<T>((resolve, reject) => {
        void limit(async () => {
          const timer = setTimeout(() => reject(tooLong()), options.timeout);
          try {
            resolve(await work());
          } catch (error) {
            reject(error);
          } finally {
            clearTimeout(timer);
          }
        });
      });
    },
  };
}
