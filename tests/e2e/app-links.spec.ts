/**
 * The apps' links as a visitor meets them, and the files Apple, Google and the ad networks
 * fetch, on the real server: every link declared in content/ answers with a page of its own
 * (the app, what the link is, Open in the app, its platform's store), readable without
 * scripts, and the store files answer as their fetchers expect.
 */
import { appUrlOf, linkShellPath } from '../../common/app-links.ts';
import type { AppInput, SiteInput } from '../../content/schema.ts';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, settled, test, type Page } from './fixtures.ts';
import { appContent, manifest, site } from './site.ts';

const links = (manifest.appLinks ?? []).map((link) => {
  const app = appContent.find((candidate) => candidate.slug === link.slug) as AppInput;
  const pattern = app.appLinks?.patterns?.find((candidate) => candidate.path === link.path);
  if (!pattern) throw new Error(`${link.path} is not in content/apps/${link.slug}/app.ts`);
  // An address of the link, with a value for each parameter and each query parameter.
  const path = linkShellPath(link.path).replace(/__(\w+)__/g, (_, name: string) => `${name}-42`);
  const query = (link.query ?? []).map((name) => `${name}=v%C3%A9%26${name}`).join('&');
  const address = query ? `${path}?${query}&unrelated=1` : `${path}?unrelated=1`;
  const opens = appUrlOf(link.scheme, link.slug, link, new URL(address, 'https://site.example'));
  const stores = (['appStore', 'playStore'] as const).filter((kind) =>
    app.buttons.some((button) => button.kind === kind),
  );
  return { ...link, app, pattern, address, opens: opens ?? '', stores };
});

const STORE_NAMES = { appStore: 'App Store', playStore: 'Google Play' } as const;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The addresses of the app's scheme the page has asked the browser to open. */
function schemeRequests(page: Page, scheme: string): string[] {
  const opened: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${scheme}:`)) opened.push(request.url());
  });
  return opened;
}

test.describe("a link's page on a computer", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const link of links) {
    test(`${link.address} shows ${link.app.name}, what the link is, Open in the app and every store with its QR code`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const opened = schemeRequests(page, link.scheme);
      const response = await page.goto(link.address);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole('heading', { level: 1, name: link.pattern.title });
      await expect(heading).toBeVisible();
      const panel = page.getByRole('article', { name: link.pattern.title });
      await expect(panel).toContainText(link.app.name);
      await expect(panel).toContainText(link.pattern.description);
      await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
        'href',
        link.opens,
      );
      for (const kind of link.stores) {
        const name = STORE_NAMES[kind];
        await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
        const code = page.getByRole('img', { name: new RegExp(`^QR code of .* on ${name}`) });
        await expect(code).toBeVisible();
        await expect
          .poll(() => code.evaluate((image) => (image as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await expect(page.getByRole('link', { name: `More about ${link.app.name}` })).toHaveAttribute(
        'href',
        `/${link.slug}`,
      );
      // A computer is never sent to the app's scheme, and hydration found nothing to fix.
      expect(opened).toEqual([]);
      expect(errors).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }

  test('each link page has its own title, description and card, and asks not to be listed', async ({
    request,
  }) => {
    for (const link of links) {
      const html = await (await request.get(link.address)).text();
      expect(html).toContain(`<title>${link.pattern.title} — ${link.app.name} | `);
      expect(html).toContain(`<meta name="description" content="${link.pattern.description}"/>`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('rel="canonical"');
      const card = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(new URL(card).pathname).toMatch(new RegExp(`^/og/${link.slug}/link-\\d+\\.png$`));
      const image = await request.get(new URL(card).pathname);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    }
  });
});

test.describe("a link's page on an iPhone", () => {
  test.use({ ...PHONE, userAgent: IPHONE });

  for (const link of links) {
    test(`${link.address} shows the App Store alone and opens the app by itself, once`, async ({
      page,
    }) => {
      const opened = schemeRequests(page, link.scheme);
      await page.goto(link.address);
      await expect(page.getByRole('link', { name: 'App Store', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Google Play', exact: true })).toBeHidden();
      // A phone shows no QR code to scan.
      await expect(page.getByRole('img', { name: /^QR code of/ })).toHaveCount(0);
      await expect.poll(() => opened).toEqual([link.opens]);
      // Back on the page (the app was missing): it stays, and does not try again.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: link.pattern.title })).toBeVisible();
      // Live again: it would have tried by now.
      await settled(page);
      expect(opened).toEqual([link.opens]);
    });
  }
});

test.describe("a link's page on Android", () => {
  test.use({ ...PHONE, userAgent: ANDROID });

  for (const link of links) {
    const shown = link.stores.includes('playStore') ? 'Google Play' : 'App Store';
    test(`${link.address} shows ${shown} alone, and leaves opening the app to a tap`, async ({
      page,
    }) => {
      const opened = schemeRequests(page, link.scheme);
      await page.goto(link.address);
      for (const name of ['App Store', 'Google Play']) {
        const store = page.getByRole('link', { name, exact: true });
        if (name === shown) await expect(store).toBeVisible();
        else await expect(store).toBeHidden();
      }
      // Live: it would have tried by now.
      await settled(page);
      expect(opened).toEqual([]);
    });
  }
});

test.describe("a link's page without scripts", () => {
  test.use({ ...PHONE, userAgent: IPHONE, javaScriptEnabled: false });

  for (const link of links) {
    test(`${link.address} reads from its HTML, opens what it stands for, and offers every store`, async ({
      page,
    }) => {
      await page.goto(link.address);
      await expect(page.getByRole('heading', { level: 1, name: link.pattern.title })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
        'href',
        link.opens,
      );
      for (const kind of link.stores) {
        await expect(
          page.getByRole('link', { name: STORE_NAMES[kind], exact: true }),
        ).toBeVisible();
      }
      // The page exists in the default language only, so it leads to no other.
      await expect(page.getByRole('navigation', { name: 'Languages' })).toHaveCount(0);
    });
  }
});

test.describe('beside the links', () => {
  for (const link of links.filter(({ app }) => app.legal)) {
    test(`${link.path}: the app's pages and its other sub-paths answer as before`, async ({
      page,
    }) => {
      const response = await page.goto(`/${link.slug}/privacy`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
      // One segment more than the link has: the app shell shows the app's page.
      const deeper = await page.goto(`${link.address.split('?')[0]}/more`);
      expect(deeper?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: link.app.name })).toBeVisible();
    });
  }
});

