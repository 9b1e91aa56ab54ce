/**
 * The owner's pages as the owner uses them, in Chromium with a virtual authenticator (a
 * platform passkey store that verifies the user): the first passkey through the link the
 * command prints, sign-in, reading and marking a message, sign-out; and the same refused
 * without a session, with a cookie kept from before sign-out, from another site's page,
 * and after the session's idle time.
 *
 * Passkeys need the site's host name (an IP address is no relying party), so these run on
 * servers of their own at http://localhost:PORT, each with its own store.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { freePort } from '../server/smtp-sink.ts';
import { CHANGE_TOKEN_HEADER } from '../../common/owner-api.ts';
import { WCAG_TAGS } from './fixtures.ts';
import { root, runCommand, tempFolder } from './processes.ts';
import { legalApp, manifest } from './site.ts';

interface OwnerServer {
  process: ServerProcess;
  origin: string;
  dataDir: string;
}

const servers: OwnerServer[] = [];
let folder: ReturnType<typeof tempFolder> | undefined;

async function startOwnerServer(env: Record<string, string> = {}): Promise<OwnerServer> {
  folder ??= tempFolder('owner-e2e-');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = path.join(folder.dir, String(port));
  const child = await startServerProcess(
    { PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    { port, compiledMain: path.join(root, 'build/server/server/main.js') },
  );
  const started = { process: child, origin, dataDir };
  servers.push(started);
  return started;
}

test.describe.configure({ mode: 'serial' });

let server: OwnerServer;

test.beforeAll(async () => {
  server = await startOwnerServer();
});

test.afterAll(async () => {
  for (const started of servers.splice(0)) {
    started.process.child.kill('SIGTERM');
    await started.process.exited;
  }
  folder?.remove();
});

/** A passkey store in the browser: user verified, the owner's touch given at once. */
async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** The enrolment link `npm run feedback -- owner-link` prints for this server. */
async function ownerLink(on: OwnerServer): Promise<string> {
  const result = await runCommand(
    process.execPath,
    [path.join(root, 'build/server/server/cli/feedback.js'), 'owner-link'],
    { env: { ...process.env, DATA_DIR: on.dataDir, PUBLIC_URL: on.origin } },
  );
  expect(result.code, result.output).toBe(0);
  const link = /http:\/\/localhost:\d+\/owner\/enrol#[\w-]+/.exec(result.stdout)?.[0];
  if (!link) throw new Error(`No link in:\n${result.output}`);
  return link;
}

/** A visitor's message, sent as the site's form sends it. */
async function sendFeedback(
  on: OwnerServer,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${on.origin}/api/sendMail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: on.origin, ...headers },
    body: JSON.stringify({
      appName: legalApp.name,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'The reminders saved me a late fee.\nThank you!',
      ...fields,
    }),
  });
  expect(response.status).toBe(202);
}

