/**
 * The All Projects slider: one app page at a time, moved by the arrows beside its title or
 * by the arrow keys, wrapping at both ends and fading between pages.
 *
 * The prerendered HTML carries every page, all but the first hidden, each with its own
 * arrows: links to the pages before and after it (`#project-<id>`). So the arrows work
 * before the page is live (the early script shows the page a link leads to) and without
 * scripts (the stylesheet shows the page the address points to). While hydrating, React
 * leaves the hidden pages' HTML as it is; once live, it renders only the active page, plus
 * the page it is leaving while that fades out, so the slider never holds ten live pages
 * (nor their screenshots) at once. The active page sets the slider's height.
 *
 * The position is kept in the history entry's state, not in the address: each app already
 * has its own address, and a query would make ten copies of one page. Back from a page the
 * slider links to returns to the same slide.
 */
import {
  startTransition,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../../i18n/messages.ts';
import { NextIcon, PreviousIcon } from '../../ui/icons.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { ISLAND_ATTRIBUTE, LIVE_ATTRIBUTE } from '../../../common/early-events.ts';
import { earlyEffect, isPlainClick, useTakeOverEarlyState } from '../../lib/early-events.ts';
import { useHydrating } from '../../lib/hydration.tsx';
import { usePrefersReducedMotion } from '../../lib/use-media-query.ts';
import styles from './project-slider.module.css';
import { siteHref } from '../../lib/site-href.ts';
import { arrowStep } from '../../lib/reading-direction.ts';

/** How long one page fades into the next, in ms (instant for reduced motion). */
export const SLIDER_FADE_MS = 500;

/** Where the slider keeps its position in the history entry's state. */
const HISTORY_STATE_KEY = 'projectSlide';

export interface SliderItem {
  /** Stable and unique, e.g. the app's slug. */
  id: string;
  /** Read out when the slide becomes active: "EchoExpense, 4 of 10". */
  name: string;
}

export interface SlideContext {
  /** The previous and next arrows, to be placed beside the slide's title. */
  titleAside: ReactNode;
  /** Whether this is the active slide; a slide fading out is not (nothing in it should run). */
  active: boolean;
}

export interface ProjectSliderProps<T extends SliderItem> {
  items: readonly T[];
  /** Renders one slide's page. */
  renderSlide: (item: T, context: SlideContext) => ReactNode;
  /** The accessible name of the slider; default "All Projects". */
  label?: string;
  /** Id of a visible heading that names the slider instead of `label`. */
  labelledBy?: string;
  /**
   * Called with the active item when the visitor may be about to move on from it: the
   * pointer or the focus enters the slider, or the slider has just moved to it. The place
   * to start loading what its neighbours show.
   */
  onApproach?: (item: T) => void;
  /**
   * Where the other pages are when this slider's HTML carries only its first: the address
   * of a page whose slider carries them all (its arrows then lead there, `/projects#…`, until
   * the slider is live). Default none: the HTML carries every page, hidden.
   */
  otherPagesAt?: string;
}

type Direction = 'previous' | 'next';

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/** The id of an item's page in the slider, which its neighbours' arrows link to. */
function slideId(item: SliderItem): string {
  return `project-${item.id}`;
}

function slideLabel(item: SliderItem, index: number, count: number): string {
  return t.slider.slide(item.name, index + 1, count);
}

/** The place of the slide saved in a history entry's state; -1 when there is none. */
function savedIndex(items: readonly SliderItem[], state: unknown): number {
  if (typeof state !== 'object' || state === null) return -1;
  const id = (state as Record<string, unknown>)[HISTORY_STATE_KEY];
  return items.findIndex((item) => item.id === id);
}

/** Arrow keys move the slider unless the focused control uses them itself. */
function keyMovesSlider(event: KeyboardEvent): Direction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return null;
  }
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) {
    return null;
  }
  const step = arrowStep(event.key);
  return step === 0 ? null : step === 1 ? 'next' : 'previous';
}

