/**
 * The one error type the platform throws. Transports turn it into the Directus envelope
 * `{errors: [{message, extensions: {...extensions, code}}]}` with `status` as the HTTP status.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly extensions: Record<string, unknown>;
  /** HTTP headers the answer carries (e.g. `Retry-After` on 429); other transports ignore them. */
  readonly headers: Record<string, string> = {};

  constructor(code: string, status: number, message: string, extensions: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.extensions = extensions;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
