/**
 * A browser on the owner's pages, for the server's tests: its cookie jar holds the session's
 * cookie, it sends the site's Origin and the change token with every change, and a passkey
 * authenticator in software answers the ceremonies.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CHANGE_TOKEN_HEADER } from '../../common/owner-api.ts';
import { createEnrolmentLink } from '../../server/owner/actions.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestClock, type TestServer } from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

/** The host the test server's owner's pages answer on. */
export const OWNER_HOST = new URL(TEST_PUBLIC_URL).host;

/** The owner's page the test servers serve. */
export const OWNER_PAGE = '<!doctype html><title>Owner</title><div id="root"></div>';

/** A browser on the site: its cookie jar holds the session's cookie. */
export class Browser {
  cookie = '';
  token = '';
  readonly authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
  /** `address`: the client address it connects from (default: inject's own). */
  constructor(
    readonly app: FastifyInstance,
    readonly address?: string,
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      ...(this.address === undefined ? {} : { remoteAddress: this.address }),
      ...options,
      headers: {
        host: OWNER_HOST,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(options.method && options.method !== 'GET'
          ? { origin: TEST_PUBLIC_URL, [CHANGE_TOKEN_HEADER]: this.token }
          : {}),
        ...options.headers,
      },
    });
    const set = response.headers['set-cookie'];
    const line = Array.isArray(set) ? set[0] : set;
    if (line) this.cookie = line.split(';')[0] ?? '';
    return response;
  }

  post(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  /** Reads the session's change token, as the page does first. */
  async session() {
    const response = await this.request({ url: '/owner/api/session' });
    if (response.statusCode === 200) this.token = response.json<{ token: string }>().token;
    return response;
  }

  /** Adds the first passkey through a fresh link; resolves with the enrol answer. */
  async enrol(now: number, name = 'Laptop') {
    const { url } = await createEnrolmentLink(
      this.app.ownerAccess,
      `${TEST_PUBLIC_URL}/owner`,
      now,
      'test',
    );
    const link = new URL(url).hash.slice(1);
    const options = await this.post('/owner/api/enrol/options', { link });
    expect(options.statusCode, options.body).toBe(200);
    const credential = this.authenticator.create(options.json<{ options: never }>().options);
    return this.post('/owner/api/enrol', { link, name, credential });
  }

  /** A fresh check with this browser's passkey, as a change of passkeys asks for. */
  async confirmation() {
    const options = await this.post('/owner/api/passkeys/confirm/options');
    expect(options.statusCode, options.body).toBe(200);
    return this.authenticator.get(options.json<{ options: { challenge: string } }>().options);
  }

  async signIn(origin?: string) {
    const options = await this.post('/owner/api/sign-in/options');
    expect(options.statusCode, options.body).toBe(200);
    const credential = this.authenticator.get(
      options.json<{ options: { challenge: string } }>().options,
      origin === undefined ? {} : { origin },
    );
    return this.post('/owner/api/sign-in', { credential });
  }
}

/** A test server with the owner's pages, and a browser signed in to them. */
export async function signedInOwner(
  clock: TestClock,
): Promise<{ server: TestServer; browser: Browser }> {
  const server = await startTestServer({ ownerPage: OWNER_PAGE, clock });
  const browser = new Browser(server.app);
  await browser.enrol(clock.now());
  await browser.session();
  return { server, browser };
}
