import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@app/shared';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { errorBody } from './errors.ts';

const isApiPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io/');
};

/**
 * The built web app, when WEB_DIST is set, with the single-page-app fallback: a browser
 * GET of a non-API path that is not a file gets index.html and the client router takes
 * over. Unknown API paths always answer 404 JSON.
 */
export default fp<{ root: string | undefined }>(
  async (app, opts) => {
    const root = opts.root;
    const spa = root !== undefined && existsSync(join(root, 'index.html'));
    if (root && !spa) app.log.warn({ root }, 'WEB_DIST has no index.html: the web app is not served');
    if (spa) await app.register(fastifyStatic, { root, wildcard: true });

    app.setNotFoundHandler((request, reply) => {
      if (spa && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
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
