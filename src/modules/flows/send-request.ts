import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressGuard } from '../../kernel/net/address-guard.js';
import { OperationFailure } from './operation-failure.js';

export type OutgoingRequest = { url: string; method: string; headers: Record<string, string>; body: string | null };
export type RequestLimits = { guard: AddressGuard; timeoutMs: number; maxBytes: number };
export type RequestAnswer = { status: number; statusText: string; headers: Record<string, unknown>; data: unknown };

type Resolved = { address: string; family: number };

/**
 * Sends a flow's HTTP request, refusing targets the guard denies: the host is resolved once here, every address
 * it resolves to must be allowed, and the socket connects to the address checked (so a name can't resolve to a
 * public address for the check and a private one for the connection). Redirects are answered, not followed.
 * The answer's body is cut off past `maxBytes` (a failure) and parsed as JSON when it says it is JSON.
 */
export async function sendRequest(outgoing: OutgoingRequest, limits: RequestLimits): Promise<RequestAnswer> {
  const target = parseTarget(outgoing.url);
  const resolved = await resolveAllowed(target, limits.guard);
  const response = await send(target, resolved, outgoing, limits.timeoutMs);
  const text = await readBody(response, limits.maxBytes);
  const json = /json/i.test(String(response.headers['content-type'] ?? ''));
  let data: unknown = text;
  if (json) {
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      data = text;
    }
  }
  return { status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: { ...response.headers }, data };
}

function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OperationFailure('"url" must be an absolute http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OperationFailure('"url" must be an absolute http or https URL');
  return parsed;
}

async function resolveAllowed(target: URL, guard: AddressGuard): Promise<Resolved> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: Resolved[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OperationFailure(`The host "${host}" can't be resolved`);
    }
  }
  if (addresses.length === 0 || addresses.some((a) => !guard.allows(a.address))) {
    throw new OperationFailure(
      `Requests to "${host}" are not allowed: it is a local, private or reserved address (FLOWS_REQUEST_IP_ALLOW_LIST)`,
    );
  }
  return addresses[0]!;
}

function send(target: URL, resolved: Resolved, outgoing: OutgoingRequest, timeoutMs: number): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: Resolved[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const transport = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = transport(target, { method: outgoing.method, lookup: pinned, timeout: timeoutMs, headers: outgoing.headers }, resolve);
    request.on('timeout', () => request.destroy(new OperationFailure('The request got no answer in time')));
    request.on('error', (error) => reject(error instanceof OperationFailure ? error : new OperationFailure('The request failed')));
    request.end(outgoing.body ?? undefined);
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new OperationFailure(`The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
