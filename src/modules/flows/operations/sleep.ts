import { setTimeout as wait } from 'node:timers/promises';
import type { OperationType } from '../flows.types.js';

/** `sleep`: waits `milliseconds`, at most FLOWS_SLEEP_MAX (a longer pause is cut to it). */
export function sleepOperation(maxMs: number, sleep: (ms: number) => Promise<void> = (ms) => wait(ms)): OperationType {
  return {
    validate: (options) => {
      const ms = Number(options.milliseconds);
      if (typeof options.milliseconds === 'string' && options.milliseconds.includes('{{')) return null;
      return Number.isFinite(ms) && ms >= 0 ? null : '"milliseconds" must be a number of at least 0';
    },
    async run(options) {
      const ms = Number(options.milliseconds);
      await sleep(Math.min(Number.isFinite(ms) && ms > 0 ? ms : 0, maxMs));
      return null;
    },
  };
}
