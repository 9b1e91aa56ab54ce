import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { t } from '../../i18n/messages.ts';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from '../../ui/icons.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { useMediaQueryState, usePrefersReducedMotion } from '../../lib/use-media-query.ts';
import { renditionName, srcSet, type Screenshot } from '../../../common/screenshot.ts';
import {
  FIRST_ATTRIBUTE,
  POSITION_ATTRIBUTE,
  TOTAL_ATTRIBUTE,
} from '../../../common/early-events.ts';
import { earlyEffect, pressedInPage, useTakeOverEarlyState } from '../../lib/early-events.ts';
import { carouselPhase, firstRevealed, revealedAfter } from './carousel-state.ts';
import { useCarouselIndex } from './use-carousel-index.ts';
import styles from './screenshot-carousel.module.css';
import { useLazyEmbla } from './use-lazy-embla.ts';
import { arrowStep } from '../../lib/reading-direction.ts';

/** Windows this wide or narrower show `IMAGES_PER_SLIDE_NARROW` images per slide. */
export const NARROW_QUERY = '(max-width: 768px)';
export const IMAGES_PER_SLIDE = 4;
export const IMAGES_PER_SLIDE_NARROW = 2;

/**
 * How wide an image shows, for the browser to pick a rendition before layout: half of the
 * carousel on narrow windows (the offsets are the page's margins and padding), and on wide
 * ones a quarter of the carousel, which spans the window less 1rem a side and three gaps,
 * up to 300 px (screenshot-carousel.module.css). Lazy images use their laid-out width
 * instead (`auto`), where the browser supports it.
 */
const SIZES = '(max-width: 768px) min(300px, calc(50vw - 54px)), min(300px, calc(25vw - 20px))';

/**
 * Starts loading the images a carousel of these screenshots shows first, in the rendition
 * its first slide will pick, before the carousel is on screen: the slider's next page. Plain
 * image requests, not preload links, which Chrome reports when their image does not show
 * within seconds; the browser's cache answers a repeat.
 */
export function preloadFirstSlide(screenshots: readonly Screenshot[]): void {
  const perSlide = matchMedia(NARROW_QUERY).matches ? IMAGES_PER_SLIDE_NARROW : IMAGES_PER_SLIDE;
  for (const shot of screenshots.slice(0, perSlide)) {
    const image = new Image();
    image.sizes = SIZES;
    image.srcset = srcSet(shot, 'avif');
  }
}

export interface ScreenshotCarouselProps {
  /** The app's display name; the carousel is announced as "<appName> screenshots". */
  appName: string;
  /** The screenshots in display order, from app/generated/screenshots.ts. */
  screenshots: readonly Screenshot[];
  /**
   * Whether the carousel is on screen. When false (a hidden slide of the All Projects
   * slider) it runs no timer and loads no images; its frames keep their size. Default true.
   */
  active?: boolean;
  /**
   * Whether the carousel sits above the fold: its first slide's images then load at once
   * instead of lazily. Default false.
   */
  priority?: boolean;
  /**
   * The frame around each screenshot: `phone` (rounded corners, portrait screenshots) or
   * `browser` (a browser window's title bar, for a web app's landscape screenshots).
   * Default `phone`.
   */
  frame?: 'phone' | 'browser';
}

/** When the controls show: never (one slide holds every image), on narrow windows, or always. */
function controlsShown(count: number): 'never' | 'narrow' | 'always' {
  if (count > IMAGES_PER_SLIDE) return 'always';
  return count > IMAGES_PER_SLIDE_NARROW ? 'narrow' : 'never';
}

/**
 * An app's screenshots, a few per slide, moving on every `CAROUSEL_INTERVAL_MS`. It pauses
 * while the pointer is over the images or the keyboard is inside it, and with the pause
 * control; it only moves on request for visitors who prefer reduced motion. Arrow keys
 * and swipes move it too. The prerendered page shows the first slide without JavaScript.
 * What it fetches and whether it moves follow the states of carousel-state.ts.
 */
