/**
 * `npm run dev`: serves the API from the same Vite dev server, so the site and /api/* share
 * one origin with hot reload. Uses the real server's routes with development settings.
 */
import type { Plugin } from 'vite';

export function devApi(): Plugin {
  return {
    name: 'portfolio:dev-api',
    async configureServer(server) {
      const [{ createDevApi }, { content }] = await Promise.all([
        server.ssrLoadModule('/server/dev.ts') as Promise<typeof import('../server/dev.ts')>,
        server.ssrLoadModule('/content/load.ts') as Promise<typeof import('../content/load.ts')>,
      ]);
      const api = await createDevApi({ apps: content.apps });
      server.httpServer?.once('close', () => void api.close());
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/api/') || req.url === '/healthz' || req.url === '/readyz') {
          api.routing(req, res);
          return;
        }
        next();
      });
    },
  };
}
