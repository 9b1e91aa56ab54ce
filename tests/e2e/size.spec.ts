/**
 * Byte sizes are deterministic, so they are a test: the home page's initial JavaScript and its
 * CSS, gzipped as served, stay within their budgets in bench/budgets.json, measured from the
 * build output with the same code as `npm run bench:bundle`.
 */
import path from 'node:path';
import { compare, limits, readBudgets, renderTable } from '../../bench/budgets.ts';
import { builtSite, initialCss, initialJs } from '../../bench/initial-assets.ts';
import { expect, test } from './fixtures.ts';

test('the home page loads no more JavaScript and CSS than its budgets allow', () => {
  const { clientDir, pages } = builtSite(path.resolve('build'));
  const home = pages['/'];
  if (!home) throw new Error('The build has no home page.');
  const js = initialJs(clientDir, home);
  const css = initialCss(clientDir, home);
  // What is measured is what the page starts with: React Router's client entry and styles.
  expect(js.files.map((file) => path.basename(file))).toContainEqual(
    expect.stringMatching(/^entry\.client-.*\.js$/),
  );
  // Its styles are written into the page (their links are disabled): they count all the same.
  expect(css.files).toEqual([]);
  expect(css.gzipBytes).toBeGreaterThan(1024);

  const rows = compare(
    limits(readBudgets()).filter((limit) =>
      ['bundle.home.js', 'bundle.home.css'].includes(limit.id),
    ),
    { 'bundle.home.js': js.gzipBytes, 'bundle.home.css': css.gzipBytes },
  );
  expect(rows).toHaveLength(2);
  expect(
    rows.filter((row) => !row.met),
    renderTable(rows),
  ).toEqual([]);
});
