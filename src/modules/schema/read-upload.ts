import { createRequire } from 'node:module';
import type { Busboy as BusboyFactory } from '@fastify/busboy';
import { parseYaml } from '../../kernel/text/yaml.js';
import { invalidPayload } from '../../kernel/errors/index.js';

/** The largest snapshot or diff file accepted in an upload (a 1,000-field snapshot is about 1.5 MB of YAML). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
/** YAML aliases allowed in one document: enough for hand-written anchors, far too few for an expansion bomb. */
const MAX_YAML_ALIASES = 100;

// Loaded with the first upload: most processes never parse multipart bodies.
const require = createRequire(import.meta.url);
let busboy: typeof BusboyFactory | null = null;
const Busboy = (options: ConstructorParameters<typeof BusboyFactory>[0]) => {
  busboy ??= (require('@fastify/busboy') as { Busboy: typeof BusboyFactory }).Busboy;
  return new busboy(options);
};

type UploadedFile = { name: string; mimeType: string; data: Buffer; truncated: boolean };

function readParts(body: Buffer, contentType: string): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    const files: UploadedFile[] = [];
    let parser;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, parts: 40 },
      });
    } catch (error) {
      reject(invalidPayload(`The multipart body can't be read: ${error instanceof Error ? error.message : String(error)}`, error));
      return;
    }
    parser.on('file', (_field, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      const file: UploadedFile = { name: filename || 'upload', mimeType, data: Buffer.alloc(0), truncated: false };
      files.push(file);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      stream.on('end', () => {
        file.data = Buffer.concat(chunks);
      });
    });
    parser.on('error', (error: unknown) =>
      reject(invalidPayload(`The multipart body can't be read: ${error instanceof Error ? error.message : String(error)}`, error)),
    );
    parser.on('finish', () => resolve(files));
    parser.end(body);
  });
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Rejects documents with keys that could reach an object's prototype (as the JSON body parser does). */
function assertPlainKeys(root: unknown, name: string): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      if (FORBIDDEN_KEYS.has(key)) throw invalidPayload(`The file "${name}" contains the forbidden key "${key}"`);
      stack.push((node as Record<string, unknown>)[key]);
    }
  }
}

/** A file's document: JSON when its part says application/json, YAML otherwise (Directus's rule). */
export function parseDocument(text: string, json: boolean, name: string): unknown {
  let document: unknown;
  try {
    document = json ? JSON.parse(text) : parseYaml(text, { maxAliasCount: MAX_YAML_ALIASES, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw invalidPayload(`The provided ${json ? 'JSON' : 'YAML'} is invalid (file "${name}"): ${reason}`, error);
  }
  assertPlainKeys(document, name);
  return document;
}

/**
 * The document of a schema request: a JSON body as it is, or the one file of a multipart/form-data body
 * (no file, two files, a file over MAX_UPLOAD_BYTES and a file that does not parse are each a 400 naming it).
 */
export async function readUpload(body: unknown, contentType: string | undefined): Promise<unknown> {
  if (!Buffer.isBuffer(body)) return body;
  const files = await readParts(body, contentType ?? '');
  if (files.length === 0) throw invalidPayload('No file was included in the body');
  if (files.length > 1) throw invalidPayload('More than one file was included in the body');
  const file = files[0]!;
  if (file.truncated) throw invalidPayload(`The uploaded file "${file.name}" is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`);
  return parseDocument(file.data.toString('utf8'), file.mimeType === 'application/json', file.name);
}
