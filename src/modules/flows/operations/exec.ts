import type { OperationType } from '../flows.types.js';
import type { ScriptRunner } from '../run-script.js';

/** `exec`: runs `code` in the sandbox (run-script.ts) with the data chain; its result is what the script returns. */
export function execOperation(scripts: ScriptRunner): OperationType {
  return {
    validate: (options) => (typeof options.code === 'string' && options.code.trim() !== '' ? null : '"code" is required'),
    run: (options, scope) => scripts.run(String(options.code), scope.data),
  };
}
