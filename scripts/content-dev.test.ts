import { EventEmitter } from 'node:events';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ViteDevServer } from 'vite';
import { watchContent } from './content-dev.ts';
import { root, type LoadedContent } from './load-content.ts';

class FakeContentError extends Error {
  override name = 'ContentError';
}

function fakeServer() {
  const watcher = new EventEmitter();
  const server = {
    watcher,
    ws: { send: vi.fn() },
    config: { logger: { error: vi.fn(), info: vi.fn() } },
  };
  return { server, watcher };
}

const appFile = path.join(root, 'content/apps/echoexpense/app.ts');
const loaded = {} as LoadedContent;

describe('the dev server’s content check', () => {
  it('shows a content problem in the overlay and the terminal, then regenerates once it is fixed', async () => {
    const { server, watcher } = fakeServer();
    let broken = true;
    const generate = vi.fn(() => Promise.resolve());
    const watch = watchContent(server as unknown as ViteDevServer, {
      load: () =>
        broken
          ? Promise.reject(
              new FakeContentError(
                'The content in content/ has a problem; fix it and build again:\n  content/apps/echoexpense/app.ts: order: Invalid input',
              ),
            )
          : Promise.resolve(loaded),
      generate,
      settleMs: 1,
    });

    watcher.emit('all', 'change', appFile);
    await vi.waitFor(() => expect(server.ws.send).toHaveBeenCalledTimes(1));
    await watch.settled();
    const [payload] = server.ws.send.mock.lastCall as [{ type: string; err: { message: string } }];
    expect(payload.type).toBe('error');
    expect(payload.err.message).toContain('content/apps/echoexpense/app.ts: order: Invalid input');
    expect(server.config.logger.error).toHaveBeenCalledWith(
      expect.stringContaining('content/apps/echoexpense/app.ts: order'),
      { timestamp: true },
    );
    expect(generate).not.toHaveBeenCalled();

    broken = false;
    watcher.emit('all', 'add', path.join(root, 'content/apps/echoexpense/screenshots/01.png'));
    await vi.waitFor(() => expect(generate).toHaveBeenCalledWith(loaded));
    await watch.settled();
    expect(server.config.logger.info).toHaveBeenCalledWith('content/ is valid again.', {
      timestamp: true,
    });
  });

  it('ignores changes outside content/', async () => {
    vi.useFakeTimers();
    try {
      const { server, watcher } = fakeServer();
      const load = vi.fn(() => Promise.resolve(loaded));
      const watch = watchContent(server as unknown as ViteDevServer, { load, settleMs: 1 });
      watcher.emit('all', 'change', path.join(root, 'app/root.tsx'));
      await vi.runAllTimersAsync();
      await watch.settled();
      expect(load).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
