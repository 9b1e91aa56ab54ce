/**
 * The pages on a static host, the API elsewhere: a build with FEEDBACK_API_URL (into its own
 * folder), its client folder served by a plain static file server on one origin, the real
 * server on another. A visitor sends feedback from an app page; it is stored and mailed.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { appHomeUrl, appUrlOf, linkShellPath } from '../../common/app-links.ts';
import { SiteManifestSchema, type SiteManifest } from '../../common/site-manifest.ts';
import { APPLE_APP_SITE_ASSOCIATION, STORE_FILES } from '../../common/store-files.ts';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { freePort, SmtpSink } from '../server/smtp-sink.ts';
import { APP_PATH, openForm, submitFeedback } from './feedback-form.ts';
import { expect, test } from './fixtures.ts';
import { root, runCommand, tempFolder } from './processes.ts';
import { appContent, manifest } from './site.ts';
import { startStaticServer } from './static-server.ts';

let folder: ReturnType<typeof tempFolder> | undefined;
let sink: SmtpSink | undefined;
let api: ServerProcess | undefined;
let pages: Server | undefined;
let pagesOrigin = '';
let staticPort = 0;
/** The same pages on a host that reads the build's `_headers` and `_redirects`. */
let ruledHost: Server | undefined;
let ruledOrigin = '';
let builtManifest: SiteManifest | undefined;

async function storedMessages(): Promise<{ message: string }[]> {
  const result = await runCommand(
    process.execPath,
    [path.join(root, 'build/server/server/cli/feedback.js'), 'export', '--format', 'json'],
    { env: { ...process.env, DATA_DIR: path.join(folder?.dir ?? '', 'data') } },
  );
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.stdout) as { message: string }[];
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A second build of the pages, for the static host.
  test.setTimeout(5 * 60_000);
  // Outside the checkout, as an owner may put it.
  folder = tempFolder('static-host-');
  const buildDir = path.join(folder.dir, 'build');
  const apiPort = await freePort();
  staticPort = await freePort();
  pagesOrigin = `http://localhost:${staticPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  const env = {
    ...process.env,
    BUILD_DIR: buildDir,
    PUBLIC_URL: pagesOrigin,
    FEEDBACK_API_URL: apiUrl,
  };
  const build = await runCommand('npx', ['vite', 'build'], { env });
  expect(build.code, build.output).toBe(0);
  // The site's other languages, each into its folder of the build.
  const languages = await runCommand('npx', ['tsx', 'scripts/build-languages.ts'], { env });
  expect(languages.code, languages.output).toBe(0);

  sink = await SmtpSink.start();
  api = await startServerProcess(
    {
      SITE_DIR: buildDir,
      PUBLIC_URL: pagesOrigin,
      DATA_DIR: path.join(folder.dir, 'data'),
      SMTP_URL: sink.url,
      MAIL_TO: 'Owner <owner@example.com>',
      MAIL_FROM: 'Portfolio <feedback@example.com>',
      LOG_LEVEL: 'warn',
    },
    { port: apiPort, compiledMain: path.join(root, 'build/server/server/main.js') },
  );
  pages = await startStaticServer(path.join(buildDir, 'client'), staticPort);
  const ruledPort = await freePort();
  ruledOrigin = `http://127.0.0.1:${ruledPort}`;
  ruledHost = await startStaticServer(path.join(buildDir, 'client'), ruledPort, {
    hostRules: true,
  });
  builtManifest = SiteManifestSchema.parse(
    JSON.parse(readFileSync(path.join(buildDir, 'site.json'), 'utf8')),
  );
});

test.afterAll(async () => {
  if (pages) await new Promise((resolve) => pages?.close(resolve));
  if (ruledHost) await new Promise((resolve) => ruledHost?.close(resolve));
  api?.child.kill('SIGTERM');
  await api?.exited;
  await sink?.close();
  folder?.remove();
});

