import type { Asset } from './create-assets-service.js';

/** Types a browser may show in place: images, audio and video, PDF and plain data. Everything else downloads. */
const INLINE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|x-icon|vnd\.microsoft\.icon|heic|heif)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf|text\/plain|text\/csv|application\/json)$/;

/**
 * The headers of an asset response: its type (with the charset of text), a `Content-Disposition` (attachment
 * with `?download` and for every type that could run script in the page, such as HTML and SVG; inline
 * otherwise), `X-Content-Type-Options: nosniff`, and a Content-Security-Policy that allows no script
 * (a sandbox, except for PDF, which browsers refuse to show sandboxed).
 */
export function assetHeaders(asset: Asset, download: boolean): Record<string, string> {
  const type = asset.type.toLowerCase();
  const inline = !download && INLINE.test(type);
  const contentType =
    asset.charset && (type.startsWith('text/') || type === 'application/json') ? `${type}; charset=${asset.charset}` : type;
  const csp = `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'${type === 'application/pdf' ? '' : '; sandbox'}`;
  return {
    'Content-Type': contentType,
    'Content-Disposition': disposition(inline ? 'inline' : 'attachment', asset.filenameDownload),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': csp,
  };
}

/** `inline|attachment; filename="…"` with an RFC 8187 `filename*` when the name is not plain ASCII. */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === filename) return `${kind}; filename="${filename}"`;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
