import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** The process events logProcessFaults listens to (`process` itself, or an emitter in tests). */
export type ProcessEvents = Pick<EventEmitter, 'on' | 'off'>;

/**
 * A safety net under the server process; every failure should be handled where it happens. A promise rejected
 * with nobody waiting for it is logged (error) and the server carries on, where Node would end the process: the
 * work that failed had no request waiting for it, and every other request is unaffected. An uncaught exception
 * is logged (fatal) and the process exits 1, as Node would do, since the state it leaves is unknown. Returns a
 * function that removes both listeners.
 */
export function logProcessFaults(target: ProcessEvents, logger: FastifyBaseLogger, exit: (code: number) => void): () => void {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'Unhandled promise rejection (a bug: work failed with nobody waiting for it); the server carries on');
  };
  const onException = (error: unknown) => {
    logger.fatal({ err: error }, 'Uncaught exception; the process exits');
    exit(1);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
