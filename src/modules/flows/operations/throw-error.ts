import type { OperationType } from '../flows.types.js';
import { OperationFailure } from '../operation-failure.js';

/** `throw-error`: fails with `message` (the flow follows `reject`; a filter flow ending here refuses the write). */
export const throwErrorOperation: OperationType = {
  validate: () => null,
  run(options) {
    const message = typeof options.message === 'string' && options.message !== '' ? options.message : 'The flow threw an error';
    return Promise.reject(new OperationFailure(message, { message, code: options.code ?? null }));
  },
};
