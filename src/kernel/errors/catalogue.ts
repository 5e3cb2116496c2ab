import { AppError } from './app-error.js';

/**
 * Every public error code, declared once, with Directus's code, status and message.
 * docs/errors.md lists each of them (a unit test keeps the two in step).
 */
export const ERROR_CODES = {
  INVALID_CREDENTIALS: 401,
  INVALID_OTP: 401,
  INVALID_IP: 401,
  TOKEN_EXPIRED: 401,
  USER_SUSPENDED: 401,
  INVALID_TOKEN: 403,
  FORBIDDEN: 403,
  INVALID_PROVIDER: 403,
  INVALID_PAYLOAD: 400,
  INVALID_QUERY: 400,
  INVALID_PATH_PARAMETER: 400,
  FAILED_VALIDATION: 400,
  RECORD_NOT_UNIQUE: 400,
  NOT_NULL_VIOLATION: 400,
  INVALID_FOREIGN_KEY: 400,
  VALUE_OUT_OF_RANGE: 400,
  VALUE_TOO_LONG: 400,
  CONTAINS_NULL_VALUES: 400,
  GRAPHQL_VALIDATION: 400,
  GRAPHQL_EXECUTION: 400,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONTENT_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  REQUESTS_EXCEEDED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  INVALID_PROVIDER_CONFIG: 503,
  INVALID_COLLECTION: 400,
  AUTH_FAILED: 401,
  AUTH_TIMEOUT: 401,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

function make(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}, cause?: unknown) {
  return new AppError(code, ERROR_CODES[code], message, extensions, cause === undefined ? undefined : { cause });
}

/** Ends a reason with a full stop, as Directus's messages do. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export const invalidCredentials = () => make('INVALID_CREDENTIALS', 'Invalid user credentials.');
export const invalidOtp = () => make('INVALID_OTP', 'Invalid user OTP.');
export const invalidIp = () => make('INVALID_IP', 'Invalid IP address.');
export const tokenExpired = () => make('TOKEN_EXPIRED', 'Token expired.');
export const userSuspended = () => make('USER_SUSPENDED', 'User suspended.');
export const invalidToken = () => make('INVALID_TOKEN', 'Invalid token.');
export const invalidProvider = () => make('INVALID_PROVIDER', 'Invalid provider.');

/** 403: with a reason the message is the reason, without one the generic text (it reveals nothing). */
export function forbidden(reason?: string): AppError {
  return reason === undefined ? make('FORBIDDEN', "You don't have permission to access this.") : make('FORBIDDEN', reason, { reason });
}

export function forbiddenCollection(collection: string, path = 'root'): AppError {
  return forbidden(`You don't have permission to access collection "${collection}" or it does not exist. Queried in ${queriedIn(path)}.`);
}

export function forbiddenFields(collection: string, fields: string[], path = 'root'): AppError {
  const list = fields.map((f) => `"${f}"`).join(', ');
  const noun = fields.length === 1 ? `field ${list}` : `fields ${list}`;
  const verb = fields.length === 1 ? 'it does not exist' : 'they do not exist';
  return forbidden(`You don't have permission to access ${noun} in collection "${collection}" or ${verb}. Queried in ${queriedIn(path)}.`);
}

export function forbiddenAction(action: string, collection: string, fields?: string[]): AppError {
  if (fields && fields.length > 0) {
    const list = fields.map((f) => `"${f}"`).join(', ');
    return forbidden(
      `You don't have permission to perform "${action}" for the field(s) ${list} in collection "${collection}" or it does not exist.`,
    );
  }
  return forbidden(`You don't have permission to perform "${action}" for collection "${collection}" or it does not exist.`);
}

function queriedIn(path: string): string {
  return path === 'root' ? 'root' : `"${path}"`;
}

export const invalidPayload = (reason: string, cause?: unknown) =>
  make('INVALID_PAYLOAD', `Invalid payload. ${sentence(reason)}`, { reason }, cause);
export const invalidQuery = (reason: string) => make('INVALID_QUERY', `Invalid query. ${sentence(reason)}`, { reason });
export const invalidPathParameter = (reason: string) =>
  make('INVALID_PATH_PARAMETER', `Invalid path parameter. ${sentence(reason)}`, { reason });

export type ValidationDetail = {
  field: string;
  path?: (string | number)[];
  type: string;
  valid?: unknown;
  invalid?: unknown;
  substring?: string;
  detail?: string;
};

export function failedValidation(detail: ValidationDetail): AppError {
  const at = detail.path && detail.path.length > 0 ? ` at "${detail.path.join('.')}"` : '';
  const text = detail.detail ?? describeValidation(detail);
  const { detail: _omit, ...extensions } = detail;
  return make('FAILED_VALIDATION', `Validation failed for field "${detail.field}"${at}. ${text}`, {
    path: [],
    ...extensions,
  });
}

function describeValidation(detail: ValidationDetail): string {
  switch (detail.type) {
    case 'required':
      return 'Value is required.';
    case 'nnull':
      return "Value can't be null.";
    case 'eq':
      return `Value has to be ${JSON.stringify(detail.valid)}.`;
    case 'neq':
      return `Value can't be ${JSON.stringify(detail.invalid)}.`;
    case 'in':
      return `Value has to be one of ${JSON.stringify(detail.valid)}.`;
    case 'nin':
      return `Value can't be one of ${JSON.stringify(detail.invalid)}.`;
    case 'regex':
      return "Value doesn't have the correct format.";
    default:
      return `Value doesn't satisfy the "${detail.type}" rule.`;
  }
}