test('feedback sent from a page on the static host is stored and mailed by the API', async ({
  page,
}) => {
  await openForm(page, `${pagesOrigin}${APP_PATH}`);
  const message = `From the static host at ${Date.now()}`;
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/sendMail'));
  expect(await submitFeedback(page, message)).toBe('Feedback sent successfully!');
  expect((await answered).url()).toBe(`${api?.url}/api/sendMail`);

  await sink?.waitFor((received) => received.received.length === 1);
  expect(sink?.received[0]?.text).toContain(message);
  expect((await storedMessages()).map((stored) => stored.message)).toEqual([message]);
});

test('a page from an origin that is not allowed gets no CORS approval, and nothing is stored', async ({
  page,
}) => {
  const before = (await storedMessages()).length;
  // The same pages under another address: not the site's.
  const stranger = `http://127.0.0.1:${staticPort}`;
  await openForm(page, `${stranger}${APP_PATH}`);
  expect(await submitFeedback(page, 'From a stranger')).toBe(
    'Error sending feedback. Please try again later.',
  );
  expect(await storedMessages()).toHaveLength(before);
  // The browser's preflight was refused, and the log names the origin.
  expect(api?.output()).toContain(`"origin":"${stranger}"`);
  const preflight = await fetch(`${api?.url}/api/sendMail`, {
    method: 'OPTIONS',
    headers: {
      origin: stranger,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,idempotency-key',
    },
  });
  expect(preflight.status).toBe(403);
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
});

test.describe('on a host that reads _headers and _redirects', () => {
  if (appContent.some((app) => app.appLinks?.apple)) {
    test("Apple's file answers as JSON at its address, with no redirect", async ({ request }) => {
      const answer = await request.get(`${ruledOrigin}${APPLE_APP_SITE_ASSOCIATION.path}`, {
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/json');
      const built = path.join(folder?.dir ?? '', 'build/client', APPLE_APP_SITE_ASSOCIATION.path);
      expect(await answer.json()).toEqual(JSON.parse(readFileSync(built, 'utf8')));
    });
  }

  // The content declares links (the pages' build and this one read the same content).
  if (manifest.appLinks?.length) {
    test("an app's link answers with its page: it opens the app itself before the scripts, and the address's own link once they run", async ({
      browser,
    }) => {
      const link = builtManifest?.appLinks?.[0];
      if (!link) throw new Error('The build for the static host has no app link');
      const address = linkShellPath(link.path).replace(/__(\w+)__/g, '$1-5');
      const opens = appUrlOf(link.scheme, link.slug, link, new URL(address, ruledOrigin));

      const scriptless = await browser.newContext({ javaScriptEnabled: false });
      const before = await scriptless.newPage();
      expect((await before.goto(`${ruledOrigin}${address}`))?.status()).toBe(200);
      await expect(before.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
        'href',
        appHomeUrl(link.scheme),
      );
      await scriptless.close();

      const live = await browser.newContext();
      const page = await live.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      await page.goto(`${ruledOrigin}${address}`);
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
        'href',
        opens ?? '',
      );
      // The host's policy for the address allows the page's own scripts.
      expect(refused).toEqual([]);
      await live.close();
    });
  }
});

test.describe('on GitHub Pages, which publishes the folder as plain files', () => {
  test('the folder is published whole: the stores’ files in their dot-folder, the 404 page for the rest', async ({
    page,
    request,
  }) => {
    const client = path.join(folder?.dir ?? '', 'build/client');
    // Without it, Pages' Jekyll step leaves out every dot-folder, .well-known among them.
    expect(existsSync(path.join(client, '.nojekyll'))).toBe(true);
    const storeFiles = STORE_FILES.filter((file) => existsSync(path.join(client, file.path)));
    for (const file of storeFiles) {
      const answer = await request.get(`${pagesOrigin}${file.path}`, { maxRedirects: 0 });
      expect(answer.status(), file.path).toBe(200);
      expect(await answer.text()).toBe(readFileSync(path.join(client, file.path), 'utf8'));
    }
    const missing = await page.goto(`${pagesOrigin}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }),
    ).toBeVisible();
  });
});
