import { useCallback, useEffect, useState } from 'react';

/** How long each slide stays before the carousel moves on by itself, in milliseconds. */
export const CAROUSEL_INTERVAL_MS = 4000;

/** Why the automatic advance is held for now, without the visitor having paused it. */
export type HoldReason = 'hover' | 'focus' | 'offscreen';

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
  /** How many slides there are: the images divided by `perSlide`, rounded up. */
  slideCount: number;
  /** Moves to `index`, wrapping past either end. */
  goTo: (index: number) => void;
  /** Moves one slide on, from the last back to the first. */
  next: () => void;
  /** Moves one slide back, from the first to the last. */
  previous: () => void;
  /**
   * What the pause and play control shows: true unless the visitor paused the carousel,
   * or prefers reduced motion and has not pressed play.
   */
  playing: boolean;
  togglePlaying: () => void;
  /** Holds or releases the automatic advance for one reason (hover, focus, off screen). */
  hold: (reason: HoldReason, held: boolean) => void;
  /** Whether the timer is running now: playing, active, not held, and more than one slide. */
  running: boolean;
}

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/**
 * The carousel's position and its timer. The position is kept as the first image on
 * screen, so a change in images per slide keeps the visitor's place. Each move, by hand
 * or by timer, starts the next interval afresh.
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
  const playing = chosenPlaying ?? !reducedMotion;
  const running = active && playing && holds.size === 0 && slideCount > 1;

  const goTo = useCallback(
    (target: number) => setFirstItem(wrap(target, slideCount) * perSlide),
    [slideCount, perSlide],
  );
  const next = useCallback(() => goTo(index + 1), [goTo, index]);
  const previous = useCallback(() => goTo(index - 1), [goTo, index]);
  const togglePlaying = useCallback(() => setChosenPlaying(!playing), [playing]);
  const hold = useCallback((reason: HoldReason, held: boolean) => {
    setHolds((current) => {
      if (current.has(reason) === held) return current;
      const changed = new Set(current);
      if (held) changed.add(reason);
      else changed.delete(reason);
      return changed;
    });
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => goTo(index + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, goTo, index]);

  return { index, slideCount, goTo, next, previous, playing, togglePlaying, hold, running };
}
