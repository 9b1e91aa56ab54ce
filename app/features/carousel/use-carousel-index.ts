import { useCallback, useEffect, useState } from 'react';
import { autoplayOf, withHold, type Autoplay, type HoldReason } from './carousel-state.ts';

/** How long each slide stays before the carousel moves on by itself, in milliseconds. */
export const CAROUSEL_INTERVAL_MS = 4000;

export interface CarouselIndexOptions {
  /** How many images the carousel holds. */
  itemCount: number;
  /**
   * Images per slide. When it changes (the window was resized), the carousel stays on the
   * slide that holds the first image on screen.
   */
  perSlide: number;
  /** Whether the carousel is on screen at all; when false no timer runs. */
  active: boolean;
  /** Whether the visitor prefers reduced motion: then it only moves when asked to. */
  reducedMotion: boolean;
}

export interface CarouselIndex {
  /** The slide on screen, from 0. */
  index: number;
  /** The first image on screen, from 0: the visitor's place whatever the images per slide. */
  firstItem: number;
  /** Moves to `index`, wrapping past either end. */
  goTo: (index: number) => void;
  /** Moves one slide on, from the last back to the first. */
  next: () => void;
  /** Moves one slide back, from the first to the last. */
  previous: () => void;
  /**
   * Whether it moves by itself, and if not, why not. The pause and play control shows
   * `paused` as pressed; the timer runs while `running`.
   */
  autoplay: Autoplay;
  /** Pauses it, or plays it when paused. */
  togglePlaying: () => void;
  /** Holds or releases the automatic advance for one reason (hover, focus, off screen). */
  hold: (reason: HoldReason, held: boolean) => void;
  /**
   * Takes over the state the visitor left before the page was live: the first image on
   * screen, and whether they paused it.
   */
  takeOver: (state: { firstItem: number; paused: boolean }) => void;
}

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/**
 * The carousel's position and its timer. The position is kept as the first image on
 * screen, so a change in images per slide keeps the visitor's place. Each move, by hand
 * or by timer, starts the next interval afresh. Whether it moves by itself follows the
 * states and changes of carousel-state.ts.
 */
export function useCarouselIndex({
  itemCount,
  perSlide,
  active,
  reducedMotion,
}: CarouselIndexOptions): CarouselIndex {
  const [firstItem, setFirstItem] = useState(0);
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const [holds, setHolds] = useState<ReadonlySet<HoldReason>>(() => new Set());

  const slideCount = Math.max(1, Math.ceil(itemCount / perSlide));
  const index = Math.min(Math.floor(firstItem / perSlide), slideCount - 1);
  const autoplay = autoplayOf(chosenPlaying, holds, reducedMotion, active, slideCount);
  const running = autoplay === 'running';
  const paused = autoplay === 'paused';

  const goTo = useCallback(
    (target: number) => setFirstItem(wrap(target, slideCount) * perSlide),
    [slideCount, perSlide],
  );
  const next = useCallback(() => goTo(index + 1), [goTo, index]);
  const previous = useCallback(() => goTo(index - 1), [goTo, index]);
  const togglePlaying = useCallback(() => setChosenPlaying(paused), [paused]);
  const hold = useCallback(
    (reason: HoldReason, held: boolean) => setHolds((current) => withHold(current, reason, held)),
    [],
  );
  const takeOver = useCallback(
    (state: { firstItem: number; paused: boolean }) => {
      if (state.firstItem > 0 && state.firstItem < itemCount) setFirstItem(state.firstItem);
      if (state.paused) setChosenPlaying(false);
    },
    [itemCount],
  );

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => goTo(index + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, goTo, index]);

  return { index, firstItem, goTo, next, previous, autoplay, togglePlaying, hold, takeOver };
}
