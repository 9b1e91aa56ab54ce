/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { lastApp } from './site.ts';

declare global {
  interface Window {
    /** Whether the site's footer had been parsed when the page's first content was painted. */
    __footerAtFirstPaint?: boolean;
  }
}

/** Records, when the first contentful paint is reported, whether the footer was there. */
function recordFooterAtFirstPaint() {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    window.__footerAtFirstPaint = document.getElementById('site-footer') !== null;
  }).observe({ type: 'paint', buffered: true });
}

/**
 * Serves the site as a slow connection delivers it: the pages under `slowPage` arrive in two
 * parts, the second `pauseMs` after the first, cut in the middle of the page's content;
 * everything else passes through as it is.
 */
async function slowSite(origin: string, slowPage: string, pauseMs: number): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(origin + (request.url ?? '/'), { redirect: 'manual' });
      const headers = Object.fromEntries(
        [...upstream.headers].filter(
          ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
        ),
      );
      response.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      if (request.url !== slowPage) {
        response.end(body);
        return;
      }
      const html = body.toString('utf8');
      const cut = html.indexOf('</main>') - 2000;
      expect(cut).toBeGreaterThan(html.indexOf('<main'));
      response.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      response.end(html.slice(cut));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** How long the second part of the page keeps the visitor waiting. */
const PAUSE_MS = 1500;

test.describe('the first paint', () => {
  test('shows a slowly arriving page whole, never its top half alone', async ({
    page,
    baseURL,
  }) => {
    const server = await slowSite(baseURL ?? '', `/${lastApp.slug}`, PAUSE_MS);
    try {
      const { port } = server.address() as AddressInfo;
      await page.addInitScript(recordFooterAtFirstPaint);
      await page.goto(`http://127.0.0.1:${port}/${lastApp.slug}`, { waitUntil: 'commit' });
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: lastApp.name })).toBeVisible();
      // The first paint came once the rest had arrived, with the footer parsed: never while
      // only the top half of the page was there.
      await expect.poll(() => page.evaluate(() => window.__footerAtFirstPaint)).toBe(true);
      const [firstPaint, firstBytes] = await page.evaluate((): [number, number] => [
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
          ?.responseStart ?? 0,
      ]);
      expect(firstPaint).toBeGreaterThanOrEqual(firstBytes + PAUSE_MS - 50);
    } finally {
      server.close();
    }
  });
});
