import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.ts';
import { createFixtureSite } from '../tests/server/fixture-site.ts';
import type { RoutableApp } from '../common/paths.ts';
import { headersFile, nginxStaticConf, redirectsFile } from './static-host.ts';

const API = 'https://api.example.net';

interface Rule {
  pattern: string;
  headers: Record<string, string>;
}

/** `_headers` as Netlify and Cloudflare Pages read it: `*` matches anything, else exact. */
function parseHeaders(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('/')) rules.push({ pattern: line.trim(), headers: {} });
    else if (line.startsWith('  ') && rules.length > 0) {
      const [name = '', ...value] = line.trim().split(': ');
      const rule = rules.at(-1);
      if (rule) rule.headers[name.toLowerCase()] = value.join(': ');
    }
  }
  return rules;
}

function matching(rules: readonly Rule[], urlPath: string, header: string): string[] {
  return rules
    .filter((rule) => {
      const pattern = rule.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
      return new RegExp(`^${pattern}$`).test(urlPath);
    })
    .map((rule) => rule.headers[header])
    .filter((value): value is string => value !== undefined);
}

function scriptHashes(csp: string): string[] {
  return (
    /script-src ([^;]*)/
      .exec(csp)?.[1]
      ?.split(' ')
      .filter((part) => part.startsWith("'sha")) ?? []
  );
}

let app: FastifyInstance;
let rules: Rule[];
const fixture = createFixtureSite();
const manifest = { ...fixture.manifest, feedbackApiOrigin: API };

beforeAll(async () => {
  app = await buildApp({ config: fixture.config, site: { manifest }, logger: false });
  rules = parseHeaders(headersFile(manifest, ['build-id.json', 'favicon.svg']));
});
afterAll(() => app.close());

const PATHS = [
  '/',
  '/watchlistr-web',
  '/projects',
  '/echoexpense',
  '/echoexpense/privacy',
  '/echoexpense/some/sub-path',
  '/assets/entry-abc123.js',
  '/favicon.svg',
  '/build-id.json',
];

describe('_headers for static hosts', () => {
  it.each(PATHS)('%s gets the caching and security headers the server sends', async (urlPath) => {
    const response = await app.inject({ url: urlPath });
    expect(response.statusCode).toBe(200);
    // One Cache-Control rule per path: hosts that join values would otherwise mix them.
    expect(matching(rules, urlPath, 'cache-control')).toEqual([response.headers['cache-control']]);
    for (const header of [
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'x-frame-options',
    ]) {
      expect(matching(rules, urlPath, header)).toEqual([response.headers[header]]);
    }
  });

  it.each(PATHS.slice(0, 6))(
    '%s: every policy that applies allows the page’s scripts and the API, and the page’s own is the server’s',
    async (urlPath) => {
      const response = await app.inject({ url: urlPath });
      const served = String(response.headers['content-security-policy']);
      expect(served).toContain(`connect-src 'self' ${API}`);
      const policies = matching(rules, urlPath, 'content-security-policy');
      for (const policy of policies) {
        expect(scriptHashes(policy)).toEqual(expect.arrayContaining(scriptHashes(served)));
        expect(policy.replace(/script-src [^;]*/, '')).toBe(served.replace(/script-src [^;]*/, ''));
      }
      if (!urlPath.startsWith('/echoexpense/')) expect(policies.at(-1)).toBe(served);
    },
  );

  it('sends HSTS only for an https site', () => {
    expect(matching(rules, '/', 'strict-transport-security')).toEqual([]);
    const https = parseHeaders(headersFile({ ...manifest, publicUrl: 'https://example.com' }, []));
    expect(matching(https, '/', 'strict-transport-security')).toEqual([
      'max-age=31536000; includeSubDomains',
    ]);
  });
});

describe('_redirects', () => {
  it('serves each page from its own folder, and the sub-paths of an app with legal pages with the app shell', () => {
    const rules = redirectsFile(manifest.apps, manifest.appShell.file)
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(rules).toEqual([
      '/watchlistr-web  /watchlistr-web/  200',
      '/echoexpense  /echoexpense/  200',
      '/projects  /projects/  200',
      '/echoexpense/terms  /echoexpense/terms/  200',
      '/echoexpense/privacy  /echoexpense/privacy/  200',
      '/echoexpense/support  /echoexpense/support/  200',
      '/echoexpense/feedback-sent  /echoexpense/feedback-sent/  200',
      '/echoexpense/*  /__spa-fallback  200',
    ]);
  });
});

