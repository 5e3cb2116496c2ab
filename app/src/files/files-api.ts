import {
  aggregate,
  createFolder,
  deleteFile,
  deleteFolder,
  readFiles,
  readFolders,
  updateFile,
  updateFolder,
  uploadFiles,
} from '@directus/sdk';
import type { Client } from '../api/client.js';
import { readMyPermissions } from '../api/shared-reads.js';
import { errorCode, errorMessage, errorStatus } from '../api/errors.js';
import { locale, msg, t } from '../i18n/t.js';

/**
 * The file library's SDK calls (`/files`, `/folders`, `/assets`) and its pure helpers: the asset addresses,
 * the query of the library's filters, and the sentences for a refused upload.
 */

export type FileRow = {
  id: string;
  title: string | null;
  description: string | null;
  filename_download: string;
  type: string | null;
  filesize: number | string | null;
  width: number | null;
  height: number | null;
  folder: string | null;
  tags: string[] | null;
  uploaded_on: string | null;
  modified_on?: string | null;
  /** The image's focal point in its own pixels (none: the centre). */
  focal_point_x?: number | null;
  focal_point_y?: number | null;
};
export type Folder = { id: string; name: string; parent: string | null };

/** The fields the library reads of each file. */
export const FILE_FIELDS = [
  'id',
  'title',
  'description',
  'filename_download',
  'type',
  'filesize',
  'width',
  'height',
  'folder',
  'tags',
  'uploaded_on',
  'modified_on',
  'focal_point_x',
  'focal_point_y',
];

/** The collection names a file field's relation may point at. */
export function isFilesCollection(collection: string): boolean {
  return collection === 'service_files' || collection === 'directus_files';
}

type ActionAccess = { access: 'none' | 'partial' | 'full' };
type Access = Record<string, Partial<Record<'read' | 'create' | 'update' | 'delete', ActionAccess>> | undefined>;
export type FilesAccess = {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  folders: { read: boolean; create: boolean; update: boolean; delete: boolean };
};

/** What `GET /permissions/me` lets the user do with files and folders. */
export function filesAccess(access: Access): FilesAccess {
  const can = (collection: string, action: 'read' | 'create' | 'update' | 'delete') =>
    (access[collection]?.[action]?.access ?? 'none') !== 'none';
  const of = (collection: string) => ({
    read: can(collection, 'read'),
    create: can(collection, 'create'),
    update: can(collection, 'update'),
    delete: can(collection, 'delete'),
  });
  return { ...of('service_files'), folders: of('service_folders') };
}

export async function readFilesAccess(client: Client): Promise<FilesAccess> {
  return filesAccess(await readMyPermissions<Access>(client));
}

/**
 * `/assets/<id>`, with a square cover thumbnail when `size` is given. `modified` (the file's `modified_on`) only
 * changes the address when the file changes (the server ignores it), so a replaced file is not shown from the
 * browser's cache (`/assets` answers may be cached for ASSETS_CACHE_TTL).
 */
