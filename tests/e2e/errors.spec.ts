import { expect, test } from './fixtures.ts';
import { legalApp } from './site.ts';

const LEGAL_TEXT_CHUNK = /\/assets\/privacy-[\w-]+\.js$/;
const LEGAL_ROUTE_MODULE = /\/assets\/legal-[\w-]+\.js$/;

test.describe('errors', () => {
  test('a route that throws shows the error screen with the message', async ({ page }) => {
    await page.route(LEGAL_ROUTE_MODULE, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export default function BrokenRoute() { throw new Error("The legal page broke"); }',
      }),
    );
    await page.goto(`/${legalApp.slug}/privacy`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByText('The legal page broke')).toBeVisible();
  });

  test('a chunk that fails to load shows the ChunkLoadError', async ({ page }) => {
    await page.route(LEGAL_TEXT_CHUNK, (route) => route.abort('failed'));
    await page.goto(`/${legalApp.slug}/privacy`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Loading chunk legal-${legalApp.slug}-privacy failed`),
    ).toBeVisible();
    await expect(page.getByText('ChunkLoadError')).toBeVisible();
  });

  test('a chunk replaced by a newer deploy reloads the page once, then shows the error', async ({
    page,
  }) => {
    await page.route(LEGAL_TEXT_CHUNK, (route) => route.fulfill({ status: 404, body: '' }));
    await page.route('**/build-id.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"buildId":"a-newer-build"}' }),
    );
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`/${legalApp.slug}/privacy`);
    await expect(
      page.getByText(`Loading chunk legal-${legalApp.slug}-privacy failed`),
    ).toBeVisible();
    expect(loads).toBe(2);
  });
});