export function ScreenshotCarousel({
  appName,
  screenshots,
  active = true,
  priority = false,
  frame = 'phone',
}: ScreenshotCarouselProps) {
  // The prerendered page groups the slides as on a wide screen; until the window's own
  // width is known (the `unmeasured` phase), nothing beyond the first slide is fetched on
  // that guess.
  const narrowKnown = useMediaQueryState(NARROW_QUERY);
  const narrow = narrowKnown ?? false;
  const perSlide = narrow ? IMAGES_PER_SLIDE_NARROW : IMAGES_PER_SLIDE;
  const reducedMotion = usePrefersReducedMotion();
  const carousel = useCarouselIndex({
    itemCount: screenshots.length,
    perSlide,
    active,
    reducedMotion,
  });
  const { index, goTo, next, previous, hold, autoplay } = carousel;
  const [inView, setInView] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The slides are grouped for this window once its width is known; until then the
  // stylesheet lays the images out in one row, so the early script's steps and these agree.
  const grouped = narrowKnown !== undefined;
  const [viewportRef, embla] = useLazyEmbla(
    {
      align: 'start',
      containScroll: false,
      watchSlides: false,
      duration: 30,
      startIndex: index,
      // Swipes and the track's movement follow the reading direction.
      direction: __SITE_DIRECTION__,
    },
    grouped && (priority || inView),
  );

  // Where the visitor left it before the page was live (the early script's steps and pause).
  useTakeOverEarlyState(() => {
    carousel.takeOver({
      firstItem: Number(rootRef.current?.getAttribute(FIRST_ATTRIBUTE)) || 0,
      paused: pressedInPage(toggleRef.current),
    });
  });

  const groups: Screenshot[][] = [];
  for (let start = 0; start < screenshots.length; start += perSlide) {
    groups.push(screenshots.slice(start, start + perSlide));
  }

  // Embla follows the index: the timer, the buttons and the keys all move the index.
  // When the slides are regrouped (the window crossed the breakpoint), Embla measures
  // them again and jumps to the slide that keeps the visitor's place, before paint.
  const layout = `${perSlide}/${screenshots.length}`;
  const measuredLayout = useRef(layout);
  useLayoutEffect(() => {
    if (!embla || measuredLayout.current === layout) return;
    measuredLayout.current = layout;
    embla.reInit();
    embla.scrollTo(index, true);
  }, [embla, layout, index]);
  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== index) embla.scrollTo(index, reducedMotion);
  }, [embla, index, reducedMotion]);
  // ...and a swipe moves the index.
  const onSwipe = useEffectEvent(() => {
    const selected = embla?.selectedScrollSnap() ?? index;
    if (selected !== index) goTo(selected);
  });
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => onSwipe();
    embla.on('select', onSelect);
    return () => void embla.off('select', onSelect);
  }, [embla]);

  // Off screen, it holds still, and it does not fetch the next slide.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      const visible = entry?.isIntersecting ?? false;
      setInView(visible);
      hold('offscreen', !visible);
    });
    observer.observe(root);
    return () => {
      observer.disconnect();
      hold('offscreen', false);
    };
  }, [active, hold]);

  // Arrow keys move it while focus is inside, and keyboard focus inside holds it. The
  // pause and play control itself does not hold it, so pressing play starts it at once.
  // Native listeners: the region itself is not a control.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const step = arrowStep(event.key);
      if (step === 1) next();
      else if (step === -1) previous();
      else return;
      event.preventDefault();
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      hold(
        'focus',
        target instanceof Element && target !== toggleRef.current && isKeyboardFocus(target),
      );
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) {
        hold('focus', false);
      }
    };
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [next, previous, hold]);

  const total = screenshots.length;
  const firstShown = index * perSlide + 1;
  const lastShown = Math.min(total, firstShown + perSlide - 1);
  const shown = controlsShown(total);
  const phase = carouselPhase(active, narrowKnown, inView);

  // Images load only on the slide on screen and the next one. The browser's own lazy
  // loading does not see that the other slides are clipped at the sides, and would fetch
  // them all; until then they are empty frames of the same size and the same alt text.
  const [revealed, setRevealed] = useState(() => firstRevealed(perSlide, total));
  const nowRevealed = revealedAfter(revealed, phase, index, perSlide, total);
  if (nowRevealed !== revealed) setRevealed(nowRevealed);

  return (
    <section
      ref={rootRef}
      className={styles.carousel}
      data-frame={frame}
      data-grouped={grouped ? '' : undefined}
      {...{ [TOTAL_ATTRIBUTE]: total, [FIRST_ATTRIBUTE]: firstShown - 1 }}
      style={{ '--first': firstShown - 1 } as CSSProperties}
      // The early script may have stepped it (data-first, --first) before the page was live.
      suppressHydrationWarning
      aria-roledescription={t.roles.carousel}
      aria-label={t.carousel.label(appName)}
    >
      <div
        ref={viewportRef}
        className={styles.viewport}
        // The names of the browser's own scroll buttons, without scripts (the stylesheet's).
        data-previous={t.carousel.previous}
        data-next={t.carousel.next}
        onPointerEnter={() => hold('hover', true)}
        onPointerLeave={() => hold('hover', false)}
      >
        <div className={styles.track}>
          {groups.map((group, groupIndex) => {
            const from = groupIndex * perSlide + 1;
            // The first slide waits for the browser's lazy loading until the carousel is
            // near, unless it is above the fold; others are only shown when wanted.
            const lazy = groupIndex === 0 && !priority && phase !== 'on-screen';
            return (
              <div
                key={from}
                className={styles.slide}
                role="group"
                aria-roledescription={t.roles.slide}
                aria-label={t.carousel.slide(from, from + group.length - 1, total)}
              >
                {group.map((shot, i) => (
                  <Frame
                    key={shot.stem}
                    shot={shot}
                    load={phase !== 'inactive' && revealed.has(from - 1 + i)}
                    lazy={lazy}
                    priority={priority ? (from + i === 1 ? 'high' : 'low') : undefined}
                  />
                ))}
              </div>
            );
          })}
        </div>
      </div>
      {shown !== 'never' && (
        <div className={styles.controls} data-shown={shown}>
          <button
            type="button"
            className={`round-button ${styles.button}`}
            aria-label={t.carousel.previous}
            {...earlyEffect('step -1')}
            onClick={previous}
          >
            <PreviousIcon size={22} />
          </button>
          <button
            ref={toggleRef}
            type="button"
            className={`round-button ${styles.button}`}
            aria-label={t.carousel.pause}
            {...earlyEffect('press')}
            aria-pressed={autoplay === 'paused'}
            suppressHydrationWarning
            onClick={carousel.togglePlaying}
          >
            {/* Both icons: the stylesheet shows the one of the state. */}
            <PauseIcon size={20} className={styles.pauseIcon} />
            <PlayIcon size={18} className={styles.playIcon} />
          </button>
          <button
            type="button"
            className={`round-button ${styles.button}`}
            aria-label={t.carousel.next}
            {...earlyEffect('step 1')}
            onClick={next}
          >
            <NextIcon size={22} />
          </button>
          {/* One text, which the early script may have rewritten before the page is live. */}
          <span
            className={styles.position}
            aria-hidden="true"
            {...{ [POSITION_ATTRIBUTE]: '' }}
            suppressHydrationWarning
          >
            {`${firstShown === lastShown ? firstShown : `${firstShown}–${lastShown}`} / ${total}`}
          </span>
        </div>
      )}
      <div aria-live={autoplay === 'running' ? 'off' : 'polite'} aria-atomic="true">
        <VisuallyHidden>{t.carousel.slide(firstShown, lastShown, total)}</VisuallyHidden>
      </div>
    </section>
  );
}

