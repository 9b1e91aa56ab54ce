/**
 * The end-to-end tests' `test`: like Playwright's, except that `page.goto` also waits until
 * React has hydrated the prerendered page (when JavaScript is on), so a test acts on the
 * live page rather than racing the scripts.
 */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Locator, Page } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled) {
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      }
      return response;
    };
    await use(page);
  },
});