export function assetUrl(id: string, options: { size?: number; download?: boolean; modified?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (options.size) {
    params.set('width', String(options.size));
    params.set('height', String(options.size));
    params.set('fit', 'cover');
    params.set('format', 'auto');
  }
  if (options.download) params.set('download', 'true');
  if (options.modified) params.set('modified', String(Date.parse(options.modified) || options.modified));
  const query = params.toString();
  return `/assets/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}

/** The types the server can draw a preview of (sharp's inputs; SVG is served as an attachment). */
export const PREVIEWABLE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/tiff'];

/** Whether the server can draw a preview of this type. */
export function isPreviewable(type: string | null): boolean {
  return type !== null && PREVIEWABLE_TYPES.includes(type);
}

/** Whether the browser can draw the image on a canvas, to crop it (a preview type, but TIFF). */
export function isCroppable(type: string | null): boolean {
  return isPreviewable(type) && type !== 'image/tiff';
}

/** The kinds the library's type filter offers (`text` a message: `t(text)` where shown), and the filter each stands for. */
export const TYPE_FILTERS: { value: string; text: string; filter: Record<string, unknown> }[] = [
  { value: 'image', text: msg('Images'), filter: { type: { _starts_with: 'image/' } } },
  { value: 'video', text: msg('Videos'), filter: { type: { _starts_with: 'video/' } } },
  { value: 'audio', text: msg('Audio'), filter: { type: { _starts_with: 'audio/' } } },
  {
    value: 'document',
    text: msg('Documents'),
    filter: { _or: [{ type: { _starts_with: 'text/' } }, { type: { _starts_with: 'application/' } }] },
  },
];

export type LibraryQuery = { page: number; limit: number; folder: string; type: string; search: string };
export const ROOT_FOLDER = 'root';

/** The library's state from the address (`?folder=…&type=image&search=x&page=2`), so a reload or a link keeps it. */
export function parseLibraryQuery(search: string, limit: number): LibraryQuery {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const type = params.get('type') ?? '';
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    limit,
    folder: params.get('folder') ?? '',
    type: TYPE_FILTERS.some((kind) => kind.value === type) ? type : '',
    search: params.get('search') ?? '',
  };
}

export function libraryQueryString(query: LibraryQuery): string {
  const params = new URLSearchParams();
  if (query.folder) params.set('folder', query.folder);
  if (query.type) params.set('type', query.type);
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The Directus filter of the library's choices (`folder`: "" every folder, `root` none, else a folder's key). */
export function libraryFilter(query: Pick<LibraryQuery, 'folder' | 'type'>): Record<string, unknown> | null {
  const parts: Record<string, unknown>[] = [];
  if (query.folder === ROOT_FOLDER) parts.push({ folder: { _null: true } });
  else if (query.folder) parts.push({ folder: { _eq: query.folder } });
  const type = TYPE_FILTERS.find((kind) => kind.value === query.type);
  if (type) parts.push(type.filter);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { _and: parts };
}

/** One page of the library, newest first, and how many files match. */
export async function readLibrary(client: Client, query: LibraryQuery): Promise<{ files: FileRow[]; total: number }> {
  const filter = libraryFilter(query);
  const search = query.search.trim();
  const matching = { ...(filter ? { filter } : {}), ...(search ? { search } : {}) };
  const [files, counted] = await Promise.all([
    client.request(
      readFiles({
        fields: FILE_FIELDS,
        sort: ['-uploaded_on'],
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        ...matching,
      } as never),
    ) as Promise<FileRow[]>,
    client.request(
      aggregate(
        'directus_files' as never,
        { aggregate: { count: '*' }, ...(Object.keys(matching).length > 0 ? { query: matching } : {}) } as never,
      ),
    ) as Promise<{ count?: unknown }[]>,
  ]);
  return { files, total: Number(counted[0]?.count ?? files.length) };
}

/** Files whose title or name matches, for a picker (`images`: only images the server can show). */
export async function searchFiles(client: Client, search: string, limit = 10, images = false): Promise<FileRow[]> {
  const text = search.trim();
  const filter = images ? { type: { _in: PREVIEWABLE_TYPES } } : null;
  return (await client.request(
    readFiles({
      fields: FILE_FIELDS,
      sort: ['-uploaded_on'],
      limit,
      ...(text ? { search: text } : {}),
      ...(filter ? { filter } : {}),
    } as never),
  )) as FileRow[];
}

export async function readFileRow(client: Client, id: string): Promise<FileRow> {
  const rows = (await client.request(readFiles({ fields: FILE_FIELDS, filter: { id: { _eq: id } }, limit: 1 } as never))) as FileRow[];
  if (!rows[0]) throw new Error(t('This file does not exist or you may not read it.'));
  return rows[0];
}

/**
 * Uploads files in one request (metadata first, as the server reads the parts in order); answers the new rows
 * (none when the user may create files but not read them: the server then answers 204).
 */
export async function upload(client: Client, files: File[], metadata: { folder?: string | null } = {}): Promise<FileRow[]> {
  const form = new FormData();
  if (metadata.folder) form.append('folder', metadata.folder);
  for (const file of files) form.append('file', file, file.name);
  const answer = (await client.request(uploadFiles(form, { fields: FILE_FIELDS } as never))) as FileRow | FileRow[] | null | undefined;
  return (Array.isArray(answer) ? answer : [answer]).filter((row): row is FileRow => Boolean(row));
}

/**
 * Replaces a file's bytes (multipart `PATCH /files/:id`), keeping its title (the server would otherwise take
 * one from the new file's name).
 */
export async function replaceFile(client: Client, id: string, file: File, keep: { title?: string | null } = {}): Promise<FileRow> {
  const form = new FormData();
  if (keep.title) form.append('title', keep.title);
  form.append('file', file, file.name);
  return (await client.request(updateFile(id, form, { fields: FILE_FIELDS } as never))) as FileRow;
}

export type FileEdits = { title: string; description: string; folder: string; tags: string };

/** The form's texts of a file. */
export function editsOf(file: FileRow): FileEdits {
  return { title: file.title ?? '', description: file.description ?? '', folder: file.folder ?? '', tags: (file.tags ?? []).join(', ') };
}

/** The metadata payload of the form: empty texts as null, tags split on commas. */
export function metadataPayload(edits: FileEdits): Record<string, unknown> {
  const tags = edits.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    title: edits.title.trim() || null,
    description: edits.description.trim() || null,
    folder: edits.folder || null,
    tags: tags.length > 0 ? tags : null,
  };
}

export async function saveMetadata(client: Client, id: string, edits: FileEdits): Promise<FileRow> {
  return (await client.request(updateFile(id, metadataPayload(edits) as never, { fields: FILE_FIELDS } as never))) as FileRow;
}

/** Sets an image's focal point (`focal_point_x`, `focal_point_y`, in the image's pixels). */
export async function saveFocalPoint(client: Client, id: string, focal: { x: number; y: number }): Promise<FileRow> {
  const payload = { focal_point_x: focal.x, focal_point_y: focal.y };
  return (await client.request(updateFile(id, payload as never, { fields: FILE_FIELDS } as never))) as FileRow;
}

export async function removeFile(client: Client, id: string): Promise<void> {
  await client.request(deleteFile(id));
}

export async function listFolders(client: Client): Promise<Folder[]> {
  const folders = (await client.request(readFolders({ fields: ['id', 'name', 'parent'], sort: ['name'], limit: -1 } as never))) as Folder[];
  return folders;
}

export async function addFolder(client: Client, name: string, parent: string | null): Promise<Folder> {
  return (await client.request(createFolder({ name, parent } as never))) as Folder;
}

export async function renameFolder(client: Client, id: string, name: string): Promise<Folder> {
  return (await client.request(updateFolder(id, { name } as never))) as Folder;
}

export async function removeFolder(client: Client, id: string): Promise<void> {
  await client.request(deleteFolder(id));
}

/** Folders as an indented list (a folder under its parent), for selects. */
export function folderOptions(folders: Folder[]): { value: string; text: string }[] {
  const byParent = new Map<string | null, Folder[]>();
  const known = new Set(folders.map((f) => f.id));
  for (const folder of folders) {
    const parent = folder.parent && known.has(folder.parent) ? folder.parent : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), folder]);
  }
  const result: { value: string; text: string }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const folder of (byParent.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      result.push({ value: folder.id, text: `${'— '.repeat(depth)}${folder.name}` });
      if (depth < 20) walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return result;
}

/** A size for people: 1.2 MB (1,2 MB in German). */
export function formatSize(bytes: number | string | null): string {
  const n = Number(bytes);
  if (bytes === null || !Number.isFinite(n)) return '—';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return `${number.format(value)} ${units[unit]}`;
}

/** The sentence for a refused upload: the server's own words, with the reason it stands for. */
export function uploadMessage(error: unknown): string {
  const status = errorStatus(error);
  const code = errorCode(error);
  const message = errorMessage(error);
  const withReason = (sentence: string) => (message ? `${sentence} (${message})` : sentence);
  if (status === 413 || code === 'CONTENT_TOO_LARGE') return withReason(t('The file is too large for this server.'));
  if (status === 403) return withReason(t('You do not have permission to upload files here.'));
  if (status === null) return t('The server cannot be reached. Check your connection and try again.');
  if (message && /may not be uploaded/.test(message)) return t('This type of file is not allowed: {reason}', { reason: message });
  return message ?? t('The upload failed (the server answered {status}).', { status });
}

/** The text a file reads as: its title, else its name. */
export function fileLabel(file: Pick<FileRow, 'title' | 'filename_download'>): string {
  return file.title || file.filename_download;
}
