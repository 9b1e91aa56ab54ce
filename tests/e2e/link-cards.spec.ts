/**
 * What a page tells a link preview and a search engine, read from every prerendered page as
 * the server sends it: its link card (the app's own on an app's pages), its JSON-LD, and
 * Safari's Smart App Banner on the pages of apps in the App Store.
 */
import { siteWordsIn } from '../../app/i18n/catalogues.ts';
import { expect, test } from './fixtures.ts';
import { appContent, legalApp, manifest, notTested, site, unindexedPaths } from './site.ts';

/** The values of the meta tags with this property or name. */
function metaContent(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, 'g');
  return [...html.matchAll(pattern)].map((match) => decode(match[1] ?? ''));
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

type JsonLd = Record<string, unknown> & { '@type': string };

function structuredData(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  );
}

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** The app a page belongs to: its own page or one beneath it. */
function appOf(pagePath: string) {
  return appContent.find(
    (app) => pagePath === `/${app.slug}` || pagePath.startsWith(`/${app.slug}/`),
  );
}

const pagePaths = Object.keys(manifest.pages);

test.describe('link cards, structured data and the Smart App Banner', () => {
  for (const pagePath of pagePaths) {
    test(`${pagePath} points to its card, and states what it is`, async ({ request }) => {
      const html = await (await request.get(pagePath)).text();
      const app = appOf(pagePath);

      const [image] = metaContent(html, 'og:image');
      expect(metaContent(html, 'twitter:image')).toEqual([image]);
      expect(metaContent(html, 'og:image:alt')[0]).toMatch(/\S/);
      const imagePath = new URL(image ?? '').pathname;
      expect(imagePath).toBe(app ? `/og/${app.slug}.png` : '/og-image.png');
      const card = await request.get(imagePath);
      expect(card.status()).toBe(200);
      expect(card.headers()['content-type']).toBe('image/png');
      const bytes = await card.body();
      expect(pngSize(bytes)).toEqual([1200, 630]);
      expect(bytes.length).toBeLessThan(300 * 1024);

      const data = structuredData(html);
      const types = data.map((item) => item['@type']);
      if (pagePath === '/') {
        expect(types).toEqual(['Person', 'WebSite']);
        expect(data[0]).toMatchObject({ name: site.ownerName });
        expect(data[0]?.sameAs).toEqual([site.contact.linkedin, site.codeHostUrl]);
        if (site.resume) {
          // The résumé, a document about the owner, where home links it.
          expect(data[0]?.subjectOf).toEqual({
            '@type': 'DigitalDocument',
            name: expect.stringMatching(/^Résumé \(PDF, \d/),
            encodingFormat: 'application/pdf',
            url: `${manifest.publicUrl}/resume/${site.resume}`,
          });
          // Named as home's link to it reads.
          const { name } = data[0]?.subjectOf as { name: string };
          expect(html).toContain(`>${name}<`);
          const resume = await request.get(`/resume/${site.resume}`);
          expect(resume.headers()['content-type']).toBe('application/pdf');
        } else {
          expect(data[0]).not.toHaveProperty('subjectOf');
        }
        expect(data[1]).toMatchObject({
          name: site.siteName,
          inLanguage: manifest.language,
          author: { name: site.ownerName },
        });
      } else if (unindexedPaths.includes(pagePath)) {
        // Not meant to be listed: no structured data to describe it to search engines.
        expect(data).toEqual([]);
      } else {
        const trail = data.find((item) => item['@type'] === 'BreadcrumbList');
        const items = (trail?.itemListElement ?? []) as { position: number; item: string }[];
        expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
        expect(items.length).toBeGreaterThanOrEqual(2);
        expect(new URL(items.at(-1)?.item ?? '').pathname).toBe(pagePath);
      }
      if (app && pagePath === `/${app.slug}`) {
        const described = data.find((item) => item['@type'] !== 'BreadcrumbList');
        expect(described).toMatchObject({
          '@type': app.platform === 'web' ? 'WebApplication' : 'MobileApplication',
          name: app.name,
          description: app.summary,
          applicationCategory: app.category,
          inLanguage: manifest.language,
          author: { '@type': 'Person', name: site.ownerName },
        });
        expect(described?.operatingSystem).toEqual(expect.any(String));
        expect(new URL(String(described?.image)).pathname).toBe(`/og/${app.slug}.png`);
        const stores = app.buttons.filter((button) => button.kind !== 'landing');
        expect(described?.installUrl ?? []).toEqual([
          ...new Set(stores.map((button) => button.href)),
        ]);
        for (const absent of ['aggregateRating', 'offers', 'interactionStatistic']) {
          expect(described).not.toHaveProperty(absent);
        }
      }

      const listing = app?.buttons.find((button) => button.kind === 'appStore');
      const storeId = listing && /\/id(\d+)/.exec(listing.href)?.[1];
      expect(metaContent(html, 'apple-itunes-app')).toEqual(storeId ? [`app-id=${storeId}`] : []);
    });
  }
});

const language = manifest.otherLanguages?.[0];

if (language === undefined) {
  notTested('Link cards in a second language', 'second language in content/site.ts');
} else {
  const prefix = `/${language}`;
  const words = siteWordsIn(language);

  test('each page points to its card in the language, and its structured data is the language’s', async ({
    request,
  }) => {
    const pages = [
      { path: `${prefix}/`, card: `/og-image.${language}.png` },
      { path: `${prefix}/projects`, card: `/og-image.${language}.png` },
      { path: `${prefix}/${legalApp.slug}`, card: `/og/${legalApp.slug}.${language}.png` },
    ];
    const cards = new Set<string>();
    for (const { path, card } of pages) {
      const html = await (await request.get(path)).text();
      const [image] = metaContent(html, 'og:image');
      expect(new URL(image ?? '').pathname, path).toBe(card);
      const response = await request.get(card);
      expect(response.headers()['content-type']).toBe('image/png');
      const bytes = await response.body();
      expect(pngSize(bytes)).toEqual([1200, 630]);
      cards.add(bytes.toString('base64'));

      const data = structuredData(html);
      const trail = data.find((item) => item['@type'] === 'BreadcrumbList');
      if (trail) {
        const items = trail.itemListElement as { name: string; item: string }[];
        expect(items[0]).toMatchObject({
          name: words.nav.home,
          item: `${manifest.publicUrl}${prefix}/`,
        });
        expect(new URL(items.at(-1)?.item ?? '').pathname).toBe(path);
      }
      const described = data.find(
        (item) => item['@type'] === 'WebSite' || item['@type'].endsWith('Application'),
      );
      if (described) {
        expect(described.inLanguage).toBe(language);
        expect(new URL(String(described.url)).pathname).toBe(path);
        // The page's own description, in its language.
        expect(described.description).toBe(metaContent(html, 'description')[0]);
      }
    }
    // Not the default language's cards.
    const defaults = await Promise.all(
      ['/og-image.png', `/og/${legalApp.slug}.png`].map(async (card) =>
        (await (await request.get(card)).body()).toString('base64'),
      ),
    );
    for (const card of defaults) expect(cards).not.toContain(card);
  });
}
