import { render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markHydrated } from '../../lib/hydration.tsx';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { useLazyEmbla } from './use-lazy-embla.ts';

/** Every viewport the engine was started on. */
const started = vi.hoisted(() => [] as HTMLElement[]);

vi.mock('embla-carousel', () => ({
  default: (viewport: HTMLElement) => {
    started.push(viewport);
    return { destroy: () => undefined };
  },
}));

function Carousel({ wanted }: { wanted: boolean }) {
  const [ref, api] = useLazyEmbla({}, wanted);
  return (
    <div ref={ref} data-testid="viewport">
      {api ? 'moving' : 'still'}
    </div>
  );
}

vi.mock('../../lib/lazy-chunk.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/lazy-chunk.ts')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

afterEach(() => {
  started.length = 0;
});

describe('useLazyEmbla', () => {
  it('loads and starts nothing until the carousel is wanted, then starts once', async () => {
    const { rerender } = render(<Carousel wanted={false} />);
    // The engine is asked for as the carousel's effects run, which `render` has done.
    expect(loadChunk).not.toHaveBeenCalled();
    expect(started).toEqual([]);
    expect(screen.getByTestId('viewport')).toHaveTextContent('still');

    rerender(<Carousel wanted />);
    await waitFor(() => expect(screen.getByTestId('viewport')).toHaveTextContent('moving'));
    expect(loadChunk).toHaveBeenCalledTimes(1);
    expect(started).toEqual([screen.getByTestId('viewport')]);

    // Scrolled away again: it keeps running, and is not started twice.
    rerender(<Carousel wanted={false} />);
    rerender(<Carousel wanted />);
    expect(screen.getByTestId('viewport')).toHaveTextContent('moving');
    expect(started).toHaveLength(1);
  });

  it('starts at once when wanted from the first render (a carousel above the fold)', async () => {
    render(<Carousel wanted />);
    await waitFor(() => expect(screen.getByTestId('viewport')).toHaveTextContent('moving'));
    expect(started).toHaveLength(1);
  });

  it('commits once as it mounts: attaching its viewport is not a state change', () => {
    // A second commit here would render the carousel again inside React's commit of the
    // hydrated page, as one long task on a phone.
    const commits: string[] = [];
    render(
      <Profiler id="carousel" onRender={(_id, phase) => commits.push(phase)}>
        <Carousel wanted={false} />
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
  });

  // Last: the page hydrates once, and `markHydrated` cannot be undone.
  it('starts at once on a page that is already up, wanted or not', async () => {
    markHydrated();
    render(<Carousel wanted={false} />);
    await waitFor(() => expect(screen.getByTestId('viewport')).toHaveTextContent('moving'));
    expect(started).toHaveLength(1);
  });
});
