import { FILE_FIELDS, type FileRow } from './files-api.js';

/**
 * One file uploaded with its progress: the SDK's upload has none, so this is the public `POST /files` through
 * XMLHttpRequest (its `upload.onprogress`), with the session cookie as the app's other calls send it. Answers
 * the new row (null when the user may create files but not read them: 204). A refusal rejects with the same
 * shape the SDK throws (`{ errors, response: { status } }`), so `uploadMessage` words it.
 */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<FileRow | null> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', file, file.name);
    request.open('POST', `/files?fields=${encodeURIComponent(FILE_FIELDS.join(','))}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(percentOf(event.loaded, event.total));
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status === 200 || request.status === 204) {
        onProgress(100);
        resolve((body?.data as FileRow | undefined) ?? null);
      } else reject({ errors: body?.errors ?? [], response: { status: request.status } });
    };
    request.onerror = () => reject({ errors: [] });
    request.send(form);
  });
}

function parseBody(text: string): { data?: unknown; errors?: unknown } | null {
  try {
    return text === '' ? null : (JSON.parse(text) as { data?: unknown; errors?: unknown });
  } catch {
    return null;
  }
}

/** Whole percent of `loaded` of `total` (0 when nothing is known), never over 100. */
export function percentOf(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}
