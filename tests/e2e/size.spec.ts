/**
 * Byte sizes are deterministic, so they are a test: the home page's initial JavaScript and its
 * CSS in each language, gzipped as served, stay within their budgets in bench/budgets.json, measured from the
 * build output with the same code as `npm run bench:bundle`; and what every page runs before
 * its first paint, inline, stays small.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compare, limits, readBudgets, renderTable } from '../../bench/budgets.ts';
import { builtSite, initialCss, initialJs } from '../../bench/initial-assets.ts';
import { expect, test } from './fixtures.ts';
import type { AppInput } from '../../content/schema.ts';
import { apps, manifest } from './site.ts';

test('home, in every language, loads no more JavaScript and CSS than its budgets allow', () => {
  const { clientDir, pages } = builtSite(path.resolve('build'));
  // Home in the default language (`/`) and in each other (`/es/`).
  const homes = Object.keys(pages).filter((page) =>
    /^\/(?:[a-z]{2,3}(?:-[A-Za-z0-9]+)*\/)?$/.test(page),
  );
  expect(homes).toContain('/');
  const budgets = limits(readBudgets()).filter((limit) =>
    ['bundle.home.js', 'bundle.home.css'].includes(limit.id),
  );
  expect(budgets).toHaveLength(2);
  for (const page of homes) {
    const file = pages[page] ?? '';
    const js = initialJs(clientDir, file);
    const css = initialCss(clientDir, file);
    // What is measured is what the page starts with: React Router's client entry and styles.
    expect(js.files.map((one) => path.basename(one))).toContainEqual(
      expect.stringMatching(/^entry\.client-.*\.js$/),
    );
    // Its styles are written into the page (their links are disabled): they count all the same.
    expect(css.files).toEqual([]);
    expect(css.gzipBytes).toBeGreaterThan(1024);

    const rows = compare(budgets, {
      'bundle.home.js': js.gzipBytes,
      'bundle.home.css': css.gzipBytes,
    });
    expect(
      rows.filter((row) => !row.met),
      `${page}\n${renderTable(rows)}`,
    ).toEqual([]);
  }
});

test('every page of every language has its styles written in: it fetches no stylesheet before it paints', () => {
  const { clientDir, pages } = builtSite(path.resolve('build'));
  const fetched = Object.entries(pages).flatMap(([page, file]) =>
    initialCss(clientDir, file).files.map((css) => `${page}: ${path.relative(clientDir, css)}`),
  );
  // Each of the site's other languages (none, for a site in one language) among the pages.
  for (const language of manifest.otherLanguages ?? []) {
    expect(Object.keys(pages)).toContain(`/${language}/`);
  }
  expect(fetched).toEqual([]);
});

test("an app's page loads its own texts with it, and no other app's", async () => {
  const { clientDir, pages } = builtSite(path.resolve('build'));
  // A phrase of each app's description, as its page in the default language shows it.
  const phrases = await Promise.all(
    apps.map(async ({ slug }) => {
      const { default: app } = (await import(`../../content/apps/${slug}/app.ts`)) as {
        default: AppInput;
      };
      return [slug, app.description[0]?.match(/[A-Za-z][A-Za-z ,.]{29,}/)?.[0]] as const;
    }),
  );
  for (const [slug, phrase] of phrases) {
    expect(phrase, slug).toBeDefined();
    const scripts = initialJs(clientDir, pages[`/${slug}`] ?? '')
      .files.map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(scripts, `/${slug}`).toContain(phrase);
    for (const [other, theirs] of phrases) {
      if (other !== slug)
        expect(scripts, `/${slug} carries ${other}'s texts`).not.toContain(theirs);
    }
  }
});

/** The most an inline script of a page may weigh, as written (not compressed). */
const INLINE_SCRIPT_MAX_BYTES = 1000;

test('every inline script of every page stays within 1,000 bytes', () => {
  const { clientDir, pages } = builtSite(path.resolve('build'));
  const over: string[] = [];
  let scripts = 0;
  for (const [page, file] of Object.entries(pages)) {
    const html = readFileSync(path.join(clientDir, file), 'utf8');
    for (const [, attributes = '', body = ''] of html.matchAll(
      /<script([^>]*)>([\s\S]*?)<\/script>/g,
    )) {
      // Data (JSON-LD) is not run; a script with a source is a file.
      if (/\ssrc=|application\/ld\+json/.test(attributes)) continue;
      scripts++;
      const bytes = Buffer.byteLength(body);
      if (bytes > INLINE_SCRIPT_MAX_BYTES)
        over.push(`${page}: ${bytes} bytes: ${body.slice(0, 60)}…`);
    }
  }
  expect(scripts).toBeGreaterThan(Object.keys(pages).length * 3);
  expect(over).toEqual([]);
});
