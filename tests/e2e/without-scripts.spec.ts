/**
 * With scripts blocked, every control works or is not shown: the menu (a popover), Send
 * Feedback (a link to the support page, prerendered with the form open, or the form itself
 * where the app has no support page), the modals' close links, the form, which posts to the
 * server and lands on a confirmation page or comes back with what to fix and what was typed,
 * the carousel's arrows (the browser's own scroll buttons), All Projects' arrows (links to
 * the other apps), and no pause toggle, since nothing moves.
 */
import { VALUES } from './feedback-form.ts';
import {
  clickAccessibleButton,
  expect,
  expectOnlyDialogInReach,
  test,
  type Page,
} from './fixtures.ts';
import {
  appContent,
  appWithoutLegal,
  declaredLegalPages,
  legalApp,
  notTested,
  screenshotCount,
  site,
} from './site.ts';

test.use({ javaScriptEnabled: false });

const APP = `/${legalApp.slug}`;
const SUPPORT = `${APP}/support`;

async function fillForm(page: Page, values: Record<string, string> = VALUES) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Messages waiting for delivery (this run has no mail server); other tests add theirs too. */
async function pending(page: Page): Promise<number> {
  const ready = await page.request.get('/readyz');
  return ((await ready.json()) as { pending: number }).pending;
}

test('the menu opens and closes with its button, Escape and a click outside', async ({ page }) => {
  await page.goto(APP);
  const button = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeHidden();
  await button.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'All Projects' })).toBeVisible();
  await button.click();
  await expect(menu).toBeHidden();

  await button.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await button.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(40, 500);
  await expect(menu).toBeHidden();

  await button.click();
  await menu.getByRole('link', { name: 'All Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('Send Feedback opens the form on the support page; Cancel and Close lead back', async ({
  page,
}) => {
  await page.goto(APP);
  await page.getByRole('link', { name: 'Send Feedback' }).click();
  await expect(page).toHaveURL(SUPPORT);
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('First Name', { exact: true })).toBeEditable();

  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(APP);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(SUPPORT);
  await page.getByRole('dialog').getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(APP);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a legal page’s close link leads back to the app’s page; until then the page behind is out of reach', async ({
  page,
}) => {
  await page.goto(`${APP}/privacy`);
  const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(dialog).toBeVisible();
  await expectOnlyDialogInReach(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(APP);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the form posts, the message is stored, and the confirmation shows', async ({ page }) => {
  const before = await pending(page);
  await page.goto(SUPPORT);
  await fillForm(page);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(page).toHaveURL(`${APP}/feedback-sent`);
  expect(await page.title()).toMatch(/^Feedback sent — /);
  expect(await page.title()).toContain(legalApp.name);
  const dialog = page.getByRole('dialog', { name: 'Feedback sent' });
  await expect(dialog.getByRole('status')).toHaveText('Feedback sent successfully!');
  expect(await pending(page)).toBeGreaterThan(before);

  await dialog.getByRole('link', { name: `Back to ${legalApp.name}` }).click();
  await expect(page).toHaveURL(APP);
});

test('a value the server refuses comes back beside its field, with what was typed', async ({
  page,
}) => {
  const before = await pending(page);
  await page.goto(SUPPORT);
  // The browser's own checks pass; the server asks for a domain with a dot.
  await fillForm(page, { ...VALUES, Email: 'ada@localhost', Message: 'Typed <with> "care"' });
  await page.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(page.getByRole('alert')).toContainText('not sent');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue('ada@localhost');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Email must be an email address/);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Typed <with> "care"');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue(VALUES['First Name']);

  // Fixed and sent again from that page.
  await email.fill('ada@example.com');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page).toHaveURL(`${APP}/feedback-sent`);
  expect(await pending(page)).toBeGreaterThan(before);
});

