import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { apps } from './site.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

const pages = [
  { name: 'home', path: '/' },
  { name: 'All Projects', path: '/projects' },
  ...apps.map((app) => ({ name: app.name, path: `/${app.slug}` })),
  { name: 'a legal modal', path: '/manzanos-popshop/privacy' },
  { name: 'the 404 page', path: '/no-such-page' },
];

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const { name, path } of pages) {
    test(`${name} has no violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page);
    });
  }

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
    await page.goto('/echoexpense');
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
