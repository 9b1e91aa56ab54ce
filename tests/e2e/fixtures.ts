/**
 * The end-to-end tests' `test`: like Playwright's, except that `page.goto` also waits until
 * React has hydrated the prerendered page (when JavaScript is on), so a test acts on the
 * live page rather than racing the scripts; `waitUntil: 'commit'` asks for the page as it
 * arrives, before its scripts have run.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type Browser,
  type CDPSession,
  type Page,
  type WorkerInfo,
} from '@playwright/test';

export { expect };
export type { Locator, Page } from '@playwright/test';

/** `page.goto` that also waits, unless asked for the page as it arrives, until React has hydrated it. */
function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    }
    return response;
  };
}

/**
 * A worker fixture: one browser tab for the worker's life, in a context of its own with the
 * project's settings (the window, the base address) and JavaScript on, after `setup` (an
 * init script, a route) has run on it once. For tests that only read what a page shows: each
 * goes to its own address and changes nothing that outlives the page (no stored theme, no
 * sent form, no emulated media). A navigation in a tab already open costs the browser a third
 * of a new tab's start. Its `goto` waits for hydration too.
 */
export function sharedTab(
  setup: (page: Page) => Promise<void> = async () => {},
): [
  (
    args: { browser: Browser },
    use: (page: Page) => Promise<void>,
    workerInfo: WorkerInfo,
  ) => Promise<void>,
  { scope: 'worker' },
] {
  return [
    async (
      { browser }: { browser: Browser },
      use: (page: Page) => Promise<void>,
      workerInfo: WorkerInfo,
    ) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale } =
        workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        locale,
      });
      const page = await context.newPage();
      waitForHydrationOnGoto(page);
      await setup(page);
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ];
}

export const test = base.extend<{ readOnlyPage: Page }, { sharedReadOnlyPage: Page }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForHydrationOnGoto(page);
    await use(page);
  },
  /** The worker's shared tab (`sharedTab`), for a test that only reads what a page shows. */
  readOnlyPage: async ({ sharedReadOnlyPage }, use) => {
    await use(sharedReadOnlyPage);
  },
  sharedReadOnlyPage: sharedTab(),
});

/**
 * Waits until the page is live (React has hydrated it, so its effects have run) and two more
 * frames are drawn: what the page does on its own at start has been done by then. For tests
 * that check that something does not happen, instead of waiting for a while.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** The WCAG levels the site is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Expects the page behind the open dialog to be out of reach: Tab after Tab, focus stays in
 * the dialog (or leaves the page for the browser), and a click on the top bar's Menu button,
 * behind it, opens no menu.
 */
export async function expectOnlyDialogInReach(page: Page): Promise<void> {
  const where = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'the browser';
      return focused.closest('dialog[open]') ? 'the dialog' : focused.outerHTML.slice(0, 80);
    });
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    expect(await where()).toMatch(/^the (dialog|browser)$/);
  }
  const box = await page.getByRole('button', { name: 'Menu', includeHidden: true }).boundingBox();
  expect(box).not.toBeNull();
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
}

/** Runs axe on the page (or the part `selector` names) and expects no WCAG violation. */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (selector) builder = builder.include(selector);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Clicks the button of this name as the browser's accessibility tree has it: the carousel's
 * scroll buttons are pseudo-elements (`::scroll-button`), which no DOM query reaches.
 */
export async function clickAccessibleButton(page: Page, cdp: CDPSession, name: string) {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const found = nodes.filter(
    (node) => !node.ignored && node.role?.value === 'button' && node.name?.value === name,
  );
  expect(found, `one button named ${name}`).toHaveLength(1);
  const backendNodeId = found[0]?.backendDOMNodeId;
  await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId });
  const { model } = await cdp.send('DOM.getBoxModel', { backendNodeId });
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.border;
  await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
}
