import { evaluateValidation } from '../../../engine/permissions/evaluate-validation.js';
import type { Filter } from '../../../engine/schema-overview/schema-overview.types.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { OperationType } from '../flows.types.js';
import { OperationFailure } from '../operation-failure.js';

/**
 * `condition`: checks the data chain against `filter` (the validation syntax of permission rules: the same
 * operators, `_and`, `_or`, nested paths). It resolves with nothing when the data passes, and rejects with the
 * failures when it does not.
 */
export const conditionOperation: OperationType = {
  validate: (options) => (isPlainObject(options.filter) ? null : '"filter" must be an object'),
  run(options, scope) {
    const failures = evaluateValidation(options.filter as Filter, scope.data);
    if (failures.length > 0) return Promise.reject(new OperationFailure('The condition is not met', failures));
    return Promise.resolve(null);
  },
};
