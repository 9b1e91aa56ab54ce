/**
 * The pages on a static host, the API elsewhere: a build with FEEDBACK_API_URL (into its own
 * folder), its client folder served by a plain static file server on one origin, the real
 * server on another. A visitor sends feedback from an app page; it is stored and mailed.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { freePort, SmtpSink } from '../server/smtp-sink.ts';
import { APP_PATH, openForm, submitFeedback } from './feedback-form.ts';
import { expect, test } from './fixtures.ts';
import { root, runCommand, tempFolder } from './processes.ts';
import { startStaticServer } from './static-server.ts';

let folder: ReturnType<typeof tempFolder> | undefined;
let sink: SmtpSink | undefined;
let api: ServerProcess | undefined;
let pages: Server | undefined;
let pagesOrigin = '';
let staticPort = 0;

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
  // Inside the checkout's build folder: prerendering imports the app's own packages. The
  // production-install test leaves folders of this name out of its copy.
  folder = tempFolder('static-host-', path.join(root, 'build'));
  const buildDir = path.join(folder.dir, 'build');
  const apiPort = await freePort();
  staticPort = await freePort();
  pagesOrigin = `http://localhost:${staticPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  const build = await runCommand('npx', ['vite', 'build'], {
    env: { ...process.env, BUILD_DIR: buildDir, PUBLIC_URL: pagesOrigin, FEEDBACK_API_URL: apiUrl },
  });
  expect(build.code, build.output).toBe(0);

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
});

test.afterAll(async () => {
  if (pages) await new Promise((resolve) => pages?.close(resolve));
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
