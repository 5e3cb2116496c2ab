import { isAppError, type AppError } from '../../src/kernel/errors/index.js';

/** The AppError `work` throws (a plain Error or no error fails the test with a readable message). */
export async function captureAppError(work: (() => unknown) | Promise<unknown>): Promise<AppError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    if (isAppError(error)) return error;
    throw new Error(`expected an AppError, got: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  throw new Error('expected an AppError, but nothing was thrown');
}

/** A short, comparable form of an AppError: `CODE status: message`. */
export async function errorOf(work: (() => unknown) | Promise<unknown>): Promise<string> {
  const error = await captureAppError(work);
  return `${error.code} ${error.status}: ${error.message}`;
}
