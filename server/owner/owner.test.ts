/**
 * The owner's pages and their API through the real server (inject), with a passkey
 * authenticator in software: enrolment through a one-time link, sign-in, the session's
 * cookie and its ends, the locks against other sites, the cap on attempts, the audit list,
 * and the passkeys and sessions.
 */
import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { CHANGE_TOKEN_HEADER } from '../../common/owner-api.ts';
import {
  startTestServer,
  TEST_PUBLIC_URL,
  TestClock,
  type TestServer,
  type TestServerOptions,
} from '../../tests/server/helpers.ts';
import { Browser, OWNER_HOST as HOST, OWNER_PAGE } from '../../tests/server/owner-browser.ts';
import { SoftAuthenticator } from '../../tests/server/soft-authenticator.ts';
import { ENGINES } from '../../tests/server/store-engines.ts';
import { createEnrolmentLink } from './actions.ts';
import {
  SIGN_IN_FAILURES_AUDITED_PER_HOUR,
  SIGN_IN_FAILURES_PER_CLIENT,
  SIGN_IN_FAILURES_PER_NETWORK,
  SIGN_IN_OPTIONS_PER_CLIENT,
} from './attempts.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: TestServerOptions = {}): Promise<FastifyInstance> {
  server = await startTestServer({ ownerPage: OWNER_PAGE, ...options });
  return server.app;
}

/** Every address of the owner's API and pages, by method. */
const OWNER_ROUTES: [string, string][] = [
  ['GET', '/owner'],
  ['GET', '/owner/messages/abc'],
  ['GET', '/owner/api/session'],
  ['GET', '/owner/api/messages'],
  ['GET', '/owner/api/messages/0190a1b2-0000-7000-8000-000000000000'],
  ['POST', '/owner/api/messages/0190a1b2-0000-7000-8000-000000000000/read'],
  ['POST', '/owner/api/messages/0190a1b2-0000-7000-8000-000000000000/spam'],
  ['POST', '/owner/api/messages/0190a1b2-0000-7000-8000-000000000000/not-spam'],
  ['POST', '/owner/api/messages/0190a1b2-0000-7000-8000-000000000000/retry'],
  ['POST', '/owner/api/forget'],
  ['GET', '/owner/api/export?format=csv'],
  ['GET', '/owner/api/passkeys'],
  ['POST', '/owner/api/passkeys/confirm/options'],
  ['POST', '/owner/api/passkeys/options'],
  ['POST', '/owner/api/passkeys'],
  ['DELETE', '/owner/api/passkeys/abc'],
  ['GET', '/owner/api/sessions'],
  ['DELETE', '/owner/api/sessions/abc'],
  ['GET', '/owner/api/audit'],
  ['GET', '/owner/api/visits?days=7'],
  ['POST', '/owner/api/sign-out'],
  ['GET', '/owner/api/no-such-thing'],
];

async function everyRouteRefused(browser: Browser): Promise<void> {
  for (const [method, url] of OWNER_ROUTES) {
    const response = await browser.request({
      method: method,
      url,
      ...(method === 'POST' ? { payload: { read: true } } : {}),
    });
    expect(response.statusCode, `${method} ${url}`).toBe(401);
    expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
  }
}