/** Whether focus came from the keyboard (a click on a button does not hold the carousel). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

interface FrameProps {
  shot: Screenshot;
  /** Whether to load the image (false: an empty frame that stands for it). */
  load: boolean;
  /** Whether the browser may put off loading until the image is near the screen. */
  lazy: boolean;
  /**
   * In a carousel above the fold, `high` for its first screenshot, the page's largest
   * image, and `low` for the others beside it: on a slow line the first one has the line to
   * itself and shows sooner, and the others follow.
   */
  priority?: 'high' | 'low';
}

/** One phone-shaped frame; its size is known before the image arrives, so nothing shifts. */
function Frame({ shot, load, lazy, priority }: FrameProps) {
  const ratio = { aspectRatio: `${shot.width} / ${shot.height}` } satisfies CSSProperties;
  if (!load) {
    return <span className={styles.frame} style={ratio} role="img" aria-label={shot.alt} />;
  }
  const sizes = lazy ? `auto, ${SIZES}` : SIZES;
  return (
    <picture className={styles.frame} style={ratio}>
      <source type="image/avif" srcSet={srcSet(shot, 'avif')} sizes={sizes} />
      <img
        className={styles.image}
        src={renditionName(shot.stem, shot.width, 'webp')}
        srcSet={srcSet(shot, 'webp')}
        sizes={sizes}
        width={shot.width}
        height={shot.height}
        alt={shot.alt}
        loading={lazy ? 'lazy' : 'eager'}
        fetchPriority={priority}
        decoding="async"
        draggable={false}
      />
    </picture>
  );
}
