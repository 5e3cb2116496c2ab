/** Socket-level failures every driver reports with Node's own codes, and knex's pool timeout. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** True for a socket failure or knex's "Timeout acquiring a connection" (`KnexTimeoutError`). */
export function isSocketOrPoolError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (typeof code === 'string' && SOCKET_CODES.has(code)) || name === 'KnexTimeoutError';
}