describe.each(ENGINES)('on $name', (engine) => {
  test('a one-time link enrols the first passkey, which then signs in; sign-out ends the session', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock });
    const browser = new Browser(app);
    await everyRouteRefused(browser);

    // The link was made a moment before.
    const enrolled = await browser.enrol(clock.now() - 1000);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.headers['set-cookie']).toMatch(
      /^owner-session=[\w-]{43}; Path=\/owner; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    expect((await browser.session()).statusCode).toBe(200);
    const page = await browser.request({ url: '/owner' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(OWNER_PAGE);

    clock.advance(1000);
    const signedOut = await browser.post('/owner/api/sign-out');
    expect(signedOut.statusCode).toBe(204);
    expect(signedOut.headers['set-cookie']).toMatch(/^owner-session=; Path=\/owner; Max-Age=0;/);
    await everyRouteRefused(browser);

    clock.advance(1000);
    const again = await browser.signIn();
    expect(again.statusCode, again.body).toBe(200);
    expect((await browser.session()).statusCode).toBe(200);
    const audit = await browser.request({ url: '/owner/api/audit' });
    expect(audit.json<{ entries: { label: string }[] }>().entries.map((e) => e.label)).toEqual([
      'Signed in',
      'Signed out',
      'First passkey added through a link',
      'Enrolment link made',
    ]);
  });
});

