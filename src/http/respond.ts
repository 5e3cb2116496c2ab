import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition, exportFilename, formatExport, parseExportFormat } from '../kernel/export/format-export.js';
import { streamExport } from '../kernel/export/stream-export.js';
import { rawQueryOf } from './request-context.js';
import { isKeptResult, keptText } from '../engine/query/execute/kept-results.js';

export type Result = { data: unknown; meta?: unknown };

export type SendResultOptions = {
  /** Names the export file (`<collection> 20261122-32824.csv`); `Export` when absent. */
  collection?: string;
  /** Send `data` itself instead of `{data, meta}` (e.g. GET /schema/snapshot); exports are unchanged. */
  bare?: boolean;
};

/**
 * Sends a module's result the Directus way: `200 {data, meta?}`, or `204` with no body when the result is null.
 * `?export=json|csv|csv_utf8|xml|yaml` turns `data` into a file download (meta is dropped).
 * Successful responses are never cached by clients (`Cache-Control: no-cache`).
 */
export function sendResult(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Result | null,
  options: SendResultOptions = {},
): FastifyReply {
  const format = parseExportFormat(rawQueryOf(request)['export']);
  reply.header('Cache-Control', 'no-cache');
  reply.header('Vary', 'Origin, Cache-Control');
  if (result === null) return reply.code(204).send();

  if (format !== undefined) {
    const file = formatExport(result.data, format);
    return reply
      .code(200)
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', contentDisposition(exportFilename(options.collection, file.extension)))
      .send(file.body);
  }

  reply.code(200).type('application/json; charset=utf-8');
  // A result kept for reuse (decision 0033) cannot change, so neither can its text: made once, sent as it is.
  if (options.bare !== true && isKeptResult(result)) return reply.send(keptText(result));
  const body =
    options.bare === true ? result.data : result.meta === undefined ? { data: result.data } : { data: result.data, meta: result.meta };
  // Objects go through Fastify's serializer (and a route's response schema); bare scalars are encoded here.
  return reply.send(body !== null && typeof body === 'object' ? body : JSON.stringify(body ?? null));
}

/**
 * Sends a list as a file download streamed from pages of rows (`?export=` on list reads).
 * Returns undefined when the request asks for no export, so the caller answers normally. The first page is read
 * before the answer starts: a query the engines refuse is answered with its error (a 4xx with the envelope), not
 * with a file cut short after a 200.
 */
export function sendExportStream(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: () => AsyncIterable<Record<string, unknown>[]>,
  options: SendResultOptions = {},
): Promise<FastifyReply> | undefined {
  const format = parseExportFormat(rawQueryOf(request)['export']);
  if (format === undefined) return undefined;
  const extension = format === 'csv_utf8' ? 'csv' : format;
  const contentType = { json: 'application/json', csv: 'text/csv', csv_utf8: 'text/csv', xml: 'text/xml', yaml: 'text/yaml' }[format];
  return startedPages(pages()).then((started) =>
    reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .header('Content-Type', `${contentType}; charset=utf-8`)
      .header('Content-Disposition', contentDisposition(exportFilename(options.collection, extension)))
      .send(streamExport(started, format)),
  );
}

/** The same pages, the first one already read (so its errors surface before anything is sent). */
async function startedPages<T>(pages: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      for (let next = first; !next.done; next = await iterator.next()) yield next.value;
    },
  };
}
