/**
 * Embla, loaded after the page is up: the carousel's first slide is plain HTML, so the
 * engine that moves it (about 7 KB gzip) is not needed for the first paint and stays out
 * of the initial bundle. It loads through the site's chunk loader once the viewport is on
 * the page and, while the page starts, once the carousel says it is wanted (on screen, or
 * above the fold), so a carousel further down neither fetches nor measures anything then.
 * A failure raises the ChunkLoadError on the error screen.
 */
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHydrating } from '../../lib/hydration.tsx';
import { loadChunk } from '../../lib/lazy-chunk.ts';

type EmblaFactory = typeof import('embla-carousel').default;

let engine: Promise<EmblaFactory> | undefined;

function loadEngine(): Promise<EmblaFactory> {
  engine ??= loadChunk('carousel-engine', () => import('embla-carousel')).then(
    (module) => module.default,
  );
  return engine;
}

/**
 * Like `useEmblaCarousel`: a ref callback for the viewport, and the API once it is ready.
 * While the page starts, nothing loads until `wanted`; a carousel mounted on a page that is
 * already up (reached in the app, or the slider's next page) starts at once. Once started,
 * it stays.
 */
export function useLazyEmbla(
  options: EmblaOptionsType,
  wanted: boolean,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  // A ref, not state: the viewport is attached while React commits the hydrated page, and a
  // state update there would render the whole carousel again, synchronously, in that commit.
  const viewport = useRef<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [error, setError] = useState<Error>();
  // The options as they are when the engine starts (its first slide is the one on screen).
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  const hydrating = useHydrating();
  const [started, setStarted] = useState(() => wanted || !hydrating);
  if (wanted && !started) setStarted(true);

  useEffect(() => {
    const node = viewport.current;
    if (!node || !started) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    loadEngine().then(
      (EmblaCarousel) => {
        if (cancelled) return;
        instance = EmblaCarousel(node, optionsRef.current);
        setApi(instance);
      },
      (loadError: unknown) => {
        if (!cancelled)
          setError(loadError instanceof Error ? loadError : new Error(String(loadError)));
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [started]);

  if (error) throw error;
  const ref = useCallback((node: HTMLElement | null) => {
    viewport.current = node;
  }, []);
  return [ref, api];
}
