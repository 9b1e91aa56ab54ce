// fireEvent rather than user-event: user-event waits on timers that the fake clock holds.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  preloadFirstSlide,
  ScreenshotCarousel,
  type ScreenshotCarouselProps,
} from './screenshot-carousel.tsx';
import { srcSet, type Screenshot } from '../../../common/screenshot.ts';
import { CAROUSEL_INTERVAL_MS } from './use-carousel-index.ts';

/** Media queries the test controls: the window's width and the reduced-motion preference. */
const media = {
  width: 1280,
  reducedMotion: false,
  listeners: new Set<() => void>(),
  matches(query: string): boolean {
    if (query === '(prefers-reduced-motion: reduce)') return this.reducedMotion;
    const maxWidth = /\(max-width: (\d+)px\)/.exec(query);
    return maxWidth ? this.width <= Number(maxWidth[1]) : false;
  },
  resize(width: number) {
    this.width = width;
    act(() => this.listeners.forEach((listener) => listener()));
  },
};

/** Whether the carousel is on screen, as an IntersectionObserver would report it. */
const onScreen = {
  visible: true,
  observers: new Set<(visible: boolean) => void>(),
  set(visible: boolean) {
    this.visible = visible;
    act(() => this.observers.forEach((notify) => notify(visible)));
  },
};

class FakeIntersectionObserver {
  private readonly notify: (visible: boolean) => void;
  constructor(callback: IntersectionObserverCallback) {
    this.notify = (visible) =>
      callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never);
  }
  observe() {
    onScreen.observers.add(this.notify);
    this.notify(onScreen.visible);
  }
  disconnect() {
    onScreen.observers.delete(this.notify);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  media.width = 1280;
  media.reducedMotion = false;
  onScreen.visible = true;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        media: query,
        get matches() {
          return media.matches(query);
        },
        addEventListener: (_type: string, listener: () => void) => media.listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) =>
          media.listeners.delete(listener),
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  media.listeners.clear();
  onScreen.observers.clear();
});

function shots(count: number): Screenshot[] {
  return Array.from({ length: count }, (_, i) => ({
    alt: `Screen ${i + 1}`,
    width: 300,
    height: 650,
    stem: `/assets/screenshots/demo-${i + 1}`,
    widths: [150, 300, 600],
  }));
}

function renderCarousel(props: Partial<ScreenshotCarouselProps> = {}) {
  return render(<ScreenshotCarousel appName="EchoExpense" screenshots={shots(20)} {...props} />);
}

/** What a screen reader hears as the current position. */
function position(): string {
  return screen.getByText(/^Screenshots? \d+/).textContent;
}

