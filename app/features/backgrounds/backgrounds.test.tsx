import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../lib/lazy-chunk.ts';
import { drawsInSoftwareOffMainThread } from './renderer-probe.ts';
import type { BackgroundSceneOptions } from './scene/background-scene.tsx';
import { Backgrounds } from './backgrounds.tsx';

// The real scene needs a GPU; this stand-in records what the shell asks of it.
const scene = vi.hoisted(() => ({
  mounts: [] as BackgroundSceneOptions[],
  throwOnMount: false,
  setPaused: vi.fn<(paused: boolean) => void>(),
  dispose: vi.fn<() => void>(),
}));

vi.mock('./scene/background-scene.tsx', () => ({
  mountBackgroundScene: (options: BackgroundSceneOptions) => {
    if (scene.throwOnMount) throw new Error('no IntersectionObserver');
    scene.mounts.push(options);
    return { setPaused: scene.setPaused, dispose: scene.dispose };
  },
}));

// What the worker would find; `false` leaves the check to the page, as where workers are missing.
const probe = vi.hoisted(() => ({ software: false }));
vi.mock('./renderer-probe.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./renderer-probe.ts')>()),
  drawsInSoftwareOffMainThread: vi.fn(() => Promise.resolve(probe.software)),
}));

vi.mock('../../lib/lazy-chunk.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/lazy-chunk.ts')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

const loseContext = vi.fn();

/** A WebGL 2 context whose renderer has the given name. */
function contextDrawnBy(renderer: string): WebGL2RenderingContext {
  const RENDERER = 0x1f01;
  return {
    RENDERER,
    getParameter: (name: number) => (name === RENDERER ? renderer : null),
    getExtension: (name: string) => (name === 'WEBGL_lose_context' ? { loseContext } : null),
  } as unknown as WebGL2RenderingContext;
}

const fakeContext = contextDrawnBy('ANGLE (Apple, ANGLE Metal Renderer: Apple M2)');
const softwareContext = contextDrawnBy('Google SwiftShader');

function layerOf(container: HTMLElement): HTMLElement {
  const layer = container.querySelector<HTMLElement>('[data-background]');
  if (!layer) throw new Error('no background layer');
  return layer;
}