/** Adds a passkey through a fresh link, which signs in. */
async function enrol(page: Page, on: OwnerServer, name = 'Test laptop'): Promise<void> {
  await page.goto(await ownerLink(on));
  await expect(page.getByRole('heading', { name: 'Add your passkey' })).toBeVisible();
  // The link's secret leaves the address at once.
  await expect(page).toHaveURL(`${on.origin}/owner/enrol`);
  await page.getByLabel('Name of the passkey').fill(name);
  await page.getByRole('button', { name: 'Add a passkey and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page).toHaveURL(`${on.origin}/owner`);
}

/** A server of its own with these settings, and the page signed in to it. */
async function signedInOnOwnServer(page: Page, env: Record<string, string>) {
  const on = await startOwnerServer(env);
  await addAuthenticator(page);
  await enrol(page, on);
  return on;
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((each) => each.name === 'owner-session');
  if (!cookie) throw new Error('No session cookie');
  return cookie;
}

test('the owner enrols a passkey, signs in, reads, marks and signs out', async ({ page }) => {
  // A message from a page in the site's second language, as its form sends it, says so.
  const other = manifest.otherLanguages?.[0];
  if (other) {
    await sendFeedback(
      server,
      { firstName: 'Hedy', lastName: 'Lamarr' },
      { 'Content-Language': other },
    );
  }
  await sendFeedback(server);
  await addAuthenticator(page);
  await enrol(page, server);

  const cookie = await sessionCookie(page.context());
  expect(cookie).toMatchObject({ path: '/owner', httpOnly: true, sameSite: 'Strict' });

  const messages = page.getByRole('list', { name: 'Messages, newest first' });
  if (other) {
    await expect(messages.getByRole('link', { name: /Hedy Lamarr/ })).toContainText(
      `${legalApp.name} · ${other} ·`,
    );
    await expect(messages.getByRole('link', { name: /Ada Lovelace/ })).not.toContainText(
      ` · ${other} ·`,
    );
  }
  await messages.getByRole('link', { name: /Ada Lovelace \(unread\)/ }).click();
  const shown = page.getByRole('article', { name: 'Ada Lovelace' });
  await expect(shown.getByText('The reminders saved me a late fee.')).toBeVisible();
  const reply = page.getByRole('link', { name: 'Reply' });
  const href = (await reply.getAttribute('href')) ?? '';
  expect(href).toMatch(/^mailto:ada@example\.com\?subject=/);
  expect(decodeURIComponent(href)).toContain('> The reminders saved me a late fee.\n> Thank you!');

  // Opened is read; Mark as unread takes it back, and Mark as read again.
  await expect(messages.getByRole('link', { name: /^Ada Lovelace (?!\(unread\))/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as unread.' })).toBeVisible();
  await expect(messages.getByRole('link', { name: /Ada Lovelace \(unread\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as read.' })).toBeVisible();
  await expect(messages.getByRole('link', { name: /^Ada Lovelace (?!\(unread\))/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByRole('button', { name: 'Not spam' })).toBeVisible();
  await page.getByLabel('Show').selectOption('spam');
  await expect(messages.getByRole('link')).toHaveCount(1);
  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByRole('button', { name: 'Mark as spam' })).toBeVisible();
  await expect(messages).toBeHidden();

  await page.getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('list', { name: 'Activity, newest first' });
  await expect(activity.getByRole('listitem').first()).toContainText('Released from spam');
  await expect(activity).toContainText('Marked as read');
  await expect(activity).toContainText('First passkey added through a link');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // Signed in again where the owner was.
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(activity.getByRole('listitem').first()).toContainText('Signed in');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
});

test('the owner’s pages pass the accessibility checks, signed out and in', async ({ page }) => {
  await sendFeedback(server, { firstName: 'Grace', lastName: 'Hopper' });
  await addAuthenticator(page);
  await page.goto(`${server.origin}/owner`);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  const check = async () => {
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  };
  await check();
  await enrol(page, server, 'Second laptop');
  await page.getByRole('link', { name: /Grace Hopper/ }).click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await check();
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await check();
});

test('nothing opens without a session, nor with a cookie kept from before sign-out', async ({
  page,
  playwright,
}) => {
  const outsider = await playwright.request.newContext({ baseURL: server.origin });
  const refusedEverywhere = async (headers: Record<string, string> = {}) => {
    for (const [method, url] of [
      ['GET', '/owner'],
      ['GET', '/owner/security'],
      ['GET', '/owner/api/session'],
      ['GET', '/owner/api/messages'],
      ['GET', '/owner/api/export?format=csv'],
      ['GET', '/owner/api/audit'],
      ['POST', '/owner/api/forget'],
      ['DELETE', '/owner/api/passkeys/x'],
    ] as const) {
      const response = await outsider.fetch(url, {
        method,
        headers: { Origin: server.origin, ...headers },
        ...(method === 'POST' ? { data: { email: 'ada@example.com', confirm: true } } : {}),
      });
      expect(response.status(), `${method} ${url}`).toBe(401);
    }
  };
  await refusedEverywhere();
  const signInPage = await page.goto(`${server.origin}/owner/security`);
  expect(signInPage?.status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();

  await addAuthenticator(page);
  await enrol(page, server, 'Third laptop');
  const kept = await sessionCookie(page.context());
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await refusedEverywhere({ Cookie: `${kept.name}=${kept.value}` });
  await outsider.dispose();
});

/** A page of another site that tries, with a form and a script, to change the owner's inbox. */
async function startOtherSite(target: string): Promise<{ server: Server; url: string }> {
  const port = await freePort();
  const page = `<!doctype html><title>Another site</title>
    <form method="post" action="${target}/owner/api/sign-out"><button>Win a prize</button></form>
    <script>
      fetch(${JSON.stringify(`${target}/owner/api/sign-out`)}, { method: 'POST', credentials: 'include', mode: 'no-cors' })
        .then(() => { document.title = 'sent'; }, () => { document.title = 'sent'; });
    </script>`;
  const other = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
  return { server: other, url: `http://127.0.0.1:${port}/` };
}

test('another site’s page cannot sign the owner out, nor change anything', async ({ page }) => {
  await addAuthenticator(page);
  await enrol(page, server, 'Fourth laptop');
  const other = await startOtherSite(server.origin);
  try {
    const visit = await page.context().newPage();
    await visit.goto(other.url);
    await expect(visit).toHaveTitle('sent');
    const answered = visit.waitForResponse((response) => response.url().endsWith('/sign-out'));
    await visit.getByRole('button', { name: 'Win a prize' }).click();
    // SameSite=Strict: the browser sent no cookie, so the server knew of no session.
    expect((await answered).status()).toBe(401);
    await visit.close();
  } finally {
    await new Promise((resolve) => other.server.close(resolve));
  }
  // The owner is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

  // A request that carries the cookie but comes from another origin, or without the
  // session's change token, is refused too.
  const cookie = await sessionCookie(page.context());
  const refused: Record<string, string>[] = [
    { Origin: 'http://127.0.0.1:9', 'X-Owner-Token': 'x' },
    { Origin: server.origin },
  ];
  for (const headers of refused) {
    const response = await page.request.post(`${server.origin}/owner/api/sign-out`, {
      headers: { ...headers, Cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(response.status()).toBe(403);
  }
});

/**
 * Signs in on a server of its own that writes visit counts at once, checks the Visits tab
 * is empty, sends one view of `path` as a page's beacon does, and waits until the tab
 * lists it.
 */
async function signedInWithOneView(page: Page, path: string) {
  // Counts written at once, so the page reads the view just sent.
  const counting = await signedInOnOwnServer(page, { VISITS_FLUSH_MS: '200' });
  await page.getByRole('link', { name: 'Visits' }).click();
  await expect(page.getByRole('heading', { name: 'Visits', level: 1 })).toBeVisible();
  await expect(page.getByText('No visits counted in the last 7 days.')).toBeVisible();

  // A visitor's view of an app's page, as its beacon sends it.
  const status = await page.evaluate(
    async (viewed) =>
      (
        await fetch('/api/visit', {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({ kind: 'view', path: viewed }),
        })
      ).status,
    path,
  );
  expect(status).toBe(204);
  const topPages = page.getByRole('table', { name: 'Top pages' });
  await expect(async () => {
    await page.reload();
    await expect(topPages.getByRole('row', { name: `${path} 1 1` })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return counting;
}

test('the Visits tab draws the visits per day with their table, and lists a page once its view is counted', async ({
  page,
}) => {
  const path = `/${legalApp.slug}`;
  const counting = await signedInWithOneView(page, path);
  const topPages = page.getByRole('table', { name: 'Top pages' });
  await expect(
    page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '7 days' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page
      .getByRole('table', { name: 'Top apps' })
      .getByRole('row', { name: `${legalApp.name} 1 1 0 0%` }),
  ).toBeVisible();

  const chart = page.getByRole('img', {
    name: /^Line chart of visitors and page views per day, .+: 1 visitors and 1 page views in all/,
  });
  await expect(chart).toBeVisible();
  // Drawn: the canvas holds pixels of the lines.
  await expect
    .poll(() =>
      chart.evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas
          .getContext('2d')
          ?.getImageData(0, 0, canvas.width, canvas.height).data;
        return pixels?.some((value) => value !== 0) ?? false;
      }),
    )
    .toBe(true);
  const days = page.getByRole('table', { name: 'Visitors and page views per day' });
  await expect(days).toBeHidden();
  await page.getByText('Show the data as a table').click();
  await expect(days.getByRole('row')).toHaveCount(8);
  await expect(days.getByRole('row').last()).toHaveAccessibleName(/ 1 1$/);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole('link', { name: '30 days' }).click();
  await expect(page).toHaveURL(`${counting.origin}/owner/visits?days=30`);
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: '7 days' })).not.toHaveAttribute('aria-current');
  await page.getByText('Show the data as a table').click();
  await expect(days.getByRole('row')).toHaveCount(31);
  await expect(topPages.getByRole('row', { name: `${path} 1 1` })).toBeVisible();
});

test('the Visits tab follows the theme picked on the site, its chart included', async ({
  page,
}) => {
  const counting = await signedInWithOneView(page, `/${legalApp.slug}`);
  const chart = page.getByRole('img', { name: /^Line chart of visitors and page views per day/ });
  await expect(chart).toBeVisible();
  // The theme picked with the site's Theme control, in another tab: the page and the chart
  // turn dark at once (the browser here prefers light).
  const drawing = () => chart.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
  const lightDrawing = await drawing();
  const background = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const lightBackground = await background();
  const site = await page.context().newPage();
  await site.goto(`${counting.origin}/`);
  await site.getByRole('button', { name: 'Theme', exact: true }).click();
  await site.getByRole('radio', { name: 'Dark', exact: true }).check();
  await expect.poll(background).not.toBe(lightBackground);
  await expect.poll(drawing).not.toBe(lightDrawing);
  await site.close();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).not.toBe(lightBackground);
});

test('a session that ends while its page is open makes the pages ask to sign in again', async ({
  page,
}) => {
  const on = await signedInOnOwnServer(page, {});
  // The session ends on the server while this browser still holds its cookie, as when its
  // idle time runs out (that, and the absolute expiry, are tested on the server's injected
  // clock in server/owner/owner.test.ts): here another tab signs it out.
  const held = await page.context().cookies();
  const status = await page.evaluate(async (header) => {
    const session = (await (await fetch('/owner/api/session')).json()) as { token: string };
    const out = await fetch('/owner/api/sign-out', {
      method: 'POST',
      headers: { [header]: session.token },
    });
    return out.status;
  }, CHANGE_TOKEN_HEADER);
  expect(status).toBe(204);
  await page.context().addCookies(held);

  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByText('Your session has ended; sign in again.')).toBeVisible();
  const answer = await page.request.get(`${on.origin}/owner/api/session`);
  expect(answer.status()).toBe(401);
});

test('removing a lost phone’s passkey asks for a passkey and signs the phone out', async ({
  page,
  browser,
}) => {
  const on = await signedInOnOwnServer(page, {});
  // The phone: its own browser and passkey store, enrolled through a new link.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  try {
    await addAuthenticator(phone);
    await enrol(phone, on, 'Phone');

    await page.getByRole('link', { name: 'Passkeys' }).click();
    await expect(
      page.getByText('Adding or removing a passkey asks for one of your passkeys first.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Remove the passkey Phone' }).click();
    await expect(page.getByText('Removed the passkey “Phone”.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove the passkey Phone' })).toHaveCount(0);
    // The laptop confirmed with its own passkey, and stays signed in.
    await expect(
      page.getByRole('button', { name: /^Remove the passkey Test laptop$/ }),
    ).toBeDisabled();

    // What the phone held has ended with its passkey.
    await phone.getByRole('link', { name: 'Passkeys' }).click();
    await expect(phone.getByText('Your session has ended; sign in again.')).toBeVisible();
  } finally {
    await phoneContext.close();
  }
});
