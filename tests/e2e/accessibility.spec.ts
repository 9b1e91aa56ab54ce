import {
  expect,
  expectNoAxeViolations as expectNoViolations,
  sharedTab,
  test,
  type Page,
} from './fixtures.ts';
import { VALUES } from './feedback-form.ts';
import { legalApp } from './site.ts';

/**
 * Every kind of page and open control, in both themes: the light palette and the dark one
 * each hold AA contrast (the showcase checks its pages in the browser's default scheme).
 */
const THEMED_PAGES = [
  '/',
  '/projects',
  `/${legalApp.slug}`,
  `/${legalApp.slug}/privacy`,
  `/${legalApp.slug}/terms`,
  `/${legalApp.slug}/support`,
  `/${legalApp.slug}/feedback-sent`,
  '/no-such-page',
];

/** A tab of the worker's in each scheme, for the pages only looked at. */
const themedTest = test.extend<object, { lightTab: Page; darkTab: Page }>({
  lightTab: sharedTab((page) => page.emulateMedia({ colorScheme: 'light' })),
  darkTab: sharedTab((page) => page.emulateMedia({ colorScheme: 'dark' })),
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (axe, WCAG 2.2 AA) in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const path of THEMED_PAGES) {
      themedTest(`${path} has no violations`, async ({ lightTab, darkTab }) => {
        const page = colorScheme === 'light' ? lightTab : darkTab;
        await page.goto(path);
        await expectNoViolations(page);
      });
    }

    test('the open Theme control has no violations, chosen or following the system', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Theme', exact: true }).click();
      const group = page.getByRole('group', { name: 'Theme' });
      await expect(group).toBeVisible();
      await expectNoViolations(page);
      // The other theme, chosen: the page and the open control in it.
      await group.getByRole('radio', { name: colorScheme === 'light' ? 'Dark' : 'Light' }).check();
      await expectNoViolations(page);
    });
  });
}

// Home, All Projects, every app page and every legal modal are checked with the showcase
// (tests/e2e/showcase.spec.ts), and every kind of page in both themes above; these are the
// states neither opens.
test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test("the server's page of a refused form has no violations, light or dark", async ({
    browser,
    baseURL,
    page,
  }) => {
    // Reached without scripts (the form posts itself), then checked where axe can run.
    const scriptless = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const refused = await scriptless.newPage();
    await refused.goto(`/${legalApp.slug}/support`);
    for (const [label, value] of Object.entries({ ...VALUES, Email: 'ada@localhost' })) {
      await refused.getByLabel(label, { exact: true }).fill(value);
    }
    await refused.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(refused.getByRole('alert')).toContainText('not sent');
    const html = await refused.content();
    await scriptless.close();

    await page.setContent(html);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoViolations(page);
    }
  });

  test('the open menu has no violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe('keyboard', () => {
  test('the first Tab reaches "Skip to content", which moves to the page content', async ({
    page,
  }) => {
    await page.goto(`/${legalApp.slug}`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('the pause toggle reports its state', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Pause animation' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
