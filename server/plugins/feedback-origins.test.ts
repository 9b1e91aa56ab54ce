import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import {
  postFeedback,
  startTestServer,
  storedCount,
  TEST_PUBLIC_URL,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';

const STATIC_HOST = 'https://pages.example.net';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startTestServer({ env, logger: { level: 'info', stream } });
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string | null })
      .filter((entry) => entry.level === 40);
  return { app: server.app, warnings };
}

function preflight(
  app: TestServer['app'],
  origin: string,
  requestHeaders = 'content-type, idempotency-key',
) {
  return app.inject({
    method: 'OPTIONS',
    url: '/api/sendMail',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': requestHeaders,
    },
  });
}

describe('pages on another origin (SITE_ORIGINS)', () => {
  test('get a preflight answer naming their origin, never *, allowing the form’s headers', async () => {
    const { app } = await start({ SITE_ORIGINS: `${STATIC_HOST}, https://www.portfolio.test` });
    const response = await preflight(app, STATIC_HOST);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(STATIC_HOST);
    expect(response.headers['access-control-allow-methods']).toBe('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toBe(
      'content-type, idempotency-key',
    );
    expect(response.headers.vary).toContain('Origin');
  });

  test('post a message that is stored, and the answer names their origin', async () => {
    const { app } = await start({ SITE_ORIGINS: STATIC_HOST });
    const response = await postFeedback(app, validPayload(), {
      headers: { origin: STATIC_HOST, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.headers['access-control-allow-origin']).toBe(STATIC_HOST);
    expect(await storedCount(app)).toBe(1);
  });

  test('a preflight asking for another header or method gets no approval', async () => {
    const { app } = await start({ SITE_ORIGINS: STATIC_HOST });
    const header = await preflight(app, STATIC_HOST, 'content-type, x-admin');
    expect(header.statusCode).toBe(403);
    expect(header.headers['access-control-allow-origin']).toBeUndefined();
    const method = await app.inject({
      method: 'OPTIONS',
      url: '/api/sendMail',
      headers: { origin: STATIC_HOST, 'access-control-request-method': 'DELETE' },
    });
    expect(method.statusCode).toBe(403);
    expect(method.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('an origin that is not allowed', () => {
  test('gets no CORS approval, nothing is stored, and the refusal is logged at warn with the origin', async () => {
    const { app, warnings } = await start({ SITE_ORIGINS: STATIC_HOST });
    const stranger = 'https://elsewhere.example';
    const answer = await preflight(app, stranger);
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const post = await postFeedback(app, validPayload(), { headers: { origin: stranger } });
    expect(post.statusCode).toBe(403);
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    expect(await storedCount(app)).toBe(0);
    expect(warnings().filter((entry) => entry.origin === stranger)).toHaveLength(2);
    expect(warnings()[0]?.msg).toMatch(/PUBLIC_URL or SITE_ORIGINS/);
  });
});

test('the site’s own origin needs no CORS and is accepted as before', async () => {
  const { app } = await start();
  const response = await postFeedback(app, validPayload(), {
    headers: { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
  });
  expect(response.statusCode).toBe(202);
});

test('on loopback without PUBLIC_URL, every spelling of the address on its port is this site', async () => {
  const { app } = await start({ PUBLIC_URL: '', PORT: '4555' });
  for (const origin of ['http://localhost:4555', 'http://127.0.0.1:4555', 'http://[::1]:4555']) {
    const response = await postFeedback(app, validPayload(), { headers: { origin } });
    expect(response.statusCode, origin).toBe(202);
  }
  const otherPort = await postFeedback(app, validPayload(), {
    headers: { origin: 'http://127.0.0.1:4556' },
  });
  expect(otherPort.statusCode).toBe(403);
});
