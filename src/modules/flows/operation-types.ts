import type { FlowDeps } from './flow-deps.js';
import type { OperationType } from './flows.types.js';
import { createScriptRunner } from './run-script.js';
import { conditionOperation } from './operations/condition.js';
import { execOperation } from './operations/exec.js';
import { itemOperations } from './operations/item-operations.js';
import { jsonWebTokenOperation } from './operations/json-web-token.js';
import { logOperation } from './operations/log.js';
import { mailOperation } from './operations/mail.js';
import { notificationOperation } from './operations/notification.js';
import { createMarkdownRenderer } from '../mail/index.js';
import { requestOperation } from './operations/request.js';
import { createAddressGuard } from '../../kernel/net/address-guard.js';
import { sleepOperation } from './operations/sleep.js';
import { throwErrorOperation } from './operations/throw-error.js';
import { transformOperation } from './operations/transform.js';
import { triggerOperation, type RunOperationFlow } from './operations/trigger.js';

/** How long a `request` operation waits for its answer, and the largest answer it reads. */
const REQUEST_TIMEOUT_MS = 30_000;
const REQUEST_MAX_BYTES = 10 * 1024 * 1024;

/** Every operation type a flow may use, by its `type`. An unknown type is refused when the operation is saved. */
export function operationTypes(deps: FlowDeps, runFlow: RunOperationFlow): Map<string, OperationType> {
  return new Map<string, OperationType>([
    ['condition', conditionOperation],
    ['log', logOperation],
    ['transform', transformOperation],
    ['throw-error', throwErrorOperation],
    ['sleep', sleepOperation(deps.config.sleepMax, deps.sleep)],
    ['mail', mailOperation(deps.mailer, { templates: deps.mailTemplates, markdown: createMarkdownRenderer() })],
    ['notification', notificationOperation(deps)],
    ['trigger', triggerOperation(runFlow)],
    ['json-web-token', jsonWebTokenOperation()],
    [
      'request',
      requestOperation({
        guard: createAddressGuard(deps.config.requestIpAllowList),
        timeoutMs: REQUEST_TIMEOUT_MS,
        maxBytes: REQUEST_MAX_BYTES,
      }),
    ],
    ['exec', execOperation(createScriptRunner({ maxMemory: deps.config.scriptMaxMemory, timeoutMs: deps.config.scriptTimeout }))],
    ...Object.entries(itemOperations(deps)),
  ]);
}
