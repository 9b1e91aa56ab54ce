import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createFixtureSite } from '../../tests/server/fixture-site.ts';

let app: FastifyInstance;
let clientDir = '';

/** What a careless deploy leaves in the build folder, or the static host's own files. */
const NEVER_SERVED = [
  '/.env',
  '/.git/config',
  '/assets/.secret.js',
  '/_headers',
  '/_redirects',
  '/index.html.br',
  '/index.html.gz',
  '/robots.txt.br',
  '/favicon.svg.gz',
];

/** Public files of a build beside the pages and assets, each with what it must be served as. */
const PUBLIC_FILES = {
  'og/echoexpense-1a2b3c4d.png': 'PNG',
  'resume/sample-owner-resume.pdf': '%PDF-1.7',
  'sitemap.xml': '<urlset></urlset>'.repeat(50),
  'assets/entry-abc123.js.map': '{"mappings":""}',
};

beforeAll(async () => {
  const site = createFixtureSite();
  const { config, manifest } = site;
  clientDir = site.clientDir;
  for (const file of NEVER_SERVED) {
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), 'SECRET=do-not-serve');
  }
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *');
  for (const [file, body] of Object.entries(PUBLIC_FILES)) {
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), body);
  }
  writeFileSync(
    path.join(clientDir, 'sitemap.xml.br'),
    brotliCompressSync(PUBLIC_FILES['sitemap.xml']),
  );
  // Beside the client folder, never in it.
  writeFileSync(path.join(clientDir, '..', 'secret.txt'), 'SECRET=do-not-serve');
  app = await buildApp({ config, site: { manifest }, logger: false });
});
afterAll(() => app.close());

describe('serving the built site', () => {
  it('answers a known route with its prerendered page and a page CSP with its script hashes', async () => {
    const response = await app.inject({ url: '/echoexpense/privacy' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Page /echoexpense/privacy</h1>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-20'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
  });

  it('answers an app sub-path with the app shell', async () => {
    const response = await app.inject({ url: '/echoexpense/anything/deeper' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>App shell</h1>');
  });

  it('answers unknown paths with HTTP 404 and the 404 page', async () => {
    for (const url of ['/nope', '/watchlistr-web/x', '/echoexpensex', '/index.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('404 - Page Not Found');
    }
  });

  it('never serves dotfiles, the static host’s own files or precompressed copies by name', async () => {
    for (const url of NEVER_SERVED) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('do-not-serve');
    }
    // The files of the site are served, precompressed where the visitor accepts it.
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *');
  });

  it('serves the other public files with their type, a short cache and their hash, HEAD too', async () => {
    const expected = [
      ['/og/echoexpense-1a2b3c4d.png', 'image/png'],
      ['/resume/sample-owner-resume.pdf', 'application/pdf'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ] as const;
    for (const [url, type] of expected) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe(type);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
      const again = await app.inject({
        url,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      const head = await app.inject({ url, method: 'HEAD' });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(type);
      expect(head.body, url).toBe('');
    }
    const sitemap = await app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(sitemap.headers['content-encoding']).toBe('br');
    expect(sitemap.headers.vary).toContain('Accept-Encoding');
    // A source map, or anything else of no asset type in assets/, is not served.
    expect((await app.inject({ url: '/assets/entry-abc123.js.map' })).statusCode).toBe(404);
    // Nor is a file that lands in the folder after the start.
    writeFileSync(path.join(clientDir, 'later.txt'), 'late');
    expect((await app.inject({ url: '/later.txt' })).statusCode).toBe(404);
  });

  it('answers nothing outside the client folder and lists no folder, however the address is written', async () => {
    const urls = [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/og/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/site.json',
      '/..%5csecret.txt',
      '/og',
      '/og/',
      '/resume/',
      '/assets/',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ url, method });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body, url).not.toContain('do-not-serve');
        expect(response.body, url).not.toContain('"buildId"');
        expect(response.body, url).not.toContain('echoexpense-1a2b3c4d.png');
      }
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('redirects a trailing slash to the page address', async () => {
    const response = await app.inject({ url: '/projects/?a=1' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/projects?a=1');
  });

  it('lets pages revalidate and caches hashed assets for a year', async () => {
    const pageResponse = await app.inject({ url: '/' });
    expect(pageResponse.headers['cache-control']).toBe('no-cache');
    const etag = String(pageResponse.headers.etag);
    const revalidated = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);

    const asset = await app.inject({ url: '/assets/entry-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const assetAgain = await app.inject({
      url: '/assets/entry-abc123.js?v=2',
      headers: { 'if-none-match': String(asset.headers.etag) },
    });
    expect(assetAgain.statusCode).toBe(304);
    const buildId = await app.inject({ url: '/build-id.json' });
    expect(buildId.headers['cache-control']).toBe('no-store');
  });

  it('sends the precompressed brotli or gzip file the client accepts', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Page /</h1>');

    const asset = await app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/', '/nope', '/assets/entry-abc123.js', '/healthz', '/api/nothing']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers GET /healthz', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the request log', () => {
  it('logs pages, API calls and errors at info, and static file hits only at debug', async () => {
    const { config, manifest } = createFixtureSite();
    const lines: { level: number; msg: string; url?: string; status?: number }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[0]) };
    const logged = await buildApp({
      config,
      site: { manifest },
      logger: { level: 'info', stream },
    });
    try {
      for (const url of ['/', '/assets/entry-abc123.js', '/assets/missing.js', '/api/nothing']) {
        await logged.inject({ url });
      }
    } finally {
      await logged.close();
    }
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.url, line.status])).toEqual([
      ['/', 200],
      ['/assets/missing.js', 404],
      ['/api/nothing', 404],
    ]);
  });
});
