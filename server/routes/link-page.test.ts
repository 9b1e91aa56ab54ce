import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createFixtureSite, ECHO_BILL_LINK } from '../../tests/server/fixture-site.ts';

const AASA = JSON.stringify({
  applinks: { details: [{ appIDs: ['A1B2C3D4E5.com.example.echo'], components: [] }] },
});
const ASSET_LINKS = '[{"relation":["delegate_permission/common.handle_all_urls"]}]';
const APP_ADS = 'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n';

/** The link's page as the build prerenders it: Open in the app opens the app itself. */
const LINK_PAGE =
  '<!DOCTYPE html><html><head><title>A shared bill</title></head><body>' +
  '<h1>A shared bill</h1><a class="open" href="echo://">Open in the app</a>' +
  `<a href="https://apps.apple.com/us/app/echoexpense/id6475660500">App Store</a>${'<p>text</p>'.repeat(80)}` +
  '<script>window.__page="link"</script></body></html>';

let app: FastifyInstance;
let bare: FastifyInstance;

function write(clientDir: string, file: string, body: string): void {
  mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
  writeFileSync(path.join(clientDir, file), body);
}

beforeAll(async () => {
  const { config, manifest, clientDir } = createFixtureSite();
  write(clientDir, '.well-known/apple-app-site-association', AASA);
  write(clientDir, '.well-known/assetlinks.json', ASSET_LINKS);
  write(clientDir, 'app-ads.txt', APP_ADS);
  write(clientDir, 'echoexpense/b/__id__/index.html', LINK_PAGE);
  const appLinks = [ECHO_BILL_LINK];
  app = await buildApp({ config, site: { manifest: { ...manifest, appLinks } }, logger: false });
  const plain = createFixtureSite();
  bare = await buildApp({
    config: plain.config,
    site: { manifest: plain.manifest },
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await bare.close();
});

describe('the files Apple, Google and the ad networks fetch', () => {
  it('answer at their address with their content type and no redirect, GET or HEAD', async () => {
    for (const [url, type, body] of [
      ['/.well-known/apple-app-site-association', 'application/json', AASA],
      ['/.well-known/assetlinks.json', 'application/json', ASSET_LINKS],
      ['/app-ads.txt', 'text/plain; charset=utf-8', APP_ADS],
    ] as const) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe(type);
      expect(response.headers.location, url).toBeUndefined();
      expect(response.body, url).toBe(body);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(type);
    }
    const apple = await app.inject({ url: '/.well-known/apple-app-site-association' });
    expect(apple.json()).toEqual(JSON.parse(AASA));
  });

  it('are 404 where the build wrote none, and nothing else under /.well-known/ is served', async () => {
    for (const url of [
      '/.well-known/apple-app-site-association',
      '/.well-known/assetlinks.json',
      '/app-ads.txt',
    ]) {
      expect((await bare.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ url: '/.well-known/other.json' })).statusCode).toBe(404);
  });
});

describe("the page of an app's link", () => {
  it('answers every address of the link, opening what that address stands for', async () => {
    const response = await app.inject({ url: '/echoexpense/b/42?from=ana&other=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain(
      "script-src 'self' 'sha256-link'",
    );
    expect(response.body).toContain(
      '<a class="open" href="echo://bill/42?from=ana">Open in the app</a>',
    );
    // The rest of the page is the prerendered one.
    expect(response.body).toContain(
      'href="https://apps.apple.com/us/app/echoexpense/id6475660500"',
    );
  });

  it('writes what the address holds as text, whatever it holds', async () => {
    const response = await app.inject({
      url: '/echoexpense/b/%22%3E%3Cscript%3E?from=%22%3E%3Cb%3E%26',
    });
    expect(response.body).toContain('href="echo://bill/%22%3E%3Cscript%3E?from=%22%3E%3Cb%3E%26"');
    expect(response.body).not.toMatch(/<script>[^w]/);
    expect(response.body).not.toContain('<b>');
  });

  it('is compressed as the visitor accepts, with an ETag of its own, and revalidates', async () => {
    const first = await app.inject({
      url: '/echoexpense/b/1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    const other = await app.inject({ url: '/echoexpense/b/2' });
    expect(other.headers.etag).not.toBe(first.headers.etag);
    const again = await app.inject({
      url: '/echoexpense/b/1',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves the pages beneath the app and its other sub-paths as they were', async () => {
    expect((await app.inject({ url: '/echoexpense/privacy' })).body).toContain(
      '<h1>Page /echoexpense/privacy</h1>',
    );
    for (const url of ['/echoexpense/b', '/echoexpense/b/1/2']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<h1>App shell</h1>');
    }
  });
});