describe('the session', () => {
  test('a cookie kept from before sign-out opens nothing', async () => {
    const clock = new TestClock();
    const browser = new Browser(await start({ clock }));
    await browser.enrol(clock.now());
    const stolen = browser.cookie;
    await browser.session();
    expect((await browser.post('/owner/api/sign-out')).statusCode).toBe(204);
    const thief = new Browser(browser.app);
    thief.cookie = stolen;
    await everyRouteRefused(thief);
    thief.cookie = stolen;
    const page = await thief.request({ url: '/owner' });
    expect(page.statusCode).toBe(401);
    expect(page.headers['set-cookie']).toMatch(/Max-Age=0/);
  });

  test('ends after its idle time, and at its absolute expiry however used', async () => {
    const clock = new TestClock();
    const env = { OWNER_SESSION_IDLE_MINUTES: '10', OWNER_SESSION_MAX_HOURS: '1' };
    const browser = new Browser(await start({ clock, env }));
    await browser.enrol(clock.now());
    clock.advance(9 * 60_000);
    expect((await browser.session()).statusCode).toBe(200);
    clock.advance(9 * 60_000);
    expect((await browser.session()).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    const idle = await browser.session();
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ error: { code: 'signed_out' } });

    expect((await browser.signIn()).statusCode).toBe(200);
    for (let minute = 0; minute < 55; minute += 5) {
      clock.advance(5 * 60_000);
      expect((await browser.session()).statusCode).toBe(200);
    }
    clock.advance(5 * 60_000);
    expect((await browser.session()).statusCode).toBe(401);
  });

  test('on https the cookie is Secure and named so no http page can set it', async () => {
    const clock = new TestClock();
    const app = await start({ clock, env: { PUBLIC_URL: 'https://portfolio.test' } });
    const browser = new Browser(app);
    Object.assign(browser, { authenticator: new SoftAuthenticator('https://portfolio.test') });
    const enrolled = await browser.request({
      method: 'POST',
      url: '/owner/api/enrol/options',
      headers: { origin: 'https://portfolio.test' },
      payload: { link: 'x'.repeat(43) },
    });
    expect(enrolled.statusCode).toBe(401);
    const { url } = await createEnrolmentLink(
      app.ownerAccess,
      'https://portfolio.test/owner',
      clock.now(),
      'test',
    );
    const link = new URL(url).hash.slice(1);
    const headers = { origin: 'https://portfolio.test' };
    const options = await browser.post('/owner/api/enrol/options', { link }, headers);
    const credential = browser.authenticator.create(options.json<{ options: never }>().options);
    const answer = await browser.post(
      '/owner/api/enrol',
      { link, name: 'Phone', credential },
      headers,
    );
    expect(answer.headers['set-cookie']).toMatch(
      /^__Secure-owner-session=[\w-]{43}; Path=\/owner; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});

describe('the enrolment link', () => {
  test('works once, for 15 minutes, and a new one replaces it', async () => {
    const clock = new TestClock();
    const app = await start({ clock });
    const access = app.ownerAccess;
    const browser = new Browser(app);
    const make = async () =>
      new URL(
        (await createEnrolmentLink(access, `${TEST_PUBLIC_URL}/owner`, clock.now(), 'test')).url,
      ).hash.slice(1);

    const late = await make();
    clock.advance(15 * 60_000);
    expect((await browser.post('/owner/api/enrol/options', { link: late })).json()).toMatchObject({
      error: { code: 'link_gone' },
    });

    const first = await make();
    const second = await make();
    expect((await browser.post('/owner/api/enrol/options', { link: first })).statusCode).toBe(401);
    const options = await browser.post('/owner/api/enrol/options', { link: second });
    const credential = browser.authenticator.create(options.json<{ options: never }>().options);
    expect(
      (await browser.post('/owner/api/enrol', { link: second, name: 'Laptop', credential }))
        .statusCode,
    ).toBe(200);
    const reused = new Browser(app);
    expect((await reused.post('/owner/api/enrol/options', { link: second })).statusCode).toBe(401);
    expect(await access.passkeys()).toHaveLength(1);
  });
});

describe('against other sites', () => {
  test('a change without the session’s token, or from another origin, is refused', async () => {
    const clock = new TestClock();
    const browser = new Browser(await start({ clock }));
    await browser.enrol(clock.now());
    await browser.session();
    const noToken = await browser.post('/owner/api/sign-out', undefined, {
      [CHANGE_TOKEN_HEADER]: '',
    });
    expect(noToken.statusCode).toBe(403);
    const elsewhere = await browser.post('/owner/api/sign-out', undefined, {
      origin: 'https://evil.example',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ error: { code: 'cross_site' } });
    const withoutOrigin = await browser.app.inject({
      method: 'POST',
      url: '/owner/api/sign-out',
      headers: {
        host: HOST,
        cookie: browser.cookie,
        [CHANGE_TOKEN_HEADER]: browser.token,
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(withoutOrigin.statusCode).toBe(403);
    expect((await browser.session()).statusCode).toBe(200);
    // A sign-in from another site's page is refused before any ceremony.
    const signIn = await browser.post('/owner/api/sign-in/options', undefined, {
      origin: 'https://evil.example',
    });
    expect(signIn.statusCode).toBe(403);
  });

  test('a passkey signature made for another origin is refused, and written down', async () => {
    const clock = new TestClock();
    const browser = new Browser(await start({ clock }));
    await browser.enrol(clock.now());
    await browser.session();
    await browser.post('/owner/api/sign-out');
    clock.advance(1000);
    const refused = await browser.signIn('https://evil.example');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'refused' } });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const [entry] = await browser.app.ownerAccess.auditLog(1);
    expect(entry).toMatchObject({ action: 'sign-in-refused' });
  });

  test('a passkey answer whose counter went back (replayed, or a copied key) is refused in plain words', async () => {
    const clock = new TestClock();
    const browser = new Browser(await start({ clock }));
    await browser.enrol(clock.now());
    await browser.post('/owner/api/sign-out');
    expect((await browser.signIn()).statusCode).toBe(200);
    await browser.post('/owner/api/sign-out');
    browser.authenticator.rewind();
    const refused = await browser.signIn();
    expect(refused.statusCode).toBe(401);
    const { message } = refused.json<{ error: { message: string } }>().error;
    expect(message).toMatch(
      /^This passkey’s answer was given before \(replayed\), or the passkey was copied/,
    );
    expect(message).not.toMatch(/counter value/i);
  });

  test('the pages on another spelling of the host redirect to the site’s own', async () => {
    const app = await start();
    const response = await app.inject({
      url: '/owner/messages?x=1',
      headers: { host: '127.0.0.1' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/owner/messages?x=1`);
  });

  test('a request target in absolute form is never echoed into the redirect', async () => {
    const app = await start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end(
          `GET http://evil.example/owner/x?y=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const location = /^location: (.*)$/im.exec(answer)?.[1]?.trim();
    expect(location).toBe(`${TEST_PUBLIC_URL}/owner/x?y=1`);
  });

  test('the pages send no referrer to the sites they link to', async () => {
    const app = await start();
    const page = await app.inject({ url: '/owner', headers: { host: HOST } });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  test('a cookie of the same name set beside the session’s (a sibling host’s) neither hides it nor signs out', async () => {
    const clock = new TestClock();
    const browser = new Browser(await start({ clock }));
    await browser.enrol(clock.now());
    const real = browser.cookie;
    for (const cookie of [`owner-session=junk; ${real}`, `${real}; owner-session=junk`]) {
      browser.cookie = cookie;
      const answer = await browser.session();
      expect(answer.statusCode, cookie).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });
});

test('asking for options is capped per client, in memory alone', async () => {
  const clock = new TestClock();
  const browser = new Browser(await start({ clock }));
  for (let attempt = 0; attempt < SIGN_IN_OPTIONS_PER_CLIENT; attempt++) {
    expect((await browser.post('/owner/api/sign-in/options')).statusCode).toBe(200);
  }
  const capped = await browser.post('/owner/api/sign-in/options');
  expect(capped.statusCode).toBe(429);
  expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  const elsewhere = new Browser(browser.app, '192.0.2.9');
  expect((await elsewhere.post('/owner/api/sign-in/options')).statusCode).toBe(200);
  clock.advance(60_000);
  expect((await browser.post('/owner/api/sign-in/options')).statusCode).toBe(200);
});

/** A stranger at `address` with a passkey of its own, which the site never enrolled. */
function stranger(app: FastifyInstance, address: string) {
  const browser = new Browser(app, address);
  browser.authenticator.create({ challenge: 'AAAA' });
  return browser;
}

/** A stranger's sign-in answer: refused (401), or refused before any ceremony (429). */
async function wrongSignIn(browser: Browser): Promise<number> {
  const credential = browser.authenticator.get({ challenge: 'AAAA' });
  return (await browser.post('/owner/api/sign-in', { credential })).statusCode;
}

describe.each(ENGINES)('against a flood, on $name', (engine) => {
  test('no one but the owner can use up the sign-in: the owner signs in and a new link enrols', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock });
    const owner = new Browser(app, '203.0.113.7');
    expect((await owner.enrol(clock.now())).statusCode).toBe(200);
    await owner.post('/owner/api/sign-out');

    // 16 addresses ask for options over and over, and answer with passkeys of their own.
    for (let client = 1; client <= 16; client++) {
      const attacker = stranger(app, `198.51.${client}.10`);
      const asked = [];
      for (let attempt = 0; attempt < 21; attempt++) {
        asked.push((await attacker.post('/owner/api/sign-in/options')).statusCode);
      }
      expect(asked.at(-1)).toBe(429);
      const answers = [];
      for (let attempt = 0; attempt <= SIGN_IN_FAILURES_PER_CLIENT; attempt++) {
        answers.push(await wrongSignIn(attacker));
      }
      // Over its cap, the client is refused before any ceremony.
      expect(answers.at(0)).toBe(401);
      expect(answers.at(-1)).toBe(429);
    }

    expect((await owner.signIn()).statusCode).toBe(200);
    const phone = new Browser(app, '203.0.113.8');
    expect((await phone.enrol(clock.now(), 'Phone')).statusCode).toBe(200);
    // What the flood wrote to the activity list stops at its hourly cap.
    const refused = (await app.ownerAccess.auditLog(1000)).filter(
      (entry) => entry.action === 'sign-in-refused',
    );
    expect(refused).toHaveLength(SIGN_IN_FAILURES_AUDITED_PER_HOUR);
  });

  test('failures are capped per client and per network, for their window alone', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock });
    const hosts = SIGN_IN_FAILURES_PER_NETWORK / SIGN_IN_FAILURES_PER_CLIENT;
    for (let host = 1; host <= hosts; host++) {
      const neighbour = stranger(app, `198.51.100.${host}`);
      for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_CLIENT; attempt++) {
        expect(await wrongSignIn(neighbour)).toBe(401);
      }
      expect(await wrongSignIn(neighbour)).toBe(429);
    }
    // The network is full: a new address in it is refused; another network is not.
    expect(await wrongSignIn(stranger(app, '198.51.100.200'))).toBe(429);
    expect(await wrongSignIn(stranger(app, '192.0.2.1'))).toBe(401);
    clock.advance(10 * 60_000);
    expect(await wrongSignIn(stranger(app, '198.51.100.200'))).toBe(401);
  });
});

describe('passkeys and sessions', () => {
  test('another passkey is added and removed; the last one stays', async () => {
    const clock = new TestClock();
    const browser = new Browser(await start({ clock }));
    await browser.enrol(clock.now(), 'Laptop');
    await browser.session();
    clock.advance(1000);
    // A session alone adds no passkey: a fresh check with a passkey comes with the change.
    expect((await browser.post('/owner/api/passkeys/options')).statusCode).toBe(400);
    const options = await browser.post('/owner/api/passkeys/options', {
      confirmation: await browser.confirmation(),
    });
    expect(options.statusCode, options.body).toBe(200);
    const phone = new SoftAuthenticator(TEST_PUBLIC_URL);
    const credential = phone.create(options.json<{ options: never }>().options);
    const added = await browser.post('/owner/api/passkeys', { name: 'Phone', credential });
    expect(added.statusCode, added.body).toBe(201);
    const list = await browser.request({ url: '/owner/api/passkeys' });
    const keys = list.json<{ passkeys: { id: string; name: string }[] }>().passkeys;
    expect(keys.map((key) => key.name)).toEqual(['Laptop', 'Phone']);

    // The phone signs in a second session, which the laptop then signs out.
    const other = new Browser(browser.app);
    Object.assign(other, { authenticator: phone });
    expect((await other.signIn()).statusCode).toBe(200);
    const sessions = await browser.request({ url: '/owner/api/sessions' });
    const open = sessions.json<{ sessions: { id: string; current: boolean }[] }>().sessions;
    expect(open.map((session) => session.current).sort()).toEqual([false, true]);
    const notMine = open.find((session) => !session.current);
    const revoked = await browser.request({
      method: 'DELETE',
      url: `/owner/api/sessions/${notMine?.id ?? ''}`,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await other.session()).statusCode).toBe(401);

    // The phone signs in again; removing its passkey ends what it holds.
    expect((await other.signIn()).statusCode).toBe(200);
    expect((await other.session()).statusCode).toBe(200);
    const [laptop, phoneKey] = keys;
    const unconfirmed = await browser.request({
      method: 'DELETE',
      url: `/owner/api/passkeys/${phoneKey?.id ?? ''}`,
    });
    expect(unconfirmed.statusCode).toBe(400);
    // The phone's session cannot lend its check to the laptop's.
    const borrowed = await browser.request({
      method: 'DELETE',
      url: `/owner/api/passkeys/${phoneKey?.id ?? ''}`,
      payload: { confirmation: await other.confirmation() },
    });
    expect(borrowed.statusCode).toBe(401);
    const removed = await browser.request({
      method: 'DELETE',
      url: `/owner/api/passkeys/${phoneKey?.id ?? ''}`,
      payload: { confirmation: await browser.confirmation() },
    });
    expect(removed.statusCode).toBe(204);
    expect((await other.session()).statusCode).toBe(401);
    expect((await browser.session()).statusCode).toBe(200);
    const last = await browser.request({
      method: 'DELETE',
      url: `/owner/api/passkeys/${laptop?.id ?? ''}`,
      payload: { confirmation: await browser.confirmation() },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: { code: 'last_passkey' } });
    // The removed passkey signs in no more.
    expect((await other.signIn()).statusCode).toBe(401);
  });
});
