/**
 * A failure an operation reports on purpose (a condition that does not hold, `throw-error`, a script's throw):
 * its message is the flow author's, safe to show; `data` is what the failing step leaves in the data chain.
 */
export class OperationFailure extends Error {
  readonly data: unknown;
  constructor(message: string, data?: unknown) {
    super(message);
    this.name = 'OperationFailure';
    this.data = data === undefined ? { message } : data;
  }
}
