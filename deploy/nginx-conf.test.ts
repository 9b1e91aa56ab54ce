import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { TIMEOUTS } from '../server/app.ts';

const conf = readFileSync(new URL('./nginx.conf', import.meta.url), 'utf8');

test('the server keeps idle connections open longer than nginx and common proxies (60 s) reuse them', () => {
  const upstream = /upstream portfolio \{([^}]*)\}/.exec(conf)?.[1] ?? '';
  const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]);
  expect(nginxSeconds).toBeGreaterThan(0);
  expect(TIMEOUTS.keepAliveTimeout).toBeGreaterThanOrEqual(65_000);
  expect(TIMEOUTS.keepAliveTimeout).toBeGreaterThan(nginxSeconds * 1000);
});
