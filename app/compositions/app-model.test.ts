import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../common/paths.ts';
import { apps } from '../../content/index.ts';
import { placeholderAlt } from '../../common/screenshot.ts';
import { screenshotsBySlug } from '../generated/screenshots.ts';
import { words as ar } from '../i18n/ar/site.ts';
import { words as en } from '../i18n/en/site.ts';
import { words as es } from '../i18n/es/site.ts';
import { resolvedApps } from './app-model.ts';
import { appPageOf, legalPageOf } from './app-pages.ts';

const root = { id: 'root' };

describe('the app model', () => {
  it('resolves every app, in menu order, with its own screenshots', () => {
    expect(resolvedApps.map(({ app }) => app.slug)).toEqual(apps.map((app) => app.slug));
    for (const { app, screenshots } of resolvedApps) {
      expect(screenshots).toEqual(screenshotsBySlug[app.slug]);
      expect(screenshots.length).toBeGreaterThan(0);
    }
  });

  it("says a placeholder's alt text in the page's language, the manifest's own in English", () => {
    expect(en.carousel.placeholder('EchoExpense', 3, 20)).toBe(
      placeholderAlt('EchoExpense', 3, 20),
    );
    expect(es.carousel.placeholder('EchoExpense', 3, 20)).toBe(
      'Captura 3 de 20 de EchoExpense (provisional)',
    );
    expect(ar.carousel.placeholder('EchoExpense', 3, 20)).toBe(
      'لقطة الشاشة 3 من أصل 20 من EchoExpense (مؤقتة)',
    );
  });

  it("gives each app its neighbours in the slider, the first and last apps each other's", () => {
    const slugs = resolvedApps.map(({ app }) => app.slug);
    for (const [index, { neighbours }] of resolvedApps.entries()) {
      const previous = slugs[(index + slugs.length - 1) % slugs.length];
      const next = slugs[(index + 1) % slugs.length];
      expect(neighbours.map(({ app }) => app.slug)).toEqual([previous, next]);
    }
    expect(resolvedApps[0]?.neighbours[0]).toBe(resolvedApps.at(-1));
    expect(resolvedApps.at(-1)?.neighbours[1]).toBe(resolvedApps[0]);
  });

  it('joins in the legal documents and support address of the apps with legal pages', () => {
    for (const { app, legalDocs, support } of resolvedApps) {
      if (!app.legal) {
        expect([legalDocs, support]).toEqual([[], undefined]);
        continue;
      }
      expect(legalDocs).toEqual([
        { doc: 'terms', title: 'Terms of Use', href: `/${app.slug}/terms` },
        { doc: 'privacy', title: 'Privacy Policy', href: `/${app.slug}/privacy` },
        ...Object.entries(app.legalPages ?? {}).map(([doc, title]) => ({
          doc,
          title,
          href: `/${app.slug}/${doc}`,
        })),
      ]);
      expect(support).toEqual({ title: `Support for ${app.name}`, href: `/${app.slug}/support` });
    }
  });

  it('gives each app page and each legal page of the route table its app', () => {
    for (const route of pageRoutes(apps)) {
      if (route.screen === 'project') {
        expect(appPageOf([root, { id: route.id ?? '' }]).app.slug).toBe(route.slug);
      }
      if (route.screen === 'legal') {
        const parent = { id: `project/${route.slug ?? ''}` };
        const legal = legalPageOf([root, parent, { id: route.id ?? '' }]);
        expect([legal.resolved.app.slug, legal.doc]).toEqual([route.slug, route.doc]);
        const declared = legal.resolved.app.legalPages?.[legal.doc];
        expect(legal.title).toBe(
          { terms: 'Terms of Use', privacy: 'Privacy Policy' }[legal.doc] ?? declared,
        );
        expect(appPageOf([root, parent, { id: route.id ?? '' }])).toBe(legal.resolved);
      }
    }
  });

  it('says which routes matched when none is an app page', () => {
    expect(() => appPageOf([root, { id: 'routes/home' }])).toThrow(
      'No app page among the matched routes (root, routes/home)',
    );
  });
});
