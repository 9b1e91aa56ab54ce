import { expect, test, type Locator, type Page } from './fixtures.ts';
import { appContent, notTested, screenshotCount } from './site.ts';

/** The app with the most screenshots: its carousel has the most slides to move through. */
const APP = appContent.reduce((most, app) =>
  screenshotCount(app) > screenshotCount(most) ? app : most,
);
const TOTAL = screenshotCount(APP);
/** Whether the carousel has three slides of four to move through. */
const THREE_SLIDES = TOTAL >= 9;
if (!THREE_SLIDES) notTested('The carousel', 'app with 9 screenshots');
/** A web app of the content, if it has one: its carousel shows browser windows. */
const WEB_APP = appContent.find((app) => app.platform === 'web');
const APP_PAGE = `/${APP.slug}`;
const CAROUSEL = `${APP.name} screenshots`;
const FIRST_ALT = Array.isArray(APP.screenshots)
  ? (APP.screenshots[0]?.alt ?? '')
  : `${APP.name} screenshot 1 of ${TOTAL} (placeholder)`;

/** How many slides the carousel has with `perSlide` images each. */
function slideCount(perSlide: number): number {
  return Math.ceil(TOTAL / perSlide);
}

/** The name of slide `index` (from 0) with `perSlide` images each, as the carousel says it. */
function slideName(index: number, perSlide: number): string {
  const from = index * perSlide + 1;
  const to = Math.min(from + perSlide - 1, TOTAL);
  return from === to
    ? `Screenshot ${from} of ${TOTAL}`
    : `Screenshots ${from} to ${to} of ${TOTAL}`;
}

/** How many images slide `index` holds. */
function imagesOn(index: number, perSlide: number): number {
  return Math.min(perSlide, TOTAL - index * perSlide);
}

async function openCarousel(page: Page, width: number, height = 900): Promise<Locator> {
  await page.setViewportSize({ width, height });
  await page.goto(APP_PAGE);
  const carousel = page.getByRole('region', { name: CAROUSEL });
  await carousel.scrollIntoViewIfNeeded();
  return carousel;
}

function slide(carousel: Locator, name: string): Locator {
  return carousel.getByRole('group', { name, exact: true });
}

/** The images of the slide, all on screen (not clipped by the carousel). */
async function expectShown(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++) await expect(images.nth(i)).toBeInViewport({ ratio: 0.95 });
}