/** Lets `count` intervals pass, one at a time, so each move can start the next timer. */
function waitIntervals(count = 1) {
  for (let i = 0; i < count; i++) advance(CAROUSEL_INTERVAL_MS);
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/**
 * How each image of a slide loads: its `loading` attribute, or null for an empty frame
 * that stands for an image not fetched yet.
 */
function loadingOf(slide: HTMLElement | undefined): (string | null)[] {
  if (!slide) throw new Error('No such slide');
  return within(slide)
    .getAllByRole('img')
    .map((image) => (image instanceof HTMLImageElement ? image.getAttribute('loading') : null));
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Timers of the carousel's interval that were started. */
function intervalTimers(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.filter(([, delay]) => delay === CAROUSEL_INTERVAL_MS);
}

describe('ScreenshotCarousel', () => {
  it('is a labelled carousel of slides of four images, each slide named by its range', () => {
    renderCarousel();

    const carousel = screen.getByRole('region', { name: 'EchoExpense screenshots' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(5);
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      'Screenshots 1 to 4 of 20',
      'Screenshots 5 to 8 of 20',
      'Screenshots 9 to 12 of 20',
      'Screenshots 13 to 16 of 20',
      'Screenshots 17 to 20 of 20',
    ]);
    for (const slide of slides) {
      expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      expect(within(slide).getAllByRole('img')).toHaveLength(4);
    }
  });

  it('shows two images per slide, ten slides, when the window is 768 px wide or narrower', () => {
    media.width = 768;
    renderCarousel();

    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(10);
    expect(slides[0]).toHaveAccessibleName('Screenshots 1 to 2 of 20');
    expect(slides[9]).toHaveAccessibleName('Screenshots 19 to 20 of 20');
  });

  it('regroups the slides when the window is resized, keeping the images on screen', () => {
    renderCarousel();
    waitIntervals(1);
    expect(position()).toBe('Screenshots 5 to 8 of 20');

    media.resize(600);
    expect(screen.getAllByRole('group')).toHaveLength(10);
    expect(position()).toBe('Screenshots 5 to 6 of 20');

    media.resize(1280);
    expect(screen.getAllByRole('group')).toHaveLength(5);
    expect(position()).toBe('Screenshots 5 to 8 of 20');
  });

  it('names a last slide of one image in the singular', () => {
    renderCarousel({ screenshots: shots(5) });
    expect(screen.getAllByRole('group')[1]).toHaveAccessibleName('Screenshot 5 of 5');
  });

  it('moves on every 4000 ms and wraps from the last slide to the first', () => {
    renderCarousel();
    expect(position()).toBe('Screenshots 1 to 4 of 20');

    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(position()).toBe('Screenshots 1 to 4 of 20');
    advance(1);
    expect(position()).toBe('Screenshots 5 to 8 of 20');

    waitIntervals(3);
    expect(position()).toBe('Screenshots 17 to 20 of 20');
    waitIntervals(1);
    expect(position()).toBe('Screenshots 1 to 4 of 20');
  });

  it('wraps through ten slides at two per slide', () => {
    media.width = 390;
    renderCarousel();

    waitIntervals(9);
    expect(position()).toBe('Screenshots 19 to 20 of 20');
    waitIntervals(1);
    expect(position()).toBe('Screenshots 1 to 2 of 20');
  });

  it('stops moving with the pause control, and moves again with play', () => {
    renderCarousel();
    const pause = screen.getByRole('button', { name: 'Pause screenshots' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    waitIntervals(3);
    expect(position()).toBe('Screenshots 1 to 4 of 20');

    fireEvent.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    waitIntervals(1);
    expect(position()).toBe('Screenshots 5 to 8 of 20');
  });

  it('moves with the previous and next buttons, wrapping both ways', () => {
    renderCarousel();

    click('Previous screenshots');
    expect(position()).toBe('Screenshots 17 to 20 of 20');
    click('Next screenshots');
    expect(position()).toBe('Screenshots 1 to 4 of 20');
    click('Next screenshots');
    expect(position()).toBe('Screenshots 5 to 8 of 20');
  });

  it('moves with the arrow keys, and holds still while the keyboard is inside', () => {
    renderCarousel();

    const previous = screen.getByRole('button', { name: 'Previous screenshots' });
    act(() => previous.focus());
    fireEvent.keyDown(previous, { key: 'ArrowRight' });
    expect(position()).toBe('Screenshots 5 to 8 of 20');
    fireEvent.keyDown(previous, { key: 'ArrowLeft' });
    fireEvent.keyDown(previous, { key: 'ArrowLeft' });
    expect(position()).toBe('Screenshots 17 to 20 of 20');

    waitIntervals(3);
    expect(position()).toBe('Screenshots 17 to 20 of 20');

    act(() => previous.blur());
    waitIntervals(1);
    expect(position()).toBe('Screenshots 1 to 4 of 20');
  });

  it('holds still while the pointer is over the images', () => {
    renderCarousel();
    const firstImage = screen.getAllByRole('img')[0];
    if (!firstImage) throw new Error('no image');

    fireEvent.pointerEnter(firstImage);
    waitIntervals(3);
    expect(position()).toBe('Screenshots 1 to 4 of 20');

    fireEvent.pointerLeave(firstImage);
    waitIntervals(1);
    expect(position()).toBe('Screenshots 5 to 8 of 20');
  });

  it('does not move by itself when the visitor prefers reduced motion, until play is pressed', () => {
    media.reducedMotion = true;
    renderCarousel();
    const control = screen.getByRole('button', { name: 'Pause screenshots' });
    expect(control).toHaveAttribute('aria-pressed', 'true');

    waitIntervals(5);
    expect(position()).toBe('Screenshots 1 to 4 of 20');
    click('Next screenshots');
    expect(position()).toBe('Screenshots 5 to 8 of 20');

    fireEvent.click(control);
    waitIntervals(1);
    expect(position()).toBe('Screenshots 9 to 12 of 20');
  });

  it('holds still while off screen', () => {
    renderCarousel();
    onScreen.set(false);
    waitIntervals(3);
    expect(position()).toBe('Screenshots 1 to 4 of 20');

    onScreen.set(true);
    waitIntervals(1);
    expect(position()).toBe('Screenshots 5 to 8 of 20');
  });

  it('runs no timer and loads no images when it is not active', () => {
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    const { rerender } = renderCarousel({ active: false });

    expect(screen.getAllByRole('group').flatMap(loadingOf)).toEqual(Array(20).fill(null));
    expect(intervalTimers(setTimeoutSpy)).toHaveLength(0);
    waitIntervals(3);
    expect(position()).toBe('Screenshots 1 to 4 of 20');

    rerender(<ScreenshotCarousel appName="EchoExpense" screenshots={shots(20)} active />);
    const [first, second, third] = screen.getAllByRole('group');
    expect(loadingOf(first)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loadingOf(second)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loadingOf(third)).toEqual([null, null, null, null]);
    waitIntervals(1);
    expect(position()).toBe('Screenshots 5 to 8 of 20');
  });

  it('gives every image its size and alt text, AVIF first with a WebP fallback', () => {
    renderCarousel({ screenshots: shots(8), priority: true });

    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(
      shots(8).map((shot) => shot.alt),
    );
    for (const image of images) {
      expect(image).toHaveAttribute('width', '300');
      expect(image).toHaveAttribute('height', '650');
    }
    const [first] = images;
    const source = first?.parentElement?.querySelector('source');
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source?.getAttribute('srcset')).toBe(
      '/assets/screenshots/demo-1-150.avif 150w, /assets/screenshots/demo-1-300.avif 300w, /assets/screenshots/demo-1-600.avif 600w',
    );
    expect(first).toHaveAttribute('src', '/assets/screenshots/demo-1-300.webp');
  });

  it('names every screenshot, loaded or not yet', () => {
    renderCarousel();

    const names = screen
      .getAllByRole('img')
      .map((image) => image.getAttribute('alt') ?? image.getAttribute('aria-label'));
    expect(names).toEqual(shots(20).map((shot) => shot.alt));
  });

  it('loads the first slide at once when it is above the fold, and no other until on screen', () => {
    onScreen.visible = false;
    renderCarousel({ priority: true });

    const [first, second] = screen.getAllByRole('group');
    expect(loadingOf(first)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loadingOf(second)).toEqual([null, null, null, null]);

    onScreen.set(true);
    expect(loadingOf(second)).toEqual(['eager', 'eager', 'eager', 'eager']);
  });

  it('fetches the first screenshot ahead of the others when above the fold, and the others after', () => {
    renderCarousel({ priority: true });
    const priorities = () =>
      screen
        .getAllByRole('img')
        .filter((image) => image.tagName === 'IMG')
        .map((image) => image.getAttribute('fetchpriority'));

    const [first, ...others] = priorities();
    expect(first).toBe('high');
    expect(others.length).toBeGreaterThan(2);
    expect(others.every((priority) => priority === 'low')).toBe(true);

    cleanup();
    renderCarousel();
    expect(priorities().length).toBeGreaterThan(2);
    expect(priorities().every((priority) => priority === null)).toBe(true);
  });

  it('leaves the first slide to lazy loading while it is below the fold', () => {
    onScreen.visible = false;
    renderCarousel();

    const [first, second] = screen.getAllByRole('group');
    expect(loadingOf(first)).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
    expect(loadingOf(second)).toEqual([null, null, null, null]);
  });

  it('fetches the slide on screen and the next one, and no other', () => {
    renderCarousel();

    const slides = () => screen.getAllByRole('group');
    expect(slides().map(loadingOf)).toEqual([
      ['eager', 'eager', 'eager', 'eager'],
      ['eager', 'eager', 'eager', 'eager'],
      [null, null, null, null],
      [null, null, null, null],
      [null, null, null, null],
    ]);
    waitIntervals(1);
    expect(loadingOf(slides()[2])).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loadingOf(slides()[3])).toEqual([null, null, null, null]);
  });

  it('shows no controls and runs no timer when every image fits on one slide', () => {
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    renderCarousel({ screenshots: shots(2) });

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(intervalTimers(setTimeoutSpy)).toHaveLength(0);
  });
});

describe('preloadFirstSlide', () => {
  /** The images asked for, as their srcset and sizes. */
  const requested: { srcset: string; sizes: string }[] = [];

  beforeEach(() => {
    requested.length = 0;
    vi.stubGlobal(
      'Image',
      class {
        sizes = '';
        set srcset(value: string) {
          requested.push({ srcset: value, sizes: this.sizes });
        }
      },
    );
  });

  it("loads ahead the AVIF images of a carousel's first slide: four on wide windows", () => {
    const screenshots = shots(6);
    preloadFirstSlide(screenshots);
    expect(requested.map(({ srcset }) => srcset)).toEqual(
      screenshots.slice(0, 4).map((shot) => srcSet(shot, 'avif')),
    );
    // Each picks the rendition of the width the carousel shows it at.
    expect(requested.every(({ sizes }) => sizes.includes('min(300px'))).toBe(true);
  });

  it('loads ahead two on narrow windows', () => {
    media.width = 390;
    const screenshots = shots(6);
    preloadFirstSlide(screenshots);
    expect(requested.map(({ srcset }) => srcset)).toEqual(
      screenshots.slice(0, 2).map((shot) => srcSet(shot, 'avif')),
    );
  });
});
