/**
 * Load with autocannon: fixed connections, fixed duration, against 127.0.0.1 only. Throughput counts 2xx
 * answers only; every other status is reported as an error, never as speed.
 */
import autocannon from 'autocannon';
import { baseUrl, call, HOST } from './api-client.js';
import type { LoadSpec } from './cases.js';

export type LoadResult = {
  /** 2xx answers per second. */
  okRps: number;
  /** All answers per second (2xx or not). */
  allRps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  /** Connection errors and time-outs. */
  errors: number;
  statuses: Record<string, number>;
  durationS: number;
};

export type Probe = { status: number; bytes: number; text: string };

/** One request with the same method, path, headers and body, to see what the server answers. */
export async function probe(port: number, spec: LoadSpec): Promise<Probe> {
  const request = spec.hooks ? spec.hooks.setupRequest({ body: spec.body, path: spec.path }, {}) : spec;
  const body = request.body;
  const response = await fetch(`${baseUrl(port)}${request.path ?? spec.path}`, {
    method: spec.method,
    headers: spec.headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : new Uint8Array(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  spec.hooks?.onResponse(response.status, text);
  return { status: response.status, bytes: Buffer.byteLength(text), text };
}

export async function runLoad(port: number, spec: LoadSpec, options: { connections: number; durationS: number }): Promise<LoadResult> {
  const request = autocannonRequest(spec, true);
  const url = baseUrl(port);
  if (new URL(url).hostname !== HOST) throw new Error('autocannon may only target 127.0.0.1');
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    pipelining: 1,
    timeout: 30,
    requests: [request],
  });
  const statuses: Record<string, number> = {};
  for (const [code, value] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = value.count ?? 0;
  const durationS = result.duration > 0 ? result.duration : options.durationS;
  return {
    okRps: result['2xx'] / durationS,
    allRps: result.requests.total / durationS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
    durationS,
  };
}

/** Asks the server once more after the load: still alive? */
export async function stillAnswers(port: number): Promise<boolean> {
  try {
    const response = await call(port, '/server/ping', { timeoutMs: 5000 });
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * A fixed number of requests with autocannon (`amount`), the case's hooks included, failing on any answer that is
 * not 2xx: for the per-request harnesses (bench:writes-cpu, bench:gc), which divide a server's CPU by the requests.
 */
export async function runAmount(port: number, spec: LoadSpec, options: { connections: number; amount: number }): Promise<void> {
  const request = autocannonRequest(spec, false);
  const result = await autocannon({
    url: baseUrl(port),
    connections: options.connections,
    amount: options.amount,
    pipelining: 1,
    timeout: 30,
    requests: [request],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`port ${port}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

/** The median of some figures (the mean of the middle two for an even count; 0 for none). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The case's request for autocannon, with its hooks (and, with `answers`, its check of each answer). */
function autocannonRequest(spec: LoadSpec, answers: boolean): autocannon.Request {
  const request: autocannon.Request = { method: spec.method, path: spec.path, headers: spec.headers };
  if (spec.body !== undefined) request.body = spec.body;
  if (spec.hooks) {
    const hooks = spec.hooks;
    request.setupRequest = (req, context) => hooks.setupRequest(req, context) as autocannon.Request;
    if (answers) request.onResponse = (status, body) => hooks.onResponse(status, body);
  }
  return request;
}
