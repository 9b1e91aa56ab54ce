/**
 * An app's link page is made once per address it answers (and encoding), then served from
 * memory: a link shared in a chat is opened by many, and compressing its page for each of
 * them cost the server five times a prerendered page's throughput.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, expect, test, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createFixtureSite, ECHO_BILL_LINK } from '../../tests/server/fixture-site.ts';
import * as linkPage from './link-page.ts';

vi.mock('./link-page.ts', { spy: true });

const LINK_PAGE =
  '<!DOCTYPE html><html><head><title>A shared bill</title></head><body>' +
  `<a class="open" href="echo://">Open in the app</a>${'<p>text</p>'.repeat(80)}</body></html>`;

const { config, manifest, clientDir } = createFixtureSite();
mkdirSync(path.join(clientDir, 'echoexpense/b/__id__'), { recursive: true });
writeFileSync(path.join(clientDir, 'echoexpense/b/__id__/index.html'), LINK_PAGE);
const appLinks = [ECHO_BILL_LINK];
const app = await buildApp({
  config,
  site: { manifest: { ...manifest, appLinks } },
  logger: false,
});
afterAll(() => app.close());

test('a link page is made once per address and encoding, then served as made', async () => {
  const made = vi.mocked(linkPage.linkPageHtml);
  made.mockClear();
  const ask = (url: string, encoding = 'br') =>
    app.inject({ url, headers: { 'accept-encoding': encoding } });
  const first = await ask('/echoexpense/b/42?from=chat');
  expect(first.statusCode).toBe(200);
  expect(brotliDecompressSync(first.rawPayload).toString()).toContain('echo://bill/42?from=chat');
  for (let n = 0; n < 5; n++) {
    const again = await ask('/echoexpense/b/42?from=chat');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
  }
  expect(made).toHaveBeenCalledTimes(1);
  // Another address, or another encoding, is a page of its own.
  expect((await ask('/echoexpense/b/43')).body).not.toBe(first.body);
  expect((await ask('/echoexpense/b/42?from=chat', 'identity')).body).toContain(
    'echo://bill/42?from=chat',
  );
  expect(made).toHaveBeenCalledTimes(3);
});
