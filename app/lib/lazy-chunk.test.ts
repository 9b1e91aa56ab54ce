import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './lazy-chunk.ts';

function serveBuildId(buildId: string) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify({ buildId }))));
}

describe('loadChunk', () => {
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn();
    // loadChunk only ever calls location.reload().
    vi.spyOn(window, 'location', 'get').mockReturnValue({ reload } as unknown as Location);
    vi.stubGlobal('fetch', serveBuildId('test-build'));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives the module when the chunk loads', async () => {
    await expect(loadChunk('gallery', () => Promise.resolve({ answer: 42 }))).resolves.toEqual({
      answer: 42,
    });
  });

  it('raises ChunkLoadError "Loading chunk <name> failed" when the chunk fails', async () => {
    const failure = loadChunk('gallery', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failure).rejects.toThrow(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk gallery failed',
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('gives up after 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('slow', () => new Promise<never>(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    await expect(outcome).resolves.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk slow failed',
    });
  });

  it('reloads the page once when a newer deploy replaced the chunk, and only once', async () => {
    vi.stubGlobal('fetch', serveBuildId('newer-build'));
    let settled = false;
    void loadChunk('gallery', () => Promise.reject(new TypeError('Failed to fetch'))).finally(
      () => (settled = true),
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(settled).toBe(false);

    // After the reload the chunk still fails: show the error instead of reloading again.
    await expect(
      loadChunk('gallery', () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow('Loading chunk gallery failed');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the deployed build cannot be asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(
      loadChunk('gallery', () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow(ChunkLoadError);
    expect(reload).not.toHaveBeenCalled();
  });
});
