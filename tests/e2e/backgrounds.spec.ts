/// <reference lib="dom" />
import { expect, sharedTab, test, type Page } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { chromiumArgs, testBrowserPath } from '../chromium.ts';

/** Every prerendered page of the built site, from the manifest the server reads. */
const site = JSON.parse(readFileSync('build/site.json', 'utf8')) as {
  pages: Record<string, unknown>;
};
const pagePaths = [...Object.keys(site.pages), '/no-such-page'];

declare global {
  interface Window {
    /** WebGL contexts the page has created, counted by the init script below. */
    __webglContexts?: number;
    /** Frames the background scene has rendered (the scene's test hook). */
    __backgroundFrames?: number;
    /** What the scene holds on the GPU (the scene's test hook). */
    __backgroundMemory?: () => { programs: number; geometries: number; textures: number };
    /** The scene's test hook: run on a software renderer too. */
    __backgroundAllowSoftwareRenderer?: unknown;
    /** The canvas's WEBGL_lose_context extension, kept by a test across a loss. */
    __loseContext?: WEBGL_lose_context;
  }
}

/**
 * Counts every WebGL context the page creates on a canvas, whoever asks for it, and with
 * `allowSoftwareRenderer` lets the scene run on headless Chromium's software renderer
 * (SwiftShader), where visitors get the still background.
 */
function countContexts(allowSoftwareRenderer: boolean) {
  if (allowSoftwareRenderer) window.__backgroundAllowSoftwareRenderer = true;
  const contexts = new Set<unknown>();
  // eslint-disable-next-line @typescript-eslint/unbound-method -- always called with the canvas as `this`, below
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    type: string,
    ...rest: unknown[]
  ) {
    const context = (getContext as (...args: unknown[]) => unknown).call(this, type, ...rest);
    if (context && type.includes('webgl')) contexts.add(context);
    window.__webglContexts = contexts.size;
    return context;
  } as typeof getContext;
}

/**
 * Collects console errors and warnings, and uncaught exceptions. Two notes from the browser
 * itself are left out: the 404 page's own status, and the software renderer's performance notes
 * ("GL Driver Message ... GPU stall due to ReadPixels") about headless compositing.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    const notFoundNote = text.includes('status of 404') && message.location().url === page.url();
    const driverNote = text.includes('GL Driver Message');
    if (!notFoundNote && !driverNote) errors.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const frames = (page: Page) => page.evaluate(() => window.__backgroundFrames ?? 0);

/**
 * Waits until the browser has run `count` animation frames on the page. A scene that is
 * drawing draws on every one of them, so a count of frames that did not move over them is a
 * scene that stopped.
 */
