import { expect, expectNoAxeViolations, test, type Locator, type Page } from './fixtures.ts';
import { buttonLabel } from '../../content/buttons.ts';
import { appContent, manifest, notTested, site } from './site.ts';
import { skills } from '../../content/skills.ts';

/** What each app page must show, from the content it was built from, in menu order. */
const APPS = appContent.map((app) => ({
  slug: app.slug,
  name: app.name,
  title: app.titleHref,
  buttons: app.buttons.map((button) => [buttonLabel(button), button.href] as const),
  legal: app.legal,
}));

const LEGAL = [
  ['privacy', 'Privacy Policy'],
  ['terms', 'Terms of Use'],
] as const;

/** Resolves once React has hydrated the page, so its controls respond. */
async function hydrated(page: Page): Promise<void> {
  // React marks the elements it has hydrated with its own properties. (A function, not a
  // string: the page's Content-Security-Policy forbids eval.)
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as {
      document: { getElementById: (id: string) => object | null };
    };
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps'));
  });
}

async function expectNewTabLink(link: Locator, href: string): Promise<void> {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
}

test.describe('app pages', () => {
  for (const app of APPS) {
    test(`${app.name}: title and buttons lead where the facts say, in a new tab`, async ({
      readOnlyPage: page,
    }) => {
      await page.goto(`/${app.slug}`);
      const main = page.getByRole('main');
      const title = main.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(app.name);
      await expectNewTabLink(title.getByRole('link'), app.title);

      const labels = app.buttons.map(([label]) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const badges = main.getByRole('link', { name: new RegExp(`^(${labels.join('|')})$`) });
      await expect(badges).toHaveText(app.buttons.map(([label]) => label));
      for (const [label, href] of app.buttons) {
        await expectNewTabLink(main.getByRole('link', { name: label, exact: true }), href);
      }

      await expectNewTabLink(main.getByRole('link', { name: 'GitHub profile' }), site.codeHostUrl);
      await expect(main.getByRole('link', { name: 'Terms of Use' })).toHaveCount(app.legal ? 1 : 0);
      await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveCount(
        app.legal ? 1 : 0,
      );
      // Not inside the slider: no arrows.
      await expect(page.getByRole('link', { name: 'Next project' })).toHaveCount(0);
    });

    test(`${app.name}: axe finds no WCAG A or AA violations`, async ({ readOnlyPage: page }) => {
      await page.goto(`/${app.slug}`);
      await hydrated(page);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('legal texts', () => {
  for (const app of APPS.filter((candidate) => candidate.legal)) {
    for (const [doc, heading] of LEGAL) {
      test(`/${app.slug}/${doc} opens the ${heading} of ${app.name}, and closing returns to /${app.slug}`, async ({
        readOnlyPage: page,
      }) => {
        await page.goto(`/${app.slug}/${doc}`);
        await hydrated(page);
        const dialog = page.getByRole('dialog', { name: heading });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(app.name, { exact: true })).toBeVisible();
        await expect(dialog.getByRole('heading', { name: 'Contact' })).toBeVisible();
        await expectNoAxeViolations(page);

        await dialog.getByRole('link', { name: 'Close' }).click();
        await expect(page).toHaveURL(`/${app.slug}`);
        await expect(page.getByRole('dialog')).toHaveCount(0);

        // Opened again from its icon in the logo row, Escape closes it and focus returns.
        const icon = page.getByRole('main').getByRole('link', { name: heading });
        await icon.click();
        await expect(page).toHaveURL(`/${app.slug}/${doc}`);
        await expect(page.getByRole('dialog', { name: heading })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page).toHaveURL(`/${app.slug}`);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(icon).toBeFocused();
      });
    }
  }

  test('a legal text reads without JavaScript at its own address', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const app = APPS.findLast((candidate) => candidate.legal);
    if (!app) throw new Error('no app with legal texts');
    await page.goto(`/${app.slug}/terms`);
    const dialog = page.getByRole('dialog', { name: 'Terms of Use' });
    await expect(dialog.getByText(app.name, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await context.close();
  });
});

test.describe('home', () => {
  test('the Skills list has the 19 entries in order', async ({ page }) => {
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Skills' });
    await list.scrollIntoViewIfNeeded();
    await expect(list.getByRole('listitem')).toHaveText(skills);
  });

  test('the skills appear one after another, 100 ms apart', async ({ page }) => {
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Skills' });
    // Below the fold, the stagger waits until the list is in view.
    await list.scrollIntoViewIfNeeded();
    const chips = list.getByRole('listitem');
    const delays = () =>
      chips.evaluateAll((items) => {
        const { getComputedStyle } = globalThis as unknown as {
          getComputedStyle: (element: unknown) => { animationName: string; animationDelay: string };
        };
        return items.map((item) => {
          const style = getComputedStyle(item);
          return style.animationName === 'none' ? 'no animation' : style.animationDelay;
        });
      });
    await expect.poll(delays).toEqual(skills.map((_, index) => `${index / 10}s`));
  });

  test('Contact links to LinkedIn, email, phone and text messages', async ({ page }) => {
    await page.goto('/');
    const contact = page.getByRole('list', { name: 'Contact' });
    await expect(contact.getByRole('link')).toHaveText([
      'LinkedIn',
      'Email',
      'Phone',
      'Text',
      ...(site.resume ? [/^Résumé \(PDF, /] : []),
    ]);
    await expect(contact.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      /^https:\/\/(www\.)?linkedin\.com\//,
    );
    await expect(contact.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:/);
    await expect(contact.getByRole('link', { name: 'Phone' })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expect(contact.getByRole('link', { name: 'Text' })).toHaveAttribute(
      'href',
      /^sms:\+?\d+$/,
    );
  });

  if (site.resume) {
    const file = `/resume/${site.resume}`;
    test('offers the résumé to save, with its size, served from a cached address', async ({
      page,
    }) => {
      await page.goto('/');
      const response = await page.request.get(file);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers['content-type']).toBe('application/pdf');
      expect(headers['cache-control']).toMatch(/^public, max-age=\d+/);
      const bytes = (await response.body()).length;
      expect(bytes).toBe(Number(headers['content-length']));
      // The size the link shows is the size of the file it leads to.
      const size =
        bytes < 1024 * 1024
          ? `${Math.max(1, Math.round(bytes / 1024))} KB`
          : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      const link = page
        .getByRole('list', { name: 'Contact' })
        .getByRole('link', { name: `Résumé (PDF, ${size})` });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', file);
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toBe(site.resume);
    });
  }

  test('ends with the All Projects slider, on its first app', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'All Projects' });
    await expect(slider.getByRole('heading', { level: 2 })).toHaveText(APPS[0]?.name ?? '');
    await hydrated(page);
    await slider.getByRole('link', { name: 'Next project' }).click();
    await expect(slider.getByRole('heading', { level: 2 })).toHaveText(APPS[1]?.name ?? '');
  });

  test('axe finds no WCAG A or AA violations', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('All Projects slider', () => {
  const first = APPS[0];
  const last = APPS[APPS.length - 1];
  if (!first || !last) throw new Error('no apps');

  test('wraps in both directions, with the arrows and the arrow keys', async ({ page }) => {
    await page.goto('/projects');
    await hydrated(page);
    const slider = page.getByRole('region', { name: 'All Projects' });
    const title = slider.getByRole('heading', { level: 2 });
    const status = slider.getByRole('status');
    await expect(title).toHaveText(first.name);

    await slider.getByRole('link', { name: 'Previous project' }).click();
    await expect(title).toHaveText(last.name);
    await expect(status).toHaveText(`${last.name}, ${APPS.length} of ${APPS.length}`);
    await expect(
      slider.getByRole('group', { name: `${last.name}, ${APPS.length} of ${APPS.length}` }),
    ).toBeVisible();

    await slider.getByRole('link', { name: 'Next project' }).click();
    await expect(title).toHaveText(first.name);
    await expect(status).toHaveText(`${first.name}, 1 of ${APPS.length}`);

    // Focus stayed on the arrow; the keys move the slider from there.
    await page.keyboard.press('ArrowLeft');
    await expect(title).toHaveText(last.name);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(title).toHaveText(APPS[1]?.name ?? '');
  });

  test('visits every app in order and keeps a single page mounted', async ({ page }) => {
    await page.goto('/projects');
    await hydrated(page);
    const slider = page.getByRole('region', { name: 'All Projects' });
    for (const [index, app] of APPS.entries()) {
      await expect(slider.getByRole('heading', { level: 2 })).toHaveText(app.name);
      await expect(slider.getByRole('link', { name: app.buttons[0]?.[0] ?? '' })).toHaveAttribute(
        'href',
        app.buttons[0]?.[1] ?? '',
      );
      if (index < APPS.length - 1) {
        await slider.getByRole('link', { name: 'Next project' }).click();
      }
    }
    await expect(slider.getByRole('article', { includeHidden: true })).toHaveCount(1);
  });

  test('loads the first screenshots of both neighbouring pages when the pointer comes near', async ({
    page,
  }) => {
    const second = APPS[1];
    if (!second) throw new Error('fewer than two apps');
    await page.goto('/projects');
    await hydrated(page);
    const slider = page.getByRole('region', { name: 'All Projects' });
    const firstScreenshotOf = (slug: string) =>
      page.waitForRequest((request) =>
        new URL(request.url()).pathname.startsWith(`/assets/screenshots/${slug}-01-`),
      );
    const loadedAhead = Promise.all([firstScreenshotOf(second.slug), firstScreenshotOf(last.slug)]);

    await slider.getByRole('link', { name: 'Next project' }).hover();
    await loadedAhead;

    await slider.getByRole('link', { name: 'Next project' }).click();
    await expect(slider.getByRole('heading', { level: 2 })).toHaveText(second.name);
    const image = slider.getByRole('img', { name: `${second.name} screenshot 1 of`, exact: false });
    await expect(image.first()).toHaveJSProperty('complete', true);
  });

  test('Back from a page the slider links to returns to the same slide', async ({ page }) => {
    await page.goto('/projects');
    await hydrated(page);
    const slider = page.getByRole('region', { name: 'All Projects' });
    // The first app with legal texts that is not the first slide; on a site whose only such
    // app is the first, that one, a whole turn of the slider away.
    const later = APPS.findIndex((candidate, position) => position > 0 && candidate.legal);
    const index = later > 0 ? later : APPS.findIndex((candidate) => candidate.legal);
    const app = APPS[index];
    if (!app) throw new Error('no app with legal texts');
    const steps = later > 0 ? index : APPS.length + index;
    for (let step = 0; step < steps; step += 1) {
      await slider.getByRole('link', { name: 'Next project' }).click();
    }
    await expect(slider.getByRole('heading', { level: 2 })).toHaveText(app.name);
    await slider.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(`/${app.slug}/privacy`);
    await page.goBack();
    await expect(page).toHaveURL('/projects');
    await expect(slider.getByRole('heading', { level: 2 })).toHaveText(app.name);
  });

  test('the prerendered page shows the first app without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/projects', '/']) {
      await page.goto(path);
      const slider = page.getByRole('region', { name: 'All Projects' });
      await expect(slider.getByRole('heading', { level: 2 })).toHaveText(first.name);
      await expect(slider.getByText(appContent[0]?.description[0] ?? '')).toBeVisible();
    }
    await context.close();
  });

  test.describe('for visitors who prefer reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('switches at once, with no page fading out', async ({ page }) => {
      await page.goto('/projects');
      await hydrated(page);
      const slider = page.getByRole('region', { name: 'All Projects' });
      await slider.getByRole('link', { name: 'Next project' }).click();
      await expect(slider.getByRole('heading', { level: 2 })).toHaveText(APPS[1]?.name ?? '');
      expect(await slider.getByRole('article', { includeHidden: true }).count()).toBe(1);
    });

    test('shows every skill at once', async ({ page }) => {
      await page.goto('/');
      const chips = page.getByRole('list', { name: 'Skills' }).getByRole('listitem');
      // Read at once, before any stagger could have finished.
      const opacities = await chips.evaluateAll((items) => {
        const { getComputedStyle } = globalThis as unknown as {
          getComputedStyle: (element: unknown) => { opacity: string };
        };
        return items.map((item) => getComputedStyle(item).opacity);
      });
      expect(opacities).toEqual(skills.map(() => '1'));
    });
  });

  test('axe finds no WCAG A or AA violations', async ({ page }) => {
    await page.goto('/projects');
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});

test('the link-preview image is built and served', async ({ request }) => {
  const response = await request.get('/og-image.png');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
});

/** The apps with an icon, and its address as the build drew it. */
const ICONS = manifest.apps.flatMap((app) => (app.icon ? [{ ...app, icon: app.icon }] : []));
if (ICONS.length === 0) notTested("An app's icon", 'app with an icon');
for (const app of ICONS) {
  test(`${app.name}: its icon shows before its name, on its page and in the menu`, async ({
    page,
  }) => {
    await page.goto(`/${app.slug}`);
    const header = page.getByRole('article', { name: app.name }).locator('header');
    const icon = header.locator(`img[src="${app.icon}"]`);
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAttribute('alt', '');
    expect(await icon.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', {
      name: app.name,
      exact: true,
    });
    await expect(link.locator(`img[src="${app.icon}"]`)).toBeVisible();
  });
}
