/**
 * The site in its other languages: each page is built under the language's prefix, in that
 * language (its words, the owner's translated texts), says so to browsers and search engines,
 * and is reached from the same page in any language through plain links, with or without
 * scripts. Nothing is stored to remember the choice: the address says the language.
 */
import { allWordsIn } from '../../app/i18n/catalogues.ts';
import { fieldProblemSentence } from '../../common/feedback.ts';
import { expect, expectNoAxeViolations, test, type Page } from './fixtures.ts';
import { indexedPaths, legalApp, manifest, notTested } from './site.ts';

/** What a visitor reads in each language the site has words for; English in any other. */
const ENGLISH = {
  send: 'Send Feedback',
  skip: 'Skip to content',
  notFound: '404 - Page Not Found',
  languages: 'Languages',
};
const WORDS: Record<string, typeof ENGLISH> = {
  en: ENGLISH,
  es: {
    send: 'Enviar comentarios',
    skip: 'Saltar al contenido',
    notFound: '404 - Página no encontrada',
    languages: 'Idiomas',
  },
};

const language = manifest.otherLanguages?.[0];

if (language === undefined) {
  notTested('The pages in a second language', 'second language in content/site.ts');
} else {
  const words = WORDS[language] ?? ENGLISH;
  const prefix = `/${language}`;
  const appPage = `/${legalApp.slug}`;
  const publicUrl = manifest.publicUrl;

  /** The page's `rel=alternate` links, by their `hreflang`. */
  async function alternates(page: Page): Promise<Record<string, string>> {
    return page.evaluate((): Record<string, string> =>
      Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
          link.getAttribute('hreflang') ?? '',
          link.getAttribute('href') ?? '',
        ]),
      ),
    );
  }

  test(`an app page in ${language}: its language, words, addresses and alternates`, async ({
    page,
  }) => {
    const response = await page.goto(`${prefix}${appPage}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: legalApp.name })).toBeVisible();
    await expect(page.getByRole('link', { name: words.send })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${publicUrl}${prefix}${appPage}`,
    );
    expect(await alternates(page)).toEqual({
      [manifest.language]: `${publicUrl}${appPage}`,
      ...Object.fromEntries(
        (manifest.otherLanguages ?? []).map((code) => [code, `${publicUrl}/${code}${appPage}`]),
      ),
      'x-default': `${publicUrl}${appPage}`,
    });
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', language);
    // Link previews name the page's other languages, Open Graph's way (`pt_BR`).
    const ogAlternates = await page
      .locator('meta[property="og:locale:alternate"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
    expect(ogAlternates.sort()).toEqual(
      [manifest.language, ...(manifest.otherLanguages ?? [])]
        .filter((code) => code !== language)
        .map((code) => code.replace('-', '_'))
        .sort(),
    );
    await expectNoAxeViolations(page);
  });

  test(`home, All Projects, a legal page and the 404 page in ${language}`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('link', { name: words.skip })).toBeAttached();
    const { site: siteWords } = allWordsIn(language);
    await page.goto(`${prefix}/projects`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const slider = page.getByRole('region', { name: siteWords.nav.allProjects });
    const title = slider.getByRole('heading', { level: 2 });
    const first = (await title.textContent()) ?? '';
    await slider.getByRole('link', { name: siteWords.slider.next }).click();
    await expect(title).not.toHaveText(first);
    await expect(title).toBeVisible();
    await page.goto(`${prefix}${appPage}/privacy`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const missing = await page.goto(`${prefix}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: words.notFound })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  });

  test('the footer leads to the same page in each language, and nothing is stored', async ({
    page,
  }) => {
    await page.goto(appPage);
    const stored = await page.evaluate(() => Object.keys(localStorage).sort());
    const languages = page.getByRole('navigation', {
      name: (WORDS[manifest.language] ?? ENGLISH).languages,
    });
    await languages.getByRole('link', { name: new RegExp(`^${language}`, 'i') }).click();
    await expect(page).toHaveURL(`${prefix}${appPage}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const back = page.getByRole('navigation', { name: words.languages });
    await expect(back.locator('a[aria-current="page"]')).toHaveAttribute('lang', language);
    await back.locator(`a[lang="${manifest.language}"]`).click();
    await expect(page).toHaveURL(appPage);
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(stored);
    expect(await page.context().cookies()).toEqual([]);
  });

  test.describe('with scripts blocked', () => {
    test.use({ javaScriptEnabled: false });

    test("a form the server refuses comes back in the page's language, and sent again lands on its confirmation", async ({
      page,
    }) => {
      const { feedback: form, refused, sent } = allWordsIn(language);
      const { labels } = form.fields;
      await page.goto(`${prefix}${appPage}/support`);
      await page.getByLabel(labels.firstName, { exact: true }).fill('Ada');
      await page.getByLabel(labels.lastName, { exact: true }).fill('Lovelace');
      // The browser's own checks pass; the server asks for a domain with a dot.
      await page.getByLabel(labels.email, { exact: true }).fill('ada@localhost');
      await page.getByLabel(labels.message, { exact: true }).fill('Hola desde el formulario.');
      await page.getByRole('button', { name: form.submit }).click();

      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('alert')).toContainText(refused.notSent);
      const email = page.getByLabel(labels.email, { exact: true });
      await expect(email).toHaveAccessibleDescription(
        fieldProblemSentence(form, 'email', { code: 'notEmail' }),
      );
      await expect(page.getByLabel(labels.message, { exact: true })).toHaveValue(
        'Hola desde el formulario.',
      );
      await email.fill('ada@example.com');
      await page.getByRole('button', { name: form.submit }).click();
      await expect(page).toHaveURL(`${prefix}${appPage}/feedback-sent`);
      const dialog = page.getByRole('dialog', { name: sent.title });
      await expect(dialog.getByRole('status')).toHaveText(sent.alert);
    });

    test('the language links are plain links that work', async ({ page }) => {
      await page.goto(`${prefix}/`);
      await page.locator(`footer a[lang="${manifest.language}"]`).click();
      await expect(page).toHaveURL('/');
      await expect(page.locator('html')).toHaveAttribute('lang', manifest.language);
    });
  });

  test('the sitemap lists each page in each language, with its alternates', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    /** Each entry's alternates, by hreflang, by its address. */
    const entries = new Map(
      [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(([, loc = '', links = '']) => [
        loc,
        Object.fromEntries(
          [...links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, tag, href]) => [
            tag,
            href,
          ]),
        ),
      ]),
    );
    const languages = [manifest.language, ...(manifest.otherLanguages ?? [])];
    /** A page's address in a language: `/es/` for home, `/es/echoexpense`. */
    const address = (tag: string, path: string) =>
      `${publicUrl}${tag === manifest.language ? '' : `/${tag}`}${path}`;
    for (const path of indexedPaths) {
      const alternates = {
        ...Object.fromEntries(languages.map((tag) => [tag, address(tag, path)])),
        'x-default': address(manifest.language, path),
      };
      for (const tag of languages) {
        expect(entries.get(address(tag, path)), `${tag} ${path}`).toEqual(alternates);
      }
    }
    // Nothing else: no page twice, and none outside the pages meant to be listed.
    expect(entries.size).toBe(indexedPaths.length * languages.length);
  });
}
