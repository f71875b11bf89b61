import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { MSG } from '@app/shared';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isApiPath, pathOf } from '../lib/paths.ts';
import { errorBody } from './errors.ts';

/** Source maps stay on the server (for reading a stack trace there); a browser gets a 404. */
const isSourceMap = (path: string) => path.endsWith('.map');

/**
 * Paths that name a file and never a page: a missing bundle (an old release's chunk) answers
 * 404, not the shell, so the browser reports a failed script rather than parsing HTML as one.
 * The app has pages under /assets too (the wallet): those have no file extension.
 */
const isFilePath = (url: string) => {
  const path = pathOf(url);
  return /^\/assets\/.+\.[a-z0-9]+$/i.test(path) || isSourceMap(path);
};

/**
 * Cache rules for the files of the web build (the path is relative to its root):
 * - assets/: Vite's content-hashed bundles; a new release has new names, so they keep forever.
 * - index.html, offline.html: name the bundles of the current release; always revalidated.
 * - sw.js: the browser only picks up a changed service worker if it is not served from a cache.
 * - manifest.webmanifest: its own media type, revalidated so a changed name or icon shows.
 * Other public files (icons, images) are revalidated after a day.
 */
export function webFileHeaders(path: string): Record<string, string> {
  const name = basename(path);
  if (path.startsWith('assets/')) return { 'cache-control': 'public, max-age=31536000, immutable' };
  if (name === 'sw.js')
    return { 'cache-control': 'no-cache', 'content-type': 'text/javascript; charset=utf-8' };
  if (name === 'manifest.webmanifest')
    return { 'cache-control': 'no-cache', 'content-type': 'application/manifest+json; charset=utf-8' };
  if (name.endsWith('.html')) return { 'cache-control': 'no-cache' };
  return { 'cache-control': 'public, max-age=86400' };
}

/**
 * The built web app, when WEB_DIST is set, with the single-page-app fallback: a browser
 * GET of a non-API path that is not a file gets index.html and the client router takes
 * over. Unknown API paths, missing bundles and source maps answer 404 JSON.
 */
export default fp<{ root: string | undefined }>(
  async (app, opts) => {
    const root = opts.root;
    const spa = root !== undefined && existsSync(join(root, 'index.html'));
    if (root && !spa) app.log.warn({ root }, 'WEB_DIST has no index.html: the web app is not served');
    if (spa) {
      await app.register(fastifyStatic, {
        root,
        // A route per file of the build, found when the gateway starts (a release restarts it):
        // any other path goes straight to the not-found handler below. A catch-all route would
        // look every unknown path up on disk first (a directory listing and several stats per
        // request), API 404s included.
        wildcard: false,
        // The build writes .br and .gz copies beside each file: the copy the browser accepts
        // is sent as it is, and nothing is compressed on a request.
        preCompressed: true,
        allowedPath: (path) => !isSourceMap(path),
        setHeaders: (reply, path) => {
          // A precompressed copy (index.html.br) takes the rules of the file it stands for.
          const file = relative(root, path)
            .split(sep)
            .join('/')
            .replace(/\.(br|gz)$/, '');
          reply.headers(webFileHeaders(file));
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const page = !isApiPath(request.url) && !isFilePath(request.url);
      if (spa && (request.method === 'GET' || request.method === 'HEAD') && page) {
        // The shell must never be cached: it names the hashed asset files of this build.
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html');
      }
      return reply.code(404).send(errorBody(404, MSG.notFound, request.id));
    });
  },
  { name: 'web' },
);