export function ProjectSlider<T extends SliderItem>({
  items,
  renderSlide,
  label = t.nav.allProjects,
  labelledBy,
  onApproach,
  otherPagesAt,
}: ProjectSliderProps<T>) {
  const count = items.length;
  const location = useLocation();
  const hydrating = useHydrating();
  // A page reached in the app opens on its saved slide at once (see `restore` below).
  const [index, setIndex] = useState(() =>
    hydrating ? 0 : Math.max(0, savedIndex(items, location.state)),
  );
  // Whether React renders the slides itself; false while prerendering and hydrating, when
  // every page is in the HTML.
  const [live, setLive] = useState(!hydrating);
  const [leaving, setLeaving] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const reducedMotion = usePrefersReducedMotion();
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<Direction | null>(null);
  const navigate = useNavigate();

  /** Keeps the slide in the history entry, so Back to this page returns to it. */
  const remember = (item: T) =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      {
        replace: true,
        preventScrollReset: true,
        state: { ...(location.state as object | null), [HISTORY_STATE_KEY]: item.id },
      },
    );

  // The page the visitor moved to before the page was live (the early script shows it).
  const [takenOver, setTakenOver] = useState<number | null>(null);
  useTakeOverEarlyState(() => {
    // The page the address names (a link followed before live, or from home), else the
    // one not hidden. Read from the address, not `:target`: that is the element the address
    // named when it was set, no longer in the page where React rendered the island anew.
    const slides = Array.from(viewportRef.current?.children ?? []);
    const named = slides.findIndex((slide) => `#${slide.id}` === window.location.hash);
    const shown = named >= 0 ? named : slides.findIndex((slide) => !(slide as HTMLElement).hidden);
    if (shown > 0) {
      setIndex(shown);
      setTakenOver(shown);
    }
    // React renders the slides itself from here on, in a render of its own after the commit
    // that hydrates the page, which it would otherwise lengthen by dropping the hidden pages.
    // A control used in between moves the slider all the same, only without the fade.
    startTransition(() => setLive(true));
  });
  // From now on the app answers its controls; the early script steps aside (`data-island`).
  useLayoutEffect(() => {
    rootRef.current?.setAttribute(LIVE_ATTRIBUTE, '');
  }, []);
  const rememberTakenOver = useEffectEvent((taken: number) => {
    const item = items[taken];
    if (item) remember(item);
  });
  useEffect(() => {
    if (takenOver !== null) rememberTakenOver(takenOver);
  }, [takenOver]);

  // Back to a page whose slider was moved: show the slide it was on, without a fade. Not
  // while hydrating, so the hydrated page first matches its prerendered HTML (slide 1); the
  // saved slide follows as a transition.
  const restore = useEffectEvent(() => {
    const saved = savedIndex(items, location.state);
    if (saved > 0 && takenOver === null) startTransition(() => setIndex(saved));
  });
  useEffect(() => restore(), []);

  useEffect(() => {
    if (leaving === null) return;
    const timer = setTimeout(() => setLeaving(null), SLIDER_FADE_MS);
    return () => clearTimeout(timer);
  }, [leaving, index]);

  useEffect(() => {
    const direction = pendingFocus.current;
    if (!direction) return;
    pendingFocus.current = null;
    rootRef.current
      ?.querySelector<HTMLElement>(`[data-active="true"] [data-slider-control="${direction}"]`)
      ?.focus();
  }, [index]);

  if (count === 0) return null;

  const go = (direction: Direction) => {
    const next = wrap(index + (direction === 'next' ? 1 : -1), count);
    const item = items[next];
    if (!item) return;
    const root = rootRef.current;
    if (root && document.activeElement && root.contains(document.activeElement)) {
      pendingFocus.current = direction;
    }
    setLeaving(reducedMotion ? null : index);
    setIndex(next);
    setAnnouncement(slideLabel(item, next, count));
    onApproach?.(item);
    remember(item);
  };

  const approach = () => {
    const item = items[index];
    if (item) onApproach?.(item);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const direction = keyMovesSlider(event);
    if (!direction) return;
    event.preventDefault();
    go(direction);
  };

  /** The arrows of the page at `slideIndex`: links to the pages before and after it. */
  const titleAside = (slideIndex: number) => {
    const arrow = (direction: Direction) => {
      const target = items[wrap(slideIndex + (direction === 'next' ? 1 : -1), count)];
      return (
        <a
          href={
            target ? `${otherPagesAt ? siteHref(otherPagesAt) : ''}#${slideId(target)}` : undefined
          }
          className={`round-button ${styles.arrow}`}
          data-slider-control={direction}
          aria-label={t.slider[direction]}
          {...earlyEffect('show')}
          onClick={(event: MouseEvent) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            go(direction);
          }}
        >
          {direction === 'next' ? <NextIcon /> : <PreviousIcon />}
        </a>
      );
    };
    return (
      <div className={styles.controls}>
        {arrow('previous')}
        <span className={styles.position} aria-hidden="true">
          {`${slideIndex + 1} / ${count}`}
        </span>
        {arrow('next')}
      </div>
    );
  };

  const fade = { '--slider-fade': `${SLIDER_FADE_MS}ms` } as CSSProperties;
  const slide = (slideIndex: number, shownCount: number) => {
    const item = items[slideIndex];
    if (!item) return null;
    const active = slideIndex === index;
    return (
      <div
        key={item.id}
        id={slideId(item)}
        role="group"
        aria-roledescription={t.roles.slide}
        aria-label={slideLabel(item, slideIndex, count)}
        className={styles.slide}
        data-active={active}
        data-entering={active && shownCount > 1}
        inert={!active}
        aria-hidden={active ? undefined : true}
        // The early script may have hidden it, showing another, before the page was live.
        suppressHydrationWarning
      >
        {renderSlide(item, { titleAside: titleAside(slideIndex), active })}
      </div>
    );
  };

  let slides: ReactNode;
  let fading = false;
  if (live) {
    const shown = leaving === null || leaving === index ? [index] : [leaving, index];
    fading = shown.length > 1;
    slides = shown.map((slideIndex) => slide(slideIndex, shown.length));
  } else {
    slides = items.map((item, slideIndex) =>
      slideIndex === index ? (
        slide(slideIndex, 1)
      ) : otherPagesAt !== undefined ? null : (
        <HiddenSlide key={`${item.id}:hidden`} id={slideId(item)}>
          <div
            role="group"
            aria-roledescription={t.roles.slide}
            aria-label={slideLabel(item, slideIndex, count)}
            className={styles.slide}
            data-active="true"
          >
            {/* Active as it will be once shown: its first screenshots load then, lazily. */}
            {renderSlide(item, { titleAside: titleAside(slideIndex), active: true })}
          </div>
        </HiddenSlide>
      ),
    );
  }

  return (
    // The carousel pattern: arrow keys anywhere in the slider move it; the controls inside
    // are the interactive elements.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={rootRef}
      className={styles.slider}
      aria-roledescription={t.roles.carousel}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      {...{ [ISLAND_ATTRIBUTE]: '' }}
      onKeyDown={onKeyDown}
      onPointerEnter={approach}
      onFocus={approach}
      style={fade}
    >
      <div ref={viewportRef} className={`glass ${styles.viewport}`} data-fading={fading}>
        {slides}
      </div>
      <VisuallyHidden>
        <span role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </span>
      </VisuallyHidden>
    </section>
  );
}

/**
 * A page of the slider other than the first, in the prerendered HTML: whole, and hidden. The
 * early script, or the address without scripts (`:target`), shows it. While hydrating, React
 * renders it as an empty element whose HTML it leaves alone, so hydration costs nothing for
 * the nine pages not on screen.
 */
function HiddenSlide({ id, children }: { id: string; children: ReactNode }) {
  if (typeof document === 'undefined') {
    return (
      <div id={id} className={styles.hidden} hidden>
        {children}
      </div>
    );
  }
  return (
    <div
      id={id}
      className={styles.hidden}
      hidden
      // Keeps the prerendered HTML: React neither hydrates nor replaces what is inside.
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}
