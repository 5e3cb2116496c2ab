import type { OperationType } from '../flows.types.js';

/** `log`: writes `message` to the server's log (info, with the flow's id and name). */
export const logOperation: OperationType = {
  validate: () => null,
  run(options, scope) {
    scope.ctx.logger.info({ flow: scope.flow.id, flowName: scope.flow.name, message: options.message }, 'flow log');
    return Promise.resolve(null);
  },
};