for (const { app, doc, title } of declaredLegalPages) {
  test(`${title} of ${app.name} reads at its own address, and its close link leads back`, async ({
    page,
  }) => {
    await page.goto(`/${app.slug}/${doc}`);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(dialog).toContainText(site.contact.email);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(`/${app.slug}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

for (const { app, title } of declaredLegalPages.filter(({ doc }) => doc === 'delete-account')) {
  test(`${title} of ${app.name} leads to the feedback form to ask`, async ({ page }) => {
    await page.goto(`/${app.slug}/delete-account`);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog
      .getByRole('link')
      .and(page.locator(`[href="/${app.slug}/support"]`))
      .click();
    await expect(page).toHaveURL(`/${app.slug}/support`);
    await expect(page.getByRole('dialog', { name: 'Send Feedback' })).toBeVisible();
  });
}

test("the support page shows the owner's contact details above the form", async ({ page }) => {
  await page.goto(SUPPORT);
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toContainText(`I’m ${site.ownerName}, the developer of ${legalApp.name}.`);
  const email = dialog.getByRole('link', { name: site.contact.email });
  await expect(email).toHaveAttribute('href', `mailto:${site.contact.email}`);
  const above = await email.boundingBox();
  const below = await dialog.getByLabel('First Name', { exact: true }).boundingBox();
  expect(above && below && above.y + above.height <= below.y).toBe(true);
});

if (site.resume) {
  const resume = `/resume/${site.resume}`;
  test('home offers the résumé beside the contact links, with its size', async ({ page }) => {
    await page.goto('/');
    const link = page
      .getByRole('list', { name: 'Contact' })
      .getByRole('link', { name: /^Résumé \(PDF, \d+(\.\d)? [KM]B\)$/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', resume);
    const file = await page.request.get(resume);
    expect(file.headers()['content-type']).toBe('application/pdf');
  });
}

test("the refused form's page follows the system's light or dark, as the site does", async ({
  page,
}) => {
  await page.goto(SUPPORT);
  await fillForm(page, { ...VALUES, Email: 'ada@localhost' });
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('alert')).toContainText('not sent');

  // The site's own page and text colours of each theme (--bg and --text of its tokens).
  const body = page.locator('body');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(body).toHaveCSS('background-color', 'rgb(238, 243, 252)');
  await expect(body).toHaveCSS('color', 'rgb(12, 21, 48)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(body).toHaveCSS('background-color', 'rgb(5, 8, 22)');
  await expect(body).toHaveCSS('color', 'rgb(238, 242, 255)');
});

test.describe('the screenshot carousel', () => {
  const app = appContent.reduce((most, each) =>
    screenshotCount(each) > screenshotCount(most) ? each : most,
  );

  const viewports = [
    { width: 390, height: 844, perView: 2 },
    { width: 1350, height: 940, perView: 4 },
  ].filter(({ perView }) => screenshotCount(app) > perView);
  if (viewports.length < 2)
    notTested('The arrows of a carousel of many screenshots', 'app with 5 screenshots');
  for (const viewport of viewports) {
    test(`its arrows bring the other screenshots into view, ${viewport.perView} at a time (${viewport.width} px)`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/${app.slug}`);
      const carousel = page.getByRole('region', { name: `${app.name} screenshots` });
      const shots = carousel.getByRole('img');
      // The slide buttons need scripts: they give way to the browser's own.
      await expect(carousel.getByRole('button', { name: 'Next screenshots' })).toBeHidden();
      await expect(carousel.getByRole('button', { name: 'Pause screenshots' })).toBeHidden();
      await expect(shots.nth(0)).toBeInViewport({ ratio: 0.5 });
      await expect(shots.nth(viewport.perView)).not.toBeInViewport();

      const cdp = await context.newCDPSession(page);
      await clickAccessibleButton(page, cdp, 'Next screenshots');
      await expect(shots.nth(viewport.perView)).toBeInViewport({ ratio: 0.5 });
      await expect(shots.nth(0)).not.toBeInViewport();
      await clickAccessibleButton(page, cdp, 'Previous screenshots');
      await expect(shots.nth(0)).toBeInViewport({ ratio: 0.5 });
    });
  }
});

test('the pause toggle is not shown, since nothing moves', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Pause animation' })).toBeHidden();
});

test("All Projects' arrows show the other apps, wrapping at both ends", async ({ page }) => {
  await page.goto('/projects');
  const slider = page.getByRole('region', { name: 'All Projects' });
  const shown = slider.getByRole('group', { name: /, \d+ of \d+$/ });
  const count = appContent.length;
  await expect(shown).toHaveAccessibleName(`${appContent[0]?.name}, 1 of ${count}`);
  await shown.getByRole('link', { name: 'Next project' }).click();
  await expect(shown).toHaveAccessibleName(`${appContent[1]?.name}, 2 of ${count}`);
  await expect(shown.getByRole('heading', { level: 2, name: appContent[1]?.name })).toBeVisible();
  await shown.getByRole('link', { name: 'Previous project' }).click();
  await shown.getByRole('link', { name: 'Previous project' }).click();
  await expect(shown).toHaveAccessibleName(`${appContent[count - 1]?.name}, ${count} of ${count}`);
  await shown.getByRole('link', { name: 'Next project' }).click();
  await expect(shown).toHaveAccessibleName(`${appContent[0]?.name}, 1 of ${count}`);
});

if (appWithoutLegal) {
  const app = appWithoutLegal;
  test(`Send Feedback of ${app.name}, which has no support page, opens the form in place`, async ({
    page,
  }) => {
    await page.goto(`/${app.slug}`);
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/${app.slug}`);
  });
}
