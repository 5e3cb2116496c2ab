import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { contentTooLarge, invalidPayload, isAppError } from '../../kernel/errors/index.js';
import type { AddressGuard } from '../../kernel/net/address-guard.js';
import type { FilePart } from './read-multipart-files.js';

export type FetchOptions = {
  guard: AddressGuard;
  /** Largest body accepted (FILES_MAX_UPLOAD_SIZE); null for none. */
  maxBytes: number | null;
  timeoutMs?: number;
  maxRedirects?: number;
};

const TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;

/**
 * Fetches a URL for a file import, refusing targets the guard denies (loopback, private, link-local …). Each
 * hop's host name is resolved once here and the connection is made to that address (the socket's own lookup
 * returns it), so a name can't resolve to a public address for the check and a private one for the connection;
 * every redirect is checked the same way. Nothing is sent to a refused address. The body comes back as a file
 * part for storeFile, cut short (and `truncated`) past `maxBytes`.
 */
export async function fetchRemoteFile(url: string, options: FetchOptions): Promise<FilePart> {
  let target = parseTarget(url);
  for (let hop = 0; ; hop++) {
    const address = await resolveAllowed(target, options.guard);
    const response = await get(target, address, options.timeoutMs ?? TIMEOUT_MS);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= (options.maxRedirects ?? MAX_REDIRECTS)) throw invalidPayload('The URL redirects too many times');
      target = parseTarget(new URL(response.headers.location, target).toString());
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw invalidPayload(`The URL answered ${status}`);
    }
    return filePart(target, response, options.maxBytes);
  }
}

function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidPayload('"url" must be an absolute http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidPayload('"url" must be an absolute http or https URL');
  if (parsed.username !== '' || parsed.password !== '') throw invalidPayload('"url" may not carry credentials');
  return parsed;
}

/** The address to connect to: the host itself when it is an IP literal, else its resolution; all must be allowed. */
async function resolveAllowed(target: URL, guard: AddressGuard): Promise<{ address: string; family: number }> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw invalidPayload(`The host "${host}" can't be resolved`);
    }
  }
  if (addresses.length === 0 || addresses.some((a) => !guard.allows(a.address))) {
    throw invalidPayload(`Importing from "${host}" is not allowed: it is a local, private or reserved address (IMPORT_IP_ALLOW_LIST)`);
  }
  return addresses[0]!;
}

function get(target: URL, resolved: { address: string; family: number }, timeoutMs: number): Promise<IncomingMessage> {
  // The socket connects to the address checked above, whatever the name would resolve to now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      { method: 'GET', lookup: pinned, timeout: timeoutMs, headers: { 'user-agent': 'Stratum file import' } },
      resolve,
    );
    request.on('timeout', () => request.destroy(invalidPayload('The URL did not answer in time')));
    request.on('error', (error) => reject(isAppError(error) ? error : invalidPayload('The URL could not be fetched', error)));
    request.end();
  });
}

function filePart(target: URL, response: IncomingMessage, maxBytes: number | null): FilePart {
  const declared = Number(response.headers['content-length']);
  if (maxBytes !== null && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw contentTooLarge();
  }
  let truncated = false;
  async function* body(): AsyncGenerator<Buffer> {
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (maxBytes !== null && size > maxBytes) {
        truncated = true;
        response.destroy();
        yield chunk;
        return;
      }
      yield chunk;
    }
  }
  const name = lastSegment(target) || target.hostname;
  return {
    fields: {},
    stream: Readable.from(body()),
    filename: name,
    mimeType: (response.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim(),
    truncated: () => truncated,
  };
}

function lastSegment(target: URL): string {
  const segment = target.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