describe('nginx static locations', () => {
  it('serve the assets and public files with the server’s caching, falling back to the server', async () => {
    const conf = nginxStaticConf(manifest, ['favicon.svg']);
    const assets = await app.inject({ url: '/assets/entry-abc123.js' });
    expect(conf).toContain(`location /assets/ {\n    try_files $uri @portfolio;\n`);
    expect(conf).toContain(`add_header Cache-Control "${assets.headers['cache-control']}" always;`);
    expect(conf).toContain(
      `add_header Content-Security-Policy "${assets.headers['content-security-policy']}" always;`,
    );
    expect(conf).toContain('location = /favicon.svg {');
  });
});

describe("the static hosts and nginx, for the stores' files and the apps' links", () => {
  const linked = {
    ...manifest,
    appLinks: [
      {
        slug: 'watchlistr-web',
        scheme: 'watchlistr',
        path: '/watchlistr-web/l/:id',
        page: { file: 'watchlistr-web/l/__id__/index.html', scriptHashes: ["'sha256-link'"] },
      },
      {
        slug: 'echoexpense',
        scheme: 'echo',
        path: '/echoexpense/:bill',
        page: { file: 'echoexpense/__bill__/index.html', scriptHashes: ["'sha256-bill'"] },
      },
    ],
  };
  const storeFiles = [
    '.well-known/apple-app-site-association',
    '.well-known/assetlinks.json',
    'app-ads.txt',
  ];
  const linkedRules = parseHeaders(headersFile(linked, ['favicon.svg', ...storeFiles]));

  it("send each store file with its content type and the server's caching", () => {
    for (const [file, type] of [
      ['.well-known/apple-app-site-association', 'application/json'],
      ['.well-known/assetlinks.json', 'application/json'],
      ['app-ads.txt', 'text/plain; charset=utf-8'],
    ]) {
      expect(matching(linkedRules, `/${file}`, 'content-type'), file).toEqual([type]);
      expect(matching(linkedRules, `/${file}`, 'cache-control'), file).toEqual([
        'public, max-age=3600',
      ]);
    }
    expect(matching(linkedRules, '/favicon.svg', 'content-type')).toEqual([]);
  });

  it("answer a link's addresses with its page, before the app's other sub-paths, and allow its scripts", () => {
    const [web, echo] = manifest.apps as [RoutableApp, RoutableApp];
    const rules = redirectsFile(
      [
        {
          ...web,
          appLinks: { scheme: 'watchlistr', patterns: [{ path: '/watchlistr-web/l/:id' }] },
        },
        { ...echo, appLinks: { scheme: 'echo', patterns: [{ path: '/echoexpense/:bill' }] } },
      ],
      manifest.appShell.file,
    )
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(rules.slice(-3)).toEqual([
      '/watchlistr-web/l/:id  /watchlistr-web/l/__id__/  200',
      '/echoexpense/:bill  /echoexpense/__bill__/  200',
      '/echoexpense/*  /__spa-fallback  200',
    ]);
    expect(rules.indexOf('/echoexpense/privacy  /echoexpense/privacy/  200')).toBeLessThan(
      rules.indexOf('/echoexpense/:bill  /echoexpense/__bill__/  200'),
    );
    for (const [url, hash] of [
      ['/watchlistr-web/l/42', "'sha256-link'"],
      ['/echoexpense/42', "'sha256-bill'"],
    ] as const) {
      expect(matching(linkedRules, url, 'cache-control'), url).toEqual(['no-cache']);
      expect(
        scriptHashes(matching(linkedRules, url, 'content-security-policy').at(-1) ?? ''),
        url,
      ).toContain(hash);
    }
    // The app page of an app without legal pages keeps its own rules, once each.
    expect(matching(linkedRules, '/watchlistr-web', 'cache-control')).toEqual(['no-cache']);
  });

  it('serve each store file from nginx itself, with its content type whatever its name ends in', () => {
    const conf = nginxStaticConf(manifest, ['favicon.svg', ...storeFiles]);
    expect(conf).toContain(
      'location = /.well-known/apple-app-site-association {\n    try_files $uri @portfolio;\n    types { }\n    default_type "application/json";\n',
    );
    expect(conf).toContain(
      'location = /app-ads.txt {\n    try_files $uri @portfolio;\n    types { }\n    default_type "text/plain; charset=utf-8";\n',
    );
    expect(conf).toContain(
      'location = /favicon.svg {\n    try_files $uri @portfolio;\n    add_header',
    );
  });
});
