import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawsInSoftwareOffMainThread, PROBE_TIMEOUT_MS } from './renderer-probe.ts';

/** A worker that answers as the test says, and records how it was made and ended. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static answer: (worker: FakeWorker) => void = () => {};
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
    queueMicrotask(() => FakeWorker.answer(this));
  }
  reply(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('drawsInSoftwareOffMainThread', () => {
  it('is true when the worker finds WebGL 2 drawn in software, and ends the worker', async () => {
    FakeWorker.answer = (worker) => worker.reply(true);

    await expect(drawsInSoftwareOffMainThread()).resolves.toBe(true);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.options.type).toBe('module');
    expect(FakeWorker.made[0]?.url.pathname).toMatch(/renderer-probe\.worker/);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('is false on a GPU or without WebGL 2 there, leaving the check to the page', async () => {
    FakeWorker.answer = (worker) => worker.reply(false);
    await expect(drawsInSoftwareOffMainThread()).resolves.toBe(false);
  });

  it('is false for an answer of another shape', async () => {
    FakeWorker.answer = (worker) => worker.reply('true');
    await expect(drawsInSoftwareOffMainThread()).resolves.toBe(false);
  });

  it('is false when the worker fails to load or run, and ends it', async () => {
    FakeWorker.answer = (worker) => worker.onerror?.();
    await expect(drawsInSoftwareOffMainThread()).resolves.toBe(false);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('is false when the worker stays silent past the timeout, and ends it', async () => {
    vi.useFakeTimers();
    FakeWorker.answer = () => {};
    const answer = drawsInSoftwareOffMainThread();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);

    await expect(answer).resolves.toBe(false);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('is false where the worker cannot even be created', async () => {
    vi.stubGlobal('Worker', function Worker() {
      throw new DOMException('blocked', 'SecurityError');
    });
    await expect(drawsInSoftwareOffMainThread()).resolves.toBe(false);
  });

  it('starts no worker where a test lets the scene run in software', async () => {
    vi.stubGlobal('__backgroundAllowSoftwareRenderer', true);
    FakeWorker.answer = (worker) => worker.reply(true);

    await expect(drawsInSoftwareOffMainThread()).resolves.toBe(false);
    expect(FakeWorker.made).toHaveLength(0);
  });
});

describe('the probe worker', () => {
  const RENDERER = 0x1f01;
  const loseContext = vi.fn();

  /** Runs the worker's module once, with an offscreen canvas whose context is `context`. */
  async function runWorker(context: unknown): Promise<unknown[]> {
    const posted: unknown[] = [];
    vi.stubGlobal('postMessage', (message: unknown) => posted.push(message));
    vi.stubGlobal('OffscreenCanvas', function OffscreenCanvas() {
      return { getContext: () => context };
    });
    vi.resetModules();
    await import('./renderer-probe.worker.ts');
    return posted;
  }

  const contextDrawnBy = (renderer: string) => ({
    RENDERER,
    getParameter: (name: number) => (name === RENDERER ? renderer : null),
    getExtension: (name: string) => (name === 'WEBGL_lose_context' ? { loseContext } : null),
  });

  beforeEach(() => loseContext.mockClear());

  it('answers true for a software renderer and gives the context back', async () => {
    await expect(runWorker(contextDrawnBy('Google SwiftShader'))).resolves.toEqual([true]);
    expect(loseContext).toHaveBeenCalledTimes(1);
  });

  it('answers false for a GPU renderer', async () => {
    await expect(
      runWorker(contextDrawnBy('ANGLE (Apple, ANGLE Metal Renderer: Apple M2)')),
    ).resolves.toEqual([false]);
    expect(loseContext).toHaveBeenCalledTimes(1);
  });

  it('answers false when the canvas gives no context', async () => {
    await expect(runWorker(null)).resolves.toEqual([false]);
  });

  it('throws, so the page checks for itself, where workers have no offscreen canvas', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    vi.resetModules();
    await expect(import('./renderer-probe.worker.ts')).rejects.toThrow();
  });
});