export const recordNotUnique = (collection: string, field: string | null, value: unknown, cause?: unknown) =>
  make(
    'RECORD_NOT_UNIQUE',
    field && value !== null && value !== undefined
      ? `Value "${String(value)}" for field "${field}" in collection "${collection}" has to be unique.`
      : field
        ? `Value for field "${field}" in collection "${collection}" has to be unique.`
        : `Value for a unique field in collection "${collection}" has to be unique.`,
    { collection, field, value: value ?? null },
    cause,
  );
export const notNullViolation = (collection: string, field: string | null, cause?: unknown) =>
  make(
    'NOT_NULL_VIOLATION',
    field
      ? `Value for field "${field}" in collection "${collection}" can't be null.`
      : `A required value in collection "${collection}" can't be null.`,
    { collection, field },
    cause,
  );
export const invalidForeignKey = (collection: string, field: string | null, value: unknown, cause?: unknown) =>
  make(
    'INVALID_FOREIGN_KEY',
    field
      ? `Invalid foreign key "${String(value)}" for field "${field}" in collection "${collection}".`
      : `Invalid foreign key in collection "${collection}".`,
    { collection, field, value: value ?? null },
    cause,
  );
export const valueOutOfRange = (collection: string, field: string | null, value: unknown, cause?: unknown) =>
  make(
    'VALUE_OUT_OF_RANGE',
    `Numeric value ${field ? `for field "${field}" ` : ''}in collection "${collection}" is out of range.`,
    { collection, field, value: value ?? null },
    cause,
  );
export const valueTooLong = (collection: string, field: string | null, value: unknown, cause?: unknown) =>
  make(
    'VALUE_TOO_LONG',
    `Value ${field ? `for field "${field}" ` : ''}in collection "${collection}" is too long.`,
    { collection, field, value: value ?? null },
    cause,
  );
export const containsNullValues = (collection: string, field: string) =>
  make('CONTAINS_NULL_VALUES', `Field "${field}" in collection "${collection}" contains null values.`, { collection, field });

export const routeNotFound = (path: string) => make('ROUTE_NOT_FOUND', `Route ${path} doesn't exist.`, { path });
export const methodNotAllowed = (current: string, allowed: string[]) =>
  make('METHOD_NOT_ALLOWED', `Invalid method "${current}" used. Should be one of ${allowed.map((a) => `"${a}"`).join(', ')}.`, {
    allowed,
    current,
  });
export const contentTooLarge = () => make('CONTENT_TOO_LARGE', 'Uploaded content is too large.');
/** 416: a `Range` outside the file; `size` goes into `Content-Range: bytes *\/size`. */
export function rangeNotSatisfiable(size: number): AppError {
  const error = make('RANGE_NOT_SATISFIABLE', 'Range "bytes" is not satisfiable.', { size });
  error.headers['Content-Range'] = `bytes */${size}`;
  return error;
}
export const unsupportedMediaType = (mediaType: string, where: string) =>
  make('UNSUPPORTED_MEDIA_TYPE', `Unsupported media type "${mediaType}" in ${where}.`, { mediaType, where });
export const unprocessableContent = (reason: string) =>
  make('UNPROCESSABLE_CONTENT', `Can't process content. ${sentence(reason)}`, { reason });
/**
 * A promote whose `mainHash` is not the main item's hash now: the item changed since the caller compared. Directus's
 * answer (422 UNPROCESSABLE_CONTENT with its reason), plus the current `mainHash`.
 */
export const versionHashMismatch = (mainHash: string) => {
  const reason = 'Main item has changed since this version was last updated';
  return make('UNPROCESSABLE_CONTENT', `Can't process content. ${reason}.`, { reason, mainHash });
};
/** 429 with `Retry-After` (whole seconds, at least 1) for the transports to send. */
export function requestsExceeded(limit: number, reset: Date, retryAfterMs: number): AppError {
  const seconds = Math.max(Math.ceil(retryAfterMs / 1000), 1);
  const error = make('REQUESTS_EXCEEDED', `Too many requests, retry after ${seconds}s.`, { limit, reset: reset.toISOString() });
  error.headers['Retry-After'] = String(seconds);
  return error;
}
/** Realtime: a subscription or items command names a collection that does not exist or that the caller may not read (the same answer). */
export const invalidCollection = () => make('INVALID_COLLECTION', 'The collection does not exist or you may not read it.');
/** Realtime: an `auth` message was refused (the reason stays on the server), or the first message of a handshake socket was not `auth`. */
export const authFailed = (message = 'Authentication failed.') => make('AUTH_FAILED', message);
/** Realtime: a handshake socket did not authenticate within WEBSOCKETS_REST_AUTH_TIMEOUT. */
export const authTimeout = () => make('AUTH_TIMEOUT', 'Authentication timed out.');
export const internalServerError = (cause?: unknown) => make('INTERNAL_SERVER_ERROR', 'An unexpected error occurred.', {}, cause);
export const serviceUnavailable = (service: string, reason: string, cause?: unknown) =>
  make('SERVICE_UNAVAILABLE', `Service "${service}" is unavailable. ${sentence(reason)}`, { service, reason }, cause);
export const invalidProviderConfig = (provider: string, reason?: string) =>
  make('INVALID_PROVIDER_CONFIG', 'Invalid config.', reason ? { provider, reason } : { provider });

/**
 * The same error, its message starting `Row <n>: ` and `extensions.row` set: an import's record that failed
 * (code and status unchanged).
 */
export function atRow(error: AppError, row: number): AppError {
  return new AppError(error.code, error.status, `Row ${row}: ${error.message}`, { ...error.extensions, row }, { cause: error });
}
