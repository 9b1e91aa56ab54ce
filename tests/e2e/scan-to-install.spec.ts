import { expect, expectNoAxeViolations, settled, test, type Page } from './fixtures.ts';
import { buttonLabel } from '../../content/buttons.ts';
import { appContent, notTested } from './site.ts';

/** An app with two store buttons, so each button is seen to offer its own code. */
const APP = appContent.find(
  (app) =>
    app.buttons.some((button) => button.kind === 'appStore') &&
    app.buttons.some((button) => button.kind === 'playStore'),
);
if (!APP) notTested('Scan to install', 'app with App Store and Play Store buttons');

if (APP) {
  const { slug, name } = APP;
  const appStore = APP.buttons.find((button) => button.kind === 'appStore');
  /** The App Store button's words. */
  const APPLE = appStore ? buttonLabel(appStore) : '';
  const playStore = APP.buttons.find((button) => button.kind === 'playStore');
  /** The Play Store button's words. */
  const PLAY = playStore ? buttonLabel(playStore) : '';

  /** Every QR code the page has fetched so far. */
  function qrRequests(page: Page): string[] {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/qr/')) fetched.push(request.url());
    });
    return fetched;
  }

  test.describe('on a computer', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('keyboard focus on a store button shows its QR code; Escape hides it', async ({
      page,
    }) => {
      const fetched = qrRequests(page);
      await page.goto(`/${slug}`);
      const code = page.getByRole('img', { name: `QR code of ${name} on ${APPLE}` });
      await expect(code).toBeHidden();
      expect(fetched).toEqual([]);

      // Tab onto the button from the title, as a keyboard user does.
      const button = page.getByRole('link', { name: APPLE });
      await page.getByRole('heading', { level: 1 }).getByRole('link').focus();
      for (
        let tabs = 0;
        tabs < 4 && !(await button.evaluate((link) => link === document.activeElement));
        tabs++
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(button).toBeFocused();
      await expect(code).toBeVisible();
      await expect(
        page.getByText('Scan to open on your phone').filter({ visible: true }),
      ).toHaveCount(1);
      // The image is the site's own file, and it has loaded.
      await expect
        .poll(() =>
          code.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(fetched).toEqual([`${new URL(page.url()).origin}/qr/${slug}-appStore.svg`]);

      await page.keyboard.press('Escape');
      await expect(code).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('hovering a store button shows its QR code, below it', async ({ page }) => {
      await page.goto(`/${slug}`);
      const button = page.getByRole('link', { name: PLAY });
      await button.hover();
      const code = page.getByRole('img', { name: `QR code of ${name} on ${PLAY}` });
      await expect(code).toBeVisible();
      const [buttonBox, codeBox] = [await button.boundingBox(), await code.boundingBox()];
      expect(codeBox?.y).toBeGreaterThan((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0));
      await expect(page.getByRole('img', { name: `QR code of ${name} on ${APPLE}` })).toBeHidden();
    });

    test('its QR control opens and closes it by click and by keyboard, with no WCAG violation', async ({
      page,
    }) => {
      await page.goto(`/${slug}`);
      const control = page.getByRole('button', { name: `QR code: ${APPLE}` });
      const code = page.getByRole('img', { name: `QR code of ${name} on ${APPLE}` });
      await control.click();
      await expect(code).toBeVisible();
      await expectNoAxeViolations(page, 'main');
      await control.click();
      await expect(code).toBeHidden();

      await control.focus();
      await page.keyboard.press('Enter');
      await expect(code).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(code).toBeHidden();
      await expect(control).toBeFocused();
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('offers no QR code', async ({ page }) => {
      const fetched = qrRequests(page);
      await page.goto(`/${slug}`);
      const button = page.getByRole('link', { name: APPLE });
      await expect(button).toBeVisible();
      await expect(page.getByRole('button', { name: /^QR code/ })).toHaveCount(0);
      await button.focus();
      // However its popover comes to open (the button's focus or hover, once the browser's
      // delay has passed, or anything else), a phone shows no QR code: it is opened outright.
      const opened = await page.evaluate(() => {
        const popovers = [...document.querySelectorAll<HTMLElement>('[popover]')].filter(
          (popover) => popover.querySelector('img[alt^="QR code"]'),
        );
        for (const popover of popovers) popover.showPopover();
        return popovers.filter((popover) => popover.matches(':popover-open')).length;
      });
      expect(opened).toBeGreaterThan(0);
      // The image would have been laid out, and asked for, by then.
      await settled(page);
      await expect(page.getByRole('img', { name: /^QR code/ })).toHaveCount(0);
      expect(fetched).toEqual([]);
    });
  });
}
