import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { EARLY_EFFECTS_FILE_PREFIX } from '../../common/early-events-script.ts';
import { compactSvg } from '../../scripts/finish-build/inline-marks.ts';
import { SCANNABLE_BUTTONS } from '../../common/qr-codes.ts';
import { buttonLabel } from '../../content/buttons.ts';
import type { AppButton } from '../../content/schema.ts';
import {
  appContent,
  appWithoutLegal,
  apps,
  declaredLegalPages,
  legalApp,
  legalApps,
  indexedPaths,
  lastApp,
  manifest,
  otherLegalApp,
  ownerName,
  unindexedPaths,
} from './site.ts';

/** A store's button (App Store, Play Store, TestFlight): its mark is the store's own. */
function isStoreButton(button: AppButton): boolean {
  return SCANNABLE_BUTTONS.includes(button.kind);
}

test.describe('routes', () => {
  test('home answers 200 with the owner and the sections', async ({ readOnlyPage: page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: ownerName })).toBeVisible();
    for (const section of ['About Me', 'Contact', 'Skills', 'All Projects']) {
      await expect(page.getByRole('heading', { name: section, exact: true }).first()).toBeVisible();
    }
  });

  test('/projects answers 200 with All Projects', async ({ readOnlyPage: page }) => {
    const response = await page.goto('/projects');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'All Projects' }).first()).toBeVisible();
  });

  for (const app of apps) {
    test(`/${app.slug} answers 200 with the ${app.name} page`, async ({ readOnlyPage: page }) => {
      const response = await page.goto(`/${app.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${app.name.replace(/[()]/g, '\\$&')} \\|`));
    });
  }

  // Its styles are in its HTML. The one file a page may ask for before it paints is the early
  // taps' effects (1.4 KB, `common/early-events-script.ts`): a tap at first sight shows its
  // effect at once.
  test("a page asks for no stylesheet and none of the app's scripts before it paints its content, then comes alive", async ({
    page,
  }) => {
    for (const path of ['/', `/${legalApp.slug}/privacy`, `/${legalApp.slug}`]) {
      // The fixture's goto waits until the page has hydrated.
      await page.goto(path);
      const timing = await page.evaluate((earlyEffects) => {
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
        return {
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          scripts: files
            .filter((file) => file.path.endsWith('.js') && !file.path.startsWith(earlyEffects))
            .map((file) => file.start),
          styles: files.filter((file) => file.path.endsWith('.css')).map((file) => file.start),
        };
      }, `/${EARLY_EFFECTS_FILE_PREFIX}`);
      expect(timing.paint, path).toBeGreaterThan(0);
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      for (const start of [...timing.scripts, ...timing.styles]) {
        expect(start, path).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
      }
    }
    // Alive: the app page's menu opens.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  // A lazy chunk (the feedback form's) asks for its stylesheets as it loads, unless the page
  // names each one it carries already.
  test('a page never fetches again a stylesheet its HTML carries, once its scripts run', async ({
    page,
  }) => {
    for (const path of ['/', `/${legalApp.slug}/privacy`, `/${legalApp.slug}`]) {
      await page.goto(path);
      const { carried, fetched } = await page.evaluate(() => ({
        carried: [...document.querySelectorAll('link[rel=stylesheet][media="not all"]')].map(
          (link) => new URL((link as HTMLLinkElement).href).pathname,
        ),
        fetched: performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((file) => file.endsWith('.css')),
      }));
      expect(carried.length, path).toBeGreaterThan(0);
      expect(
        fetched.filter((file) => carried.includes(file)),
        path,
      ).toEqual([]);
    }
  });

  test("an app page draws its store marks from its HTML, and its logo row's once it has painted", async ({
    page,
  }) => {
    // An app with a store button, whose mark is the store's; else any app, for its logo row.
    const app = appContent.find((each) => each.buttons.some(isStoreButton)) ?? appContent[0];
    if (!app) throw new Error('The content has no app');
    const button = app.buttons.find(isStoreButton);
    await page.goto(`/${app.slug}`);
    if (button) {
      const storeMark = page
        .getByRole('link', { name: buttonLabel(button) })
        .locator('[style*="--brand-icon"]');
      await expect(storeMark).toBeVisible();
      await expect(storeMark).toHaveCSS('mask-image', /^url\("data:image\/svg\+xml,/);
    }
    const row = page.getByRole('list', { name: `Code, tools and policies of ${app.name}` });
    const marks = row.locator('[style*="--brand-icon"]');
    await expect(marks.first()).toBeVisible();
    const files = await marks.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return style.visibility === 'visible' ? /^url\("(.*)"\)$/.exec(style.maskImage)?.[1] : '';
      }),
    );
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(file).toMatch(/\/assets\/[\w-]+\.svg$/);
    // The app's own icon, where it has one, is an image of the page like its screenshots.
    const icon = manifest.apps.find((each) => each.slug === app.slug)?.icon ?? null;
    const timing = await page.evaluate((iconPath) => {
      const resources = performance.getEntriesByType('resource');
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        marks: resources
          .filter((entry) => {
            const { pathname } = new URL(entry.name);
            return pathname.endsWith('.svg') && pathname !== iconPath;
          })
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      };
    }, icon);
    // The only marks fetched as files are the row's, each after the first paint.
    expect(timing.marks.map((mark) => mark.name).sort()).toEqual([...new Set(files)].sort());
    for (const mark of timing.marks) expect(mark.start).toBeGreaterThanOrEqual(timing.paint);
  });

  test('every page shows the site icon from its own HTML, once, also after moving on', async ({
    page,
  }) => {
    const icon = (await (await page.request.get('/favicon.svg')).text()).trim();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/${legalApp.slug}`);
    const links = page.locator('link[rel="icon"]');
    await expect(links).toHaveCount(1);
    const href = (await links.getAttribute('href')) ?? '';
    // The icon file's drawing, made compact as every mark written into a page.
    expect(decodeURIComponent(href.replace(/^data:image\/svg\+xml,/, ''))).toBe(compactSvg(icon));
    // The browser draws it (the page's Content-Security-Policy lets it).
    const width = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return image.naturalWidth;
    }, href);
    expect(width).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'All Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { name: 'All Projects' }).first()).toBeVisible();
    await expect(links).toHaveCount(1);
    // Hydration found nothing to complain about in the head.
    expect(errors).toEqual([]);
  });

  test('an app sub-path answers 200 and shows the app page', async ({ readOnlyPage: page }) => {
    const response = await page.goto(`/${legalApp.slug}/anything/at/all`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: legalApp.name })).toBeVisible();
  });

  for (const app of legalApps) {
    for (const [doc, title] of [
      ['privacy', 'Privacy Policy'],
      ['terms', 'Terms of Use'],
    ] as const) {
      test(`/${app.slug}/${doc} opens the ${title} of ${app.name} over its page`, async ({
        readOnlyPage: page,
      }) => {
        const response = await page.goto(`/${app.slug}/${doc}`);
        expect(response?.status()).toBe(200);
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(app.name);
        await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeAttached();
      });
    }
  }

  for (const { app, doc, title } of declaredLegalPages) {
    test(`/${app.slug}/${doc}, a legal page ${app.name} declares, opens its ${title} over its page and is linked from it`, async ({
      page,
    }) => {
      const path = `/${app.slug}/${doc}`;
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(app.name);
      await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeAttached();
      const heading = `${title} — ${app.name}`.replace(/[()]/g, '\\$&');
      await expect(page).toHaveTitle(new RegExp(`^${heading} \\|`));
      await expectNoAxeViolations(page);

      await dialog.getByRole('link', { name: 'Close' }).click();
      await expect(page).toHaveURL(`/${app.slug}`);
      const link = page.getByRole('main').getByRole('link', { name: title, exact: true });
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(`/${app.slug}`);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(link).toBeFocused();

      const sitemap = await (await page.request.get('/sitemap.xml')).text();
      expect(sitemap).toContain(`<loc>${manifest.publicUrl}${path}</loc>`);
    });
  }

  for (const { app, title } of declaredLegalPages.filter(({ doc }) => doc === 'delete-account')) {
    test(`/${app.slug}/delete-account says what is deleted and how to ask, the feedback form one tap away`, async ({
      page,
    }) => {
      await page.goto(`/${app.slug}/delete-account`);
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.getByRole('heading', { name: /deleted/i }).first()).toBeVisible();
      const form = dialog.getByRole('link').and(page.locator(`[href="/${app.slug}/support"]`));
      await expect(form).toBeVisible();
      await form.click();
      await expect(page).toHaveURL(`/${app.slug}/support`);
      const feedback = page.getByRole('dialog', { name: 'Send Feedback' });
      await expect(feedback).toBeVisible();
      await expect(feedback).toContainText(app.name);
    });
  }

  test('closing a legal modal goes back to the base route', async ({ page }) => {
    await page.goto(`/${legalApp.slug}/terms`);
    const dialog = page.getByRole('dialog', { name: 'Terms of Use' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(`/${legalApp.slug}`);
    await expect(dialog).toBeHidden();

    await page.goto(`/${otherLegalApp.slug}/privacy`);
    await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`/${otherLegalApp.slug}`);
  });

  const unknownPaths = [
    '/no-such-page',
    // An app without legal texts matches no sub-path.
    ...(appWithoutLegal ? [`/${appWithoutLegal.slug}/x`] : []),
    `/${legalApp.slug}x`,
    '/projects/more',
  ];
  for (const path of unknownPaths) {
    test(`${path} answers 404 with the 404 page`, async ({ readOnlyPage: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
      await expect(
        page.getByText('Sorry, the page you are looking for does not exist.'),
      ).toBeVisible();
    });
  }

  test('the 404 page links home', async ({ page }) => {
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: ownerName })).toBeVisible();
  });
});

test.describe('what search engines and link previews read', () => {
  test('the pages it knows are the pages it built', () => {
    expect([...indexedPaths, ...unindexedPaths].sort()).toEqual(Object.keys(manifest.pages).sort());
  });

  for (const path of indexedPaths) {
    test(`${path} has its own title, description, canonical link and card tags`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const canonical = `${manifest.publicUrl}${path}`;
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toContain(`<link rel="canonical" href="${canonical}"`);
      for (const tag of ['og:title', 'og:description', 'og:url', 'og:image']) {
        expect(html).toContain(`property="${tag}"`);
      }
      for (const tag of ['twitter:card', 'twitter:title', 'twitter:description']) {
        expect(html).toContain(`name="${tag}"`);
      }
    });
  }

  test('every page title is different', async ({ request }) => {
    const titles = await Promise.all(
      Object.keys(manifest.pages).map(async (path) => {
        const html = await (await request.get(path)).text();
        return /<title>([^<]+)<\/title>/.exec(html)?.[1];
      }),
    );
    expect(new Set(titles).size).toBe(titles.length);
  });

  for (const path of unindexedPaths) {
    test(`${path} has its own title and card tags, and asks not to be listed`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('property="og:url"');
      for (const tag of ['og:title', 'og:description', 'og:image']) {
        expect(html).toContain(`property="${tag}"`);
      }
    });
  }

  test('sitemap.xml lists every page meant to be listed and robots.txt points to it', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of indexedPaths) {
      expect(sitemap).toContain(`<loc>${manifest.publicUrl}${path}</loc>`);
    }
    for (const path of unindexedPaths) {
      expect(sitemap).not.toContain(`<loc>${manifest.publicUrl}${path}</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${manifest.publicUrl}/sitemap.xml`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("an app page's logo row shows its marks", async ({ page }) => {
    await page.goto(`/${legalApp.slug}`);
    const row = page.getByRole('list', { name: `Code, tools and policies of ${legalApp.name}` });
    const marks = row.locator('[style*="--brand-icon"]');
    await expect(marks.first()).toBeVisible();
    expect(await marks.count()).toBeGreaterThan(1);
    for (const mark of await marks.all()) {
      await expect(mark).toBeVisible();
      await expect(mark).toHaveCSS('mask-image', /^url\(/);
    }
  });

  test('pages and legal texts read from the prerendered HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: ownerName })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About Me' })).toBeVisible();

    await page.goto(`/${lastApp.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: lastApp.name })).toBeVisible();

    await page.goto(`/${legalApp.slug}/privacy`);
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(dialog).toContainText(legalApp.name);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  });
});
