import { afterEach } from 'vitest';
import { describeExit, report, startedInstances } from './instances.js';

/**
 * After each failed test of the calling file, prints the tail of the output of every instance started so far
 * (running or not, and how it ended), so that a CI failure shows what the servers said.
 */
export function printInstanceOutputOnFailure(): void {
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const instance of startedInstances()) {
      const exit = instance.exited();
      console.error(report(instance, exit ? `test failed; the instance had ended (${describeExit(exit)})` : 'test failed'));
    }
  });
}
