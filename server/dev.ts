/**
 * The API alone, for the Vite dev server (`npm run dev`): same routes and settings as
 * production, development defaults, no built site.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

export interface DevApiOptions {
  /** The apps from content/, whose names the feedback form accepts. */
  apps: readonly { slug: string; name: string; legal: boolean }[];
}

export async function createDevApi(_options: DevApiOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'development',
    PUBLIC_URL: 'http://localhost:5173',
    ...process.env,
  });
  const app = await buildApp({ config });
  await app.ready();
  return app;
}
