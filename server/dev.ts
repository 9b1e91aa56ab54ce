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

export async function createDevApi({ apps }: DevApiOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'development',
    PUBLIC_URL: 'http://localhost:5173',
    ...process.env,
  });
  const app = await buildApp({ config, apps });
  await app.ready();
  app.feedbackOutbox.start();
  app.pushNotifications.start();
  if (!app.feedbackOutbox.enabled) {
    app.log.info(
      `Feedback is stored in ${config.DATA_DIR} and not mailed (SMTP_URL is not set); read it with \`npm run feedback -- list\`.`,
    );
  }
  return app;
}
