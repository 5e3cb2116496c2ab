/**
 * A small JSON client for the servers under test. Every request goes to 127.0.0.1 and is bounded in time.
 */

export const HOST = '127.0.0.1';

export type ApiResponse = { status: number; body: unknown; bytes: number; text: string };

export type ApiRequest = {
  method?: string;
  token?: string;
  body?: unknown;
  timeoutMs?: number;
};

export function baseUrl(port: number): string {
  return `http://${HOST}:${port}`;
}

/** Sends one request and reads the whole answer; throws only on network errors and time-outs. */
export async function call(port: number, path: string, request: ApiRequest = {}): Promise<ApiResponse> {
  const url = new URL(path, baseUrl(port));
  if (url.hostname !== HOST) throw new Error(`refusing to send traffic to ${url.hostname}`);
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: AbortSignal.timeout(request.timeoutMs ?? 60_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON (e.g. "pong")
  }
  return { status: response.status, body, bytes: Buffer.byteLength(text), text };
}

/** Like call(), but throws unless the status is 2xx; returns `data` of the envelope. */
export async function callOk(port: number, path: string, request: ApiRequest = {}): Promise<unknown> {
  const response = await call(port, path, request);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${request.method ?? 'GET'} ${path} on :${port} answered ${response.status}: ${response.text.slice(0, 500)}`);
  }
  return isRecord(response.body) ? response.body.data : response.body;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error code of a Directus error envelope, if any. */
export function errorCode(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.errors)) return undefined;
  const first: unknown = body.errors[0];
  if (!isRecord(first) || !isRecord(first.extensions)) return undefined;
  return typeof first.extensions.code === 'string' ? first.extensions.code : undefined;
}

export async function login(port: number, email: string, password: string): Promise<{ accessToken: string; refreshToken: string }> {
  const data = await callOk(port, '/auth/login', { method: 'POST', body: { email, password, mode: 'json' } });
  if (!isRecord(data) || typeof data.access_token !== 'string' || typeof data.refresh_token !== 'string') {
    throw new Error(`unexpected login answer from :${port}: ${JSON.stringify(data)}`);
  }
  return { accessToken: data.access_token, refreshToken: data.refresh_token };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
