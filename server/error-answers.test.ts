/**
 * Answers that Node's HTTP parser and the router give before any route runs (a malformed
 * request, headers too large, a request too slow, an address that cannot be decoded)
 * carry the same security headers as every other answer.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { createFixtureSite } from '../tests/server/fixture-site.ts';
import { rawRequest } from '../tests/server/raw-http.ts';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const { config, manifest } = createFixtureSite();
  app = await buildApp({
    config,
    site: { manifest },
    logger: false,
    timeouts: { requestTimeout: 1000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

/** The headers of a raw answer, by lower-case name. */
function headersOf(response: string): Map<string, string> {
  const [head = ''] = response.split('\r\n\r\n');
  return new Map(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
  );
}

describe('answers before any route', () => {
  test.each([
    ['a malformed request', ['GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n'], 400],
    [
      'headers too large',
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
      431,
    ],
    ['a request that never ends', ['GET / HTTP/1.1\r\nHost: x\r\n', { waitMs: 2500 }], 408],
    [
      'an address that cannot be decoded',
      ['GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
      400,
    ],
  ] as const)('%s: its status, with the security headers', async (_what, steps, status) => {
    const result = await rawRequest(port, steps, { timeoutMs: 5000 });
    expect(result.status).toBe(status);
    const headers = headersOf(result.response);
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBeDefined();
  });
});
