/**
 * `npm run dev`: checks content/ each time a file in it changes. A problem is shown at once
 * in the browser's error overlay and in the terminal, every problem with its file and field;
 * once the content is right again, the generated screenshots and technology marks are
 * brought up to date, so a new screenshot list shows without a restart.
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { buildContentAssets } from './content-assets.ts';
import { isContentError, loadContent, root, type LoadedContent } from './load-content.ts';

export interface ContentDevOptions {
  /** Reads and checks the content as it is now; default: content/ through Vite. */
  load?: () => Promise<LoadedContent>;
  /** Regenerates what the content feeds; default: screenshots and technology marks. */
  generate?: (loaded: LoadedContent) => Promise<unknown>;
  /** How long to wait for a burst of changes to end, in ms; default 150. */
  settleMs?: number;
}

type WatchedServer = Pick<ViteDevServer, 'watcher' | 'ws' | 'config'>;

/** Watches content/ on a dev server; returns a promise of the check in progress, for tests. */
export function watchContent(server: WatchedServer, options: ContentDevOptions = {}) {
  const {
    load = loadContent,
    generate = (loaded: LoadedContent) => buildContentAssets(loaded.content, loaded.contentDir),
    settleMs = 150,
  } = options;
  const contentDir = path.join(root, 'content') + path.sep;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let wasBroken = false;

  const check = async () => {
    try {
      const loaded = await load();
      await generate(loaded);
      if (wasBroken) server.config.logger.info('content/ is valid again.', { timestamp: true });
      wasBroken = false;
    } catch (error) {
      if (!isContentError(error)) throw error;
      wasBroken = true;
      server.config.logger.error(error.message, { timestamp: true });
      server.ws.send({
        type: 'error',
        err: { message: error.message, stack: '', plugin: 'content', id: 'content/' },
      });
    }
  };

  server.watcher.on('all', (_event, file) => {
    if (!file.startsWith(contentDir)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(check).catch((error: unknown) => {
        server.config.logger.error(String(error instanceof Error ? error.stack : error));
      });
    }, settleMs);
  });
  return { settled: () => running };
}

export function contentDev(): Plugin {
  return {
    name: 'portfolio:content-dev',
    apply: 'serve',
    configureServer(server) {
      watchContent(server);
    },
  };
}
