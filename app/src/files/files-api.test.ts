import { describe, expect, it } from 'vitest';
import { setCatalogue } from '../i18n/t.js';
import {
  assetUrl,
  editsOf,
  filesAccess,
  folderOptions,
  formatSize,
  isFilesCollection,
  isCroppable,
  isPreviewable,
  libraryFilter,
  libraryQueryString,
  metadataPayload,
  parseLibraryQuery,
  ROOT_FOLDER,
  uploadMessage,
} from './files-api.js';

const sdkError = (status: number, message: string, code: string) => ({ errors: [{ message, extensions: { code } }], response: { status } });

describe('files-api', () => {
  it('builds asset addresses: a cover thumbnail in the best format, and a download', () => {
    expect(assetUrl('a b')).toBe('/assets/a%20b');
    expect(assetUrl('x', { size: 160 })).toBe('/assets/x?width=160&height=160&fit=cover&format=auto');
    expect(assetUrl('x', { download: true })).toBe('/assets/x?download=true');
    expect(assetUrl('x', { size: 80, modified: '2026-11-25T10:00:00.000Z' })).toBe(
      '/assets/x?width=80&height=80&fit=cover&format=auto&modified=1795600800000',
    );
  });

  it('previews only the image types the server transforms', () => {
    expect(['image/png', 'image/jpeg', 'image/webp'].every(isPreviewable)).toBe(true);
    expect(isPreviewable('image/svg+xml')).toBe(false);
    expect(isPreviewable('text/plain')).toBe(false);
    expect(isPreviewable(null)).toBe(false);
    expect(isCroppable('image/png')).toBe(true);
    expect(isCroppable('image/tiff')).toBe(false);
    expect(isCroppable('text/plain')).toBe(false);
  });

  it('filters the library by folder and type', () => {
    expect(libraryFilter({ folder: '', type: '' })).toBeNull();
    expect(libraryFilter({ folder: ROOT_FOLDER, type: '' })).toEqual({ folder: { _null: true } });
    expect(libraryFilter({ folder: 'f1', type: 'image' })).toEqual({
      _and: [{ folder: { _eq: 'f1' } }, { type: { _starts_with: 'image/' } }],
    });
    expect(libraryFilter({ folder: '', type: 'unknown' })).toBeNull();
  });

  it("keeps the library's state in the address", () => {
    expect(parseLibraryQuery('', 24)).toEqual({ page: 1, limit: 24, folder: '', type: '', search: '' });
    const query = parseLibraryQuery('?folder=f1&type=image&search=sun&page=3', 24);
    expect(query).toEqual({ page: 3, limit: 24, folder: 'f1', type: 'image', search: 'sun' });
    expect(libraryQueryString(query)).toBe('?folder=f1&type=image&search=sun&page=3');
    expect(parseLibraryQuery('?type=nonsense&page=-2', 24)).toMatchObject({ type: '', page: 1 });
    expect(libraryQueryString({ page: 1, limit: 24, folder: '', type: '', search: '  ' })).toBe('');
  });

  it('reads files and folders access from /permissions/me', () => {
    expect(filesAccess({})).toEqual({
      read: false,
      create: false,
      update: false,
      delete: false,
      folders: { read: false, create: false, update: false, delete: false },
    });
    const access = filesAccess({
      service_files: { read: { access: 'partial' }, create: { access: 'none' } },
      service_folders: { read: { access: 'full' } },
    });
    expect(access.read).toBe(true);
    expect(access.create).toBe(false);
    expect(access.folders.read).toBe(true);
    expect(isFilesCollection('service_files')).toBe(true);
    expect(isFilesCollection('directus_files')).toBe(true);
    expect(isFilesCollection('posts')).toBe(false);
  });

  it('turns the metadata form into a payload and back', () => {
    const file = {
      id: '1',
      title: 'Sun',
      description: null,
      filename_download: 'sun.png',
      type: 'image/png',
      filesize: 10,
      width: 1,
      height: 1,
      folder: null,
      tags: ['a', 'b'],
      uploaded_on: null,
    };
    expect(editsOf(file)).toEqual({ title: 'Sun', description: '', folder: '', tags: 'a, b' });
    expect(metadataPayload({ title: ' Moon ', description: '', folder: 'f', tags: ' x , ,y ' })).toEqual({
      title: 'Moon',
      description: null,
      folder: 'f',
      tags: ['x', 'y'],
    });
    expect(metadataPayload({ title: '', description: 'd', folder: '', tags: '' })).toEqual({
      title: null,
      description: 'd',
      folder: null,
      tags: null,
    });
  });

  it('lists folders under their parents, orphans at the top', () => {
    const folders = [
      { id: '2', name: 'b', parent: null },
      { id: '1', name: 'a', parent: null },
      { id: '3', name: 'child', parent: '1' },
      { id: '4', name: 'lost', parent: 'gone' },
    ];
    expect(folderOptions(folders).map((o) => o.text)).toEqual(['a', '— child', 'b', 'lost']);
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize('5242880')).toBe('5.0 MB');
    expect(formatSize(null)).toBe('—');
    setCatalogue('de', {});
    try {
      expect(formatSize(1536)).toBe('1,5 KB');
      expect(formatSize(25 * 1024 * 1024)).toBe('25 MB');
    } finally {
      setCatalogue('en', {});
    }
  });

  it("says why an upload was refused, in the server's words", () => {
    expect(uploadMessage(sdkError(413, 'File is too large', 'CONTENT_TOO_LARGE'))).toBe(
      'The file is too large for this server. (File is too large)',
    );
    expect(uploadMessage(sdkError(403, "You don't have permission", 'FORBIDDEN'))).toBe(
      "You do not have permission to upload files here. (You don't have permission)",
    );
    expect(
      uploadMessage(sdkError(400, 'Files of type "text/html" may not be uploaded (FILES_MIME_TYPE_ALLOW_LIST)', 'INVALID_PAYLOAD')),
    ).toContain('This type of file is not allowed: Files of type "text/html"');
    expect(uploadMessage(sdkError(400, 'Bad', 'INVALID_PAYLOAD'))).toBe('Bad');
    expect(uploadMessage(new TypeError('fetch failed'))).toContain('cannot be reached');
  });
});
