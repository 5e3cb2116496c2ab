import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

export type AdminAppOptions = {
  /** The built app (app/dist): index.html and hashed files under assets/. */
  root: string;
};

/** Hashed file names change with their content, so browsers may keep them for a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: browsers ask again every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/**
 * Scripts and styles only from this server, no inline script or style, no framing, no plugins. The app talks to
 * the API on the same origin; images may be data: URLs (QR codes).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stratum: the admin app is not built</title></head>
<body><main><h1>The admin app is not built</h1>
<p>The API works, but the files of the admin app are missing. Build them with <code>npm run build:app</code>
(or <code>npm start</code>, which builds the app when its sources changed), then restart the server.</p>
</main></body></html>
`;

function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  // No other site keeps a handle on the app's window, reads its files, or frames it (for browsers without frame-ancestors).
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  reply.header('X-Frame-Options', 'DENY');
}

/**
 * Serves the admin app under its prefix (/admin): the files of the build, precompressed variants (.br, .gz)
 * where the client accepts them, and index.html for every other path so that deep links
 * (/admin/content/articles/12) load the app, which routes in the browser. A missing asset stays a 404.
 * Without a build, every path answers 503 with a page that says how to build it; the API is unaffected.
 */
export function createAdminAppRoutes(options: AdminAppOptions): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRequest', (_request, reply, done) => {
      setSecurityHeaders(reply);
      done();
    });

    if (!existsSync(join(options.root, 'index.html'))) {
      scope.log.warn(`The admin app is not built (no ${join(options.root, 'index.html')}); /admin says so. Run npm run build:app.`);
      const notBuilt = async (_request: unknown, reply: FastifyReply) =>
        reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      scope.get('/', notBuilt);
      scope.get('/*', notBuilt);
      return;
    }

    const assets = `${sep}assets${sep}`;
    // The build's files, listed once. @fastify/static only sends them (`serve: false`): its own routes would list
    // the folder with glob, whose path handling loads ICU's normalisation data (about 7 MB of idle RSS).
    const files = listFiles(options.root);
    // Loaded only when there is a build to serve (with send and mime under it).
    const { default: fastifyStatic } = await import('@fastify/static');
    await scope.register(fastifyStatic, {
      root: options.root,
      serve: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('Cache-Control', path.includes(assets) ? IMMUTABLE : REVALIDATE);
      },
    });

    const sendIndex = async (_request: unknown, reply: FastifyReply) => reply.sendFile('index.html');
    scope.get('/', sendIndex);
    scope.get('/*', async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (files.has(path)) return reply.sendFile(path);
      // An asset that does not exist (an old hash) must not answer HTML with 200.
      if (path.startsWith('assets/')) return reply.callNotFound();
      return sendIndex(request, reply);
    });
  };
}

/** Every file under `root` but dot files (and those in dot folders), as `/`-separated paths relative to it. */
function listFiles(root: string, folder = '', files = new Set<string>()): Set<string> {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) listFiles(root, path, files);
    else if (entry.isFile()) files.add(path);
  }
  return files;
}

/** `/` sends people to the app. */
export function createRootRedirect(appPath = '/admin'): FastifyPluginAsync {
  return async (scope) => {
    scope.get('/', async (_request, reply) => reply.redirect(appPath, 302));
  };
}