test.describe('the files Apple, Google and the ad networks fetch', () => {
  /** A fetch as theirs: no redirect followed. */
  async function fetched(request: APIRequestContext, path: string) {
    const response = await request.get(path, { maxRedirects: 0 });
    const type = response.headers()['content-type'];
    return { status: response.status(), type, body: await response.text() };
  }

  const appleApps = appContent.filter((app) => app.appLinks?.apple);
  const androidApps = appContent.filter((app) => app.appLinks?.android);
  const adsLines: readonly string[] | undefined = (site as SiteInput).appAdsTxt;

  test("apple-app-site-association: JSON, no redirect, every app's universal links and shared passwords", async ({
    request,
  }) => {
    const { status, type, body } = await fetched(
      request,
      '/.well-known/apple-app-site-association',
    );
    if (appleApps.length === 0) {
      expect(status).toBe(404);
      return;
    }
    expect(status).toBe(200);
    expect(type).toBe('application/json');
    const file = JSON.parse(body) as {
      applinks?: { details: { appIDs: string[]; components: Record<string, unknown>[] }[] };
      webcredentials?: { apps: string[] };
    };
    const idsOf = (app: AppInput) =>
      app.appLinks?.apple?.bundleIds.map((id) => `${app.appLinks?.apple?.teamId}.${id}`) ?? [];
    for (const app of appleApps) {
      const detail = file.applinks?.details.find(
        (entry) => entry.appIDs.join() === idsOf(app).join(),
      );
      // The universal links are the addresses that have link pages: one declaration.
      const paths = (app.appLinks?.patterns ?? []).map((pattern) =>
        pattern.path.replace(/:\w+/g, '?*'),
      );
      expect(
        detail?.components.filter((component) => !component.exclude).map((c) => c['/']) ?? [],
      ).toEqual(paths);
      if (app.appLinks?.apple?.webcredentials) {
        expect(file.webcredentials?.apps).toEqual(expect.arrayContaining(idsOf(app)));
      }
    }
  });

  test('assetlinks.json: JSON, no redirect, each Android app with its certificates', async ({
    request,
  }) => {
    const { status, type, body } = await fetched(request, '/.well-known/assetlinks.json');
    if (androidApps.length === 0) {
      expect(status).toBe(404);
      return;
    }
    expect(status).toBe(200);
    expect(type).toBe('application/json');
    expect(JSON.parse(body)).toEqual(
      androidApps.map((app) => ({
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: app.appLinks?.android?.package,
          sha256_cert_fingerprints: app.appLinks?.android?.sha256CertFingerprints,
        },
      })),
    );
  });

  test("app-ads.txt: plain text, no redirect, the site's lines", async ({ request }) => {
    const { status, type, body } = await fetched(request, '/app-ads.txt');
    if (!adsLines) {
      expect(status).toBe(404);
      return;
    }
    expect(status).toBe(200);
    expect(type).toBe('text/plain; charset=utf-8');
    expect(body).toBe(`${adsLines.join('\n')}\n`);
  });
});