function animationFrames(page: Page, count: number): Promise<void> {
  return page.evaluate(
    (left) =>
      new Promise<void>((done) => {
        const next = () => (--left <= 0 ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );
}

/** Waits until the scene has rendered more frames than `after`. */
async function waitForFrames(page: Page, after = 0) {
  await page.waitForFunction((count) => (window.__backgroundFrames ?? 0) > count + 3, after, {
    timeout: 45_000,
  });
}

const background = (page: Page) => page.locator('[data-background]');
const pauseToggle = (page: Page) => page.getByRole('button', { name: 'Pause animation' });

/**
 * Stands in for the scene's chunk in the per-page checks, which are about the page shell:
 * it owns the one canvas and makes the one context. Drawing the real scene in software on
 * thirty-odd pages would take minutes; the tests below run the real scene across every page
 * of the menu.
 */
const STAND_IN_SCENE = `export function mountBackgroundScene(options) {
  queueMicrotask(options.onReady);
  return { setPaused() {}, dispose() {} };
}`;

/** One tab of the worker's for the per-page checks: the contexts counted, the scene stood in. */
const shellTest = test.extend<object, { standInScenePage: Page }>({
  standInScenePage: sharedTab(async (page) => {
    await page.addInitScript(countContexts, true);
    await page.route(/\/assets\/background-scene-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: STAND_IN_SCENE }),
    );
  }),
});

shellTest.describe('every page has exactly one background canvas', () => {
  for (const path of pagePaths) {
    shellTest(
      `${path}: one canvas, holding the page's only WebGL context`,
      async ({ standInScenePage: page }) => {
        const errors = collectErrors(page);
        try {
          await page.goto(path);
          await expect(page.locator('canvas')).toHaveCount(1);
          // The context is made once the page is idle, just before the scene's code is fetched.
          await page.waitForFunction(() => window.__webglContexts === 1, null, { timeout: 20_000 });
          await expect(page.locator('canvas')).toHaveCount(1);
          await expect(background(page)).toHaveAttribute('data-background', 'animated');
          expect(errors).toEqual([]);
        } finally {
          page.removeAllListeners('console');
          page.removeAllListeners('pageerror');
        }
      },
    );
  }
});

/**
 * A small window for the tests that draw the real scene: headless Chromium draws WebGL in
 * software, on the processor, at a cost that grows with the pixels drawn, and what these
 * tests check (one canvas, one context, the same resources, frames drawn or not) does not
 * depend on the window's size.
 */
const SCENE_WINDOW = { width: 640, height: 400 };

test.describe('the animated background', () => {
  // Headless Chromium draws WebGL in software: the scene's first frame can take seconds.
  test.describe.configure({ timeout: 90_000 });
  test.use({ viewport: SCENE_WINDOW });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(countContexts, true);
  });

  test('keeps one canvas, one context and the same GPU resources across twenty-odd page changes', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await waitForFrames(page);
    const memoryBefore = await page.evaluate(() => window.__backgroundMemory?.());
    expect(memoryBefore?.programs).toBeGreaterThan(0);

    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const count = await page.locator('nav[aria-label="Main menu"] a').count();
    let changes = 0;
    // Twenty-odd changes, however few pages the menu has.
    const rounds = Math.max(2, Math.ceil(20 / count));
    for (let round = 0; round < rounds; round += 1) {
      // From the last link to the first, so every click changes the page (Home is first).
      for (let index = count - 1; index >= 0; index -= 1) {
        await menuButton.click();
        const link = menu.getByRole('link').nth(index);
        const href = await link.getAttribute('href');
        await link.click();
        await expect(page).toHaveURL((url) => url.pathname === href);
        await expect(page.locator('canvas')).toHaveCount(1);
        changes += 1;
      }
    }
    expect(changes).toBeGreaterThanOrEqual(20);

    // Still drawing, in the same context, holding what it held before.
    const framesNow = await frames(page);
    await waitForFrames(page, framesNow);
    expect(await page.evaluate(() => window.__webglContexts)).toBe(1);
    expect(await page.evaluate(() => window.__backgroundMemory?.())).toEqual(memoryBefore);
    expect(errors).toEqual([]);
  });

  test('the pause toggle stops every frame and resumes the same scene', async ({ page }) => {
    await page.goto('/');
    await waitForFrames(page);
    const toggle = pauseToggle(page);
    await expect(toggle).toHaveAccessibleName('Pause animation');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // A frame already under way when the toggle was pressed may still land; then none.
    await animationFrames(page, 2);
    const paused = await frames(page);
    await animationFrames(page, 60);
    expect(await frames(page)).toBe(paused);

    const memory = await page.evaluate(() => window.__backgroundMemory?.());
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitForFrames(page, paused);
    // Resumed, not rebuilt: the same programs, geometries and textures.
    expect(await page.evaluate(() => window.__backgroundMemory?.())).toEqual(memory);
    expect(await page.evaluate(() => window.__webglContexts)).toBe(1);
  });

  test('a context the browser restores picks up where it stopped', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await waitForFrames(page);

    // The extension is kept from before the loss: a lost context hands out none.
    await page.evaluate(() => {
      const context = document.querySelector('canvas')?.getContext('webgl2');
      const extension = context?.getExtension('WEBGL_lose_context');
      window.__loseContext = extension ?? undefined;
      extension?.loseContext();
    });
    await animationFrames(page, 2);
    const lost = await frames(page);
    await animationFrames(page, 60);
    expect(await frames(page)).toBe(lost);
    await expect(page.locator('canvas')).toHaveCount(1);

    await page.evaluate(() => window.__loseContext?.restoreContext());
    await waitForFrames(page, lost);
    await expect(background(page)).toHaveAttribute('data-background', 'animated');
    expect(await page.evaluate(() => window.__webglContexts)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('a context lost for good leaves the still background, quietly', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await waitForFrames(page);

    await page.evaluate(() => {
      const context = document.querySelector('canvas')?.getContext('webgl2');
      context?.getExtension('WEBGL_lose_context')?.loseContext();
    });
    await expect(background(page)).toHaveAttribute('data-background', 'fallback', {
      timeout: 10_000,
    });
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: SCENE_WINDOW });
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(countContexts, true);
  });

  test('starts paused, renders nothing, and the toggle can start it', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    const toggle = pauseToggle(page);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // The page has loaded and gone idle, when a scene that was wanted would start: a context
    // on the page's canvas, then the scene's chunk. Neither comes.
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
    await animationFrames(page, 60);
    expect(fetched.filter((file) => file.includes('background-scene'))).toEqual([]);
    expect(await page.evaluate(() => window.__webglContexts ?? 0)).toBe(0);
    expect(await frames(page)).toBe(0);
    await expect(background(page)).toHaveAttribute('data-background', 'still');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitForFrames(page);
  });
});

test.describe('on a software renderer, as headless Chromium has', () => {
  test('the still background stays, the scene is never fetched and the page makes no WebGL context', async ({
    page,
  }) => {
    await page.addInitScript(countContexts, false);
    const errors = collectErrors(page);
    const sceneRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('background-scene')) sceneRequests.push(request.url());
    });
    await page.goto('/');
    await expect(background(page)).toHaveAttribute('data-background', 'fallback', {
      timeout: 10_000,
    });
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(pauseToggle(page)).toHaveAttribute('aria-pressed', 'false');
    expect(sceneRequests).toEqual([]);
    // A worker found the software renderer: the page's main thread spent no task on a context.
    expect(await page.evaluate(() => window.__webglContexts ?? 0)).toBe(0);
    expect(errors).toEqual([]);
  });
});

test.describe('without WebGL', () => {
  test('the page works, shows the still background and logs no error', async ({
    playwright,
    baseURL,
  }) => {
    // A browser of its own: WebGL is switched off for the whole process.
    const browser = await playwright.chromium.launch({
      executablePath: testBrowserPath,
      args: [...chromiumArgs, '--disable-webgl'],
    });
    try {
      const page = await browser.newPage({ baseURL });
      const errors = collectErrors(page);
      await page.goto('/');
      await expect(background(page)).toHaveAttribute('data-background', 'fallback', {
        timeout: 10_000,
      });
      await expect(page.locator('canvas')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'About Me' })).toBeVisible();

      const toggle = pauseToggle(page);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');

      await page.getByRole('button', { name: 'Menu' }).click();
      const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').nth(1);
      const href = await link.getAttribute('href');
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