beforeEach(() => {
  // Cleared here, not after each test: the previous test's unmount disposes its scene last.
  scene.mounts.length = 0;
  scene.throwOnMount = false;
  scene.setPaused.mockClear();
  scene.dispose.mockClear();
  vi.mocked(loadChunk).mockClear();
  vi.mocked(drawsInSoftwareOffMainThread).mockClear();
  loseContext.mockClear();
  probe.software = false;
  // The page has loaded; idle callbacks run on the next task.
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((callback: () => void) => setTimeout(callback, 0)),
  );
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Backgrounds', () => {
  it('shows the still background and loads nothing while paused', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const { container } = render(<Backgrounds paused />);

    // Everything the scene needs waits for an idle moment, asked for as the effects run.
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(layerOf(container)).toHaveAttribute('data-background', 'still');
    expect(getContext).not.toHaveBeenCalled();
    expect(loadChunk).not.toHaveBeenCalled();
  });

  it('loads the scene through the chunk loader once idle and gives it the one context', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { container } = render(<Backgrounds paused={false} />);

    await waitFor(() => expect(scene.mounts).toHaveLength(1));
    expect(loadChunk).toHaveBeenCalledWith('background-scene', expect.any(Function));
    const [mounted] = scene.mounts;
    expect(mounted?.canvas).toBe(container.querySelector('canvas'));
    expect(mounted?.context).toBe(fakeContext);
    expect(mounted?.paused).toBe(false);

    act(() => mounted?.onReady());
    expect(layerOf(container)).toHaveAttribute('data-background', 'animated');
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
  });

  it('pauses and resumes the same scene without building it again', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { rerender } = render(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));

    rerender(<Backgrounds paused />);
    expect(scene.setPaused).toHaveBeenLastCalledWith(true);
    rerender(<Backgrounds paused={false} />);
    expect(scene.setPaused).toHaveBeenLastCalledWith(false);
    expect(scene.mounts).toHaveLength(1);
  });

  it('starts the scene the first time the visitor presses play', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { rerender } = render(<Backgrounds paused />);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(scene.mounts).toHaveLength(0);

    rerender(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));
  });

  it('starts nothing when paused before the page settles, and starts on play', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    getContext.mockReturnValue(fakeContext);
    const { container, rerender } = render(<Backgrounds paused={false} />);
    rerender(<Backgrounds paused />);
    // The scene starts, or not, as soon as the worker's answer is in.
    await waitFor(() => expect(drawsInSoftwareOffMainThread).toHaveBeenCalledTimes(1));
    await vi.mocked(drawsInSoftwareOffMainThread).mock.results[0]?.value;
    expect(getContext).not.toHaveBeenCalled();
    expect(loadChunk).not.toHaveBeenCalled();
    expect(layerOf(container)).toHaveAttribute('data-background', 'still');

    rerender(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));
  });

  it('keeps the still background, quietly, without WebGL', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const consoleError = vi.spyOn(console, 'error');
    const { container } = render(<Backgrounds paused={false} />);

    await waitFor(() => expect(layerOf(container)).toHaveAttribute('data-background', 'fallback'));
    expect(container.querySelector('canvas')).toBeNull();
    expect(loadChunk).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps the still background on a software renderer, and fetches no scene', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(softwareContext);
    const { container } = render(<Backgrounds paused={false} />);

    await waitFor(() => expect(layerOf(container)).toHaveAttribute('data-background', 'fallback'));
    expect(container.querySelector('canvas')).toBeNull();
    expect(loadChunk).not.toHaveBeenCalled();
    expect(loseContext).toHaveBeenCalledTimes(1);
  });

  it('creates no context of its own when a worker finds WebGL drawn in software', async () => {
    probe.software = true;
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const { container } = render(<Backgrounds paused={false} />);

    await waitFor(() => expect(layerOf(container)).toHaveAttribute('data-background', 'fallback'));
    expect(container.querySelector('canvas')).toBeNull();
    expect(getContext).not.toHaveBeenCalled();
    expect(loadChunk).not.toHaveBeenCalled();
  });

  it('runs on a software renderer where a test allows it', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(softwareContext);
    vi.stubGlobal('__backgroundAllowSoftwareRenderer', true);
    render(<Backgrounds paused={false} />);

    await waitFor(() => expect(scene.mounts).toHaveLength(1));
    expect(scene.mounts[0]?.context).toBe(softwareContext);
  });

  it('keeps the still background, quietly, when the chunk does not load', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('background-scene'));
    const consoleError = vi.spyOn(console, 'error');
    const { container } = render(<Backgrounds paused={false} />);

    await waitFor(() => expect(layerOf(container)).toHaveAttribute('data-background', 'fallback'));
    expect(container.querySelector('canvas')).toBeNull();
    expect(scene.mounts).toHaveLength(0);
    expect(loseContext).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps the still background, quietly, when the scene throws as it starts', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    scene.throwOnMount = true;
    const consoleError = vi.spyOn(console, 'error');
    const { container } = render(<Backgrounds paused={false} />);

    await waitFor(() => expect(layerOf(container)).toHaveAttribute('data-background', 'fallback'));
    expect(loseContext).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('survives a context loss the browser restores', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { container } = render(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));
    const [mounted] = scene.mounts;
    act(() => mounted?.onReady());

    act(() => mounted?.onContextChange('lost'));
    expect(container.querySelector('canvas')).not.toBeNull();
    act(() => mounted?.onContextChange('ok'));
    expect(layerOf(container)).toHaveAttribute('data-background', 'animated');
    expect(scene.dispose).not.toHaveBeenCalled();
  });

  it('releases the scene and shows the still background when the context is lost for good', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { container } = render(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));
    const [mounted] = scene.mounts;
    act(() => mounted?.onReady());

    act(() => mounted?.onContextChange('lost-for-good'));
    expect(layerOf(container)).toHaveAttribute('data-background', 'fallback');
    expect(container.querySelector('canvas')).toBeNull();
    expect(scene.dispose).toHaveBeenCalledTimes(1);
  });

  it('falls back when the scene cannot be set up', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { container } = render(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));

    act(() => scene.mounts[0]?.onFailure(new Error('shader')));
    expect(layerOf(container)).toHaveAttribute('data-background', 'fallback');
    expect(scene.dispose).toHaveBeenCalledTimes(1);
  });

  it('disposes the scene when it unmounts', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext);
    const { unmount } = render(<Backgrounds paused={false} />);
    await waitFor(() => expect(scene.mounts).toHaveLength(1));

    unmount();
    expect(scene.dispose).toHaveBeenCalledTimes(1);
  });
});