if (THREE_SLIDES) {
  test.describe('with reduced motion (the carousel stays where it is put)', () => {
    test.use({ reducedMotion: 'reduce' });

    test('shows 4 images per slide at 1280 px, each slide labelled with its range', async ({
      page,
    }) => {
      const carousel = await openCarousel(page, 1280);

      await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      const slides = carousel.getByRole('group');
      await expect(slides).toHaveCount(slideCount(4));
      await expect(slides.first()).toHaveAttribute('aria-roledescription', 'slide');
      const first = slide(carousel, slideName(0, 4));
      await expectShown(first.getByRole('img'), 4);
      await expect(first.getByRole('img').first()).toHaveAccessibleName(FIRST_ALT);
      await expect(slide(carousel, slideName(1, 4)).getByRole('img').first()).not.toBeInViewport();
    });

    test('shows 2 images per slide at 768 px', async ({ page }) => {
      const carousel = await openCarousel(page, 768);

      await expect(carousel.getByRole('group')).toHaveCount(slideCount(2));
      await expectShown(slide(carousel, slideName(0, 2)).getByRole('img'), 2);
      await expect(slide(carousel, slideName(1, 2)).getByRole('img').first()).not.toBeInViewport();
    });

    test('regroups live when the window is resized, keeping the place', async ({ page }) => {
      const carousel = await openCarousel(page, 1280);
      await carousel.getByRole('button', { name: 'Next screenshots' }).click();
      await expectShown(slide(carousel, slideName(1, 4)).getByRole('img'), 4);

      await page.setViewportSize({ width: 768, height: 900 });
      await expect(carousel.getByRole('group')).toHaveCount(slideCount(2));
      // The narrower page is laid out anew: bring the carousel back on screen.
      await carousel.scrollIntoViewIfNeeded();
      await expectShown(slide(carousel, slideName(2, 2)).getByRole('img'), 2);

      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(carousel.getByRole('group')).toHaveCount(slideCount(4));
      await expectShown(slide(carousel, slideName(1, 4)).getByRole('img'), 4);
    });

    test('moves with its buttons and the arrow keys, wrapping both ways', async ({ page }) => {
      const carousel = await openCarousel(page, 1280);
      const previous = carousel.getByRole('button', { name: 'Previous screenshots' });

      await previous.click();
      const last = slideCount(4) - 1;
      await expectShown(slide(carousel, slideName(last, 4)).getByRole('img'), imagesOn(last, 4));
      await carousel.getByRole('button', { name: 'Next screenshots' }).click();
      await expectShown(slide(carousel, slideName(0, 4)).getByRole('img'), 4);

      await previous.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expectShown(slide(carousel, slideName(2, 4)).getByRole('img'), 4);
      await page.keyboard.press('ArrowLeft');
      await expectShown(slide(carousel, slideName(1, 4)).getByRole('img'), 4);
    });

    test('does not move by itself, and says so on its play control', async ({ page }) => {
      await page.clock.install();
      const carousel = await openCarousel(page, 1280);
      const control = carousel.getByRole('button', { name: 'Pause screenshots' });
      await expect(control).toHaveAttribute('aria-pressed', 'true');

      await page.clock.runFor(3 * 4000);

      await expectShown(slide(carousel, slideName(0, 4)).getByRole('img'), 4);
    });
  });

  test('moves on every 4000 ms, wraps, and stops with its pause control', async ({ page }) => {
    // Time stands still but for what the test lets pass.
    const start = new Date('2025-01-01T00:00:00Z').getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 10_000);
    const carousel = await openCarousel(page, 1280);
    // The timer runs once the carousel is on screen; its status then stops announcing.
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');

    await page.clock.runFor(3900);
    await expectShown(slide(carousel, slideName(0, 4)).getByRole('img'), 4);
    await page.clock.runFor(100);
    await page.clock.runFor(2000); // the slide's scroll
    await expectShown(slide(carousel, slideName(1, 4)).getByRole('img'), 4);

    // From slide 2 on to the last, and round to the first.
    for (let i = 0; i < slideCount(4) - 1; i++) await page.clock.runFor(4000);
    await page.clock.runFor(2000);
    await expectShown(slide(carousel, slideName(0, 4)).getByRole('img'), 4);

    await carousel.getByRole('button', { name: 'Pause screenshots' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(3 * 4000);
    await expectShown(slide(carousel, slideName(0, 4)).getByRole('img'), 4);
  });

  test('shows the first slide without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(APP_PAGE);
    const carousel = page.getByRole('region', { name: CAROUSEL });
    await carousel.scrollIntoViewIfNeeded();

    const images = slide(carousel, slideName(0, 4)).getByRole('img');
    await expectShown(images, 4);
    await expect.poll(() => loadedImages(images)).toHaveLength(4);
    await context.close();
  });

  /** What the page's DOM tells about an image; the tests' types do not include the DOM's. */
  interface ImageState {
    complete: boolean;
    naturalWidth: number;
    currentSrc: string;
    clientWidth: number;
  }

  /** The images that have loaded: their displayed width and the rendition the browser chose. */
  function loadedImages(images: Locator) {
    return images.evaluateAll((all) =>
      (all as unknown as ImageState[])
        .filter((img) => img.complete && img.naturalWidth > 0)
        .map((img) => ({
          shown: img.clientWidth,
          sent: Number(/-(\d+)\.(?:avif|webp)$/.exec(img.currentSrc)?.[1]),
          format: /\.(avif|webp)$/.exec(img.currentSrc)?.[1],
        })),
    );
  }

  for (const width of [360, 390, 768, 1024, 1440]) {
    test(`sends no image wider than twice its displayed width at ${width} px`, async ({ page }) => {
      const carousel = await openCarousel(page, width);
      const images = carousel.locator('img');
      // Every image has its size and alt text before it loads, so nothing shifts.
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute('width', /^\d+$/);
        await expect(image).toHaveAttribute('height', /^\d+$/);
        await expect(image).toHaveAttribute('alt', /\S/);
      }
      const perSlide = width <= 768 ? 2 : 4;
      const firstSlide = carousel.getByRole('group').first().locator('img');
      await expect(firstSlide).toHaveCount(perSlide);
      await expect.poll(async () => (await loadedImages(firstSlide)).length).toBe(perSlide);

      const loaded = await loadedImages(images);
      expect(loaded.length).toBeGreaterThanOrEqual(perSlide);
      for (const image of loaded) {
        expect(image.format).toBe('avif');
        expect(image.sent).toBeLessThanOrEqual(2 * image.shown);
      }
    });
  }

  /** What the layout test reads of the page; the tests' types do not include the DOM's. */
  interface DocumentWidths {
    document: { documentElement: { scrollWidth: number; clientWidth: number } };
  }

  // At 1440 px the card holds four 300 px images; at 1280 px it is narrower, and the images
  // narrow with it, never reaching past the card's edges.
  for (const [width, imageWidth] of [
    [1440, 300],
    [1280, 292],
  ] as const) {
    test(`shows four images ${imageWidth} px wide inside their card at ${width} px, the page never scrolling sideways`, async ({
      page,
    }) => {
      for (const app of WEB_APP ? [APP, WEB_APP] : [APP]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${app.slug}`);
        const card = page.getByRole('article', { name: app.name });
        const carousel = card.getByRole('region', { name: `${app.name} screenshots` });
        await carousel.scrollIntoViewIfNeeded();
        const images = carousel.getByRole('group').first().getByRole('img');
        await expect(images).toHaveCount(Math.min(4, screenshotCount(app)));
        const cardBox = await card.boundingBox();
        for (const image of await images.all()) {
          await expect(image).toBeInViewport();
          const box = await image.boundingBox();
          expect(Math.abs((box?.width ?? 0) - imageWidth)).toBeLessThanOrEqual(2);
          expect(box?.x).toBeGreaterThanOrEqual(cardBox?.x ?? Infinity);
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
            (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
          );
        }
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          const { documentElement } = (globalThis as unknown as DocumentWidths).document;
          return {
            scrollWidth: documentElement.scrollWidth,
            clientWidth: documentElement.clientWidth,
          };
        });
        expect(scrollWidth).toBe(clientWidth);
      }
    });
  }

  for (const [width, perSlide] of [
    [390, 2],
    [1280, 4],
  ] as const) {
    test(`fetches only the slide on screen and the next one at ${width} px`, async ({ page }) => {
      const fetched = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/assets/screenshots/')) fetched.add(pathname);
      });
      const carousel = await openCarousel(page, width);
      const next = slide(carousel, slideName(1, perSlide));
      await expect
        .poll(async () => (await loadedImages(next.locator('img'))).length)
        .toBe(perSlide);
      await page.waitForLoadState('networkidle');

      expect(fetched.size).toBe(2 * perSlide);
      await expect(carousel.locator('img')).toHaveCount(2 * perSlide);
      // The others are frames that still name their screenshot.
      await expect(carousel.getByRole('img')).toHaveCount(TOTAL);
    });
  }

  /** Just enough of the browser's globals for the layout-shift check below. */
  interface LayoutShiftWindow {
    document: { querySelector(selector: string): { contains(node: unknown): boolean } | null };
    PerformanceObserver: new (
      callback: (list: {
        getEntries(): { value: number; sources?: { node?: unknown }[] }[];
      }) => void,
    ) => { observe(options: { type: string; buffered: boolean }): void };
    requestAnimationFrame(callback: () => void): unknown;
  }

  test('nothing in the carousel shifts while a phone loads the page', async ({ page }) => {
    // Tall enough that the carousel is on screen from the start: only what is seen shifts.
    await page.setViewportSize({ width: 390, height: 4000 });
    await page.goto(APP_PAGE);
    const carousel = page.getByRole('region', { name: CAROUSEL });
    // Hydrated: the prerendered slides of four are regrouped two by two.
    await expect(carousel.getByRole('group')).toHaveCount(slideCount(2));
    await carousel.scrollIntoViewIfNeeded();
    await expectShown(slide(carousel, slideName(0, 2)).getByRole('img'), 2);

    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const browser = globalThis as unknown as LayoutShiftWindow;
          const region = browser.document.querySelector('[aria-roledescription="carousel"]');
          new browser.PerformanceObserver((list) => {
            let total = 0;
            for (const entry of list.getEntries()) {
              if (entry.sources?.some((source) => source.node && region?.contains(source.node))) {
                total += entry.value;
              }
            }
            resolve(total);
          }).observe({ type: 'layout-shift', buffered: true });
          // No entry at all, once the buffered ones would have been handed over: nothing shifted.
          browser.requestAnimationFrame(() => browser.requestAnimationFrame(() => resolve(0)));
        }),
    );
    expect(shift).toBe(0);
  });

  if (WEB_APP)
    test("a web app's screenshots are landscape, in a browser window, 4 per slide and 2 at 768 px", async ({
      page,
    }) => {
      for (const [width, perSlide] of [
        [1280, 4],
        [768, 2],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${WEB_APP.slug}`);
        const carousel = page.getByRole('region', { name: `${WEB_APP.name} screenshots` });
        await carousel.scrollIntoViewIfNeeded();
        const first = carousel.getByRole('group').first().getByRole('img');
        await expect(first).toHaveCount(Math.min(perSlide, screenshotCount(WEB_APP)));
        const box = await first.first().boundingBox();
        expect(box?.width).toBeGreaterThan(box?.height ?? Infinity);
        // The frame around it has a title bar above the image.
        const frameTop = await first
          .first()
          .evaluate(
            (image) =>
              (image.parentElement?.getBoundingClientRect().top ?? 0) -
              image.getBoundingClientRect().top,
          );
        expect(frameTop).toBeLessThan(-10);
      }
    });

  test('home fetches the carousel engine only once its screenshots come on screen', async ({
    page,
  }) => {
    const engine: string[] = [];
    page.on('request', (request) => {
      if (/^\/assets\/embla-carousel[^/]*\.js$/.test(new URL(request.url()).pathname)) {
        engine.push(request.url());
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const carousel = page.getByRole('region', { name: /screenshots$/ });
    await expect(carousel).not.toBeInViewport();
    expect(engine).toEqual([]);

    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => engine.length).toBe(1);
  });
}
