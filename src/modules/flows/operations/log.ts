import type { OperationType } from '../flows.types.js';
import { maskSecrets } from '../mask-secrets.js';

/** `log`: writes `message` to the server's log (info, with the flow's id and name); the run's secrets masked. */
export const logOperation: OperationType = {
  validate: () => null,
  run(options, scope) {
    const message = maskSecrets(options.message, scope.secrets);
    scope.ctx.logger.info({ flow: scope.flow.id, flowName: scope.flow.name, message }, 'flow log');
    return Promise.resolve(null);
  },
};
