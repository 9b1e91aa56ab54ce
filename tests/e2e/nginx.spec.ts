/**
 * deploy/nginx.conf in front of the real server, as the guide installs it: only the ports,
 * the certificate and the build's folder are changed. nginx runs from a temporary folder
 * (its pid, logs and temp files there), TLS with a throwaway certificate.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { freePort } from '../server/smtp-sink.ts';
import { VALUES } from './feedback-form.ts';
import { expect, test } from './fixtures.ts';
import { root, runCommand, tempFolder } from './processes.ts';
import { appUrlOf, linkShellPath } from '../../common/app-links.ts';
import { STORE_FILES } from '../../common/store-files.ts';
import { legalApp, manifest } from './site.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const SITE = 'example.com';
const RATE_LIMIT = 2;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let tlsPort = 0;
let httpPort = 0;
let nginx: ChildProcess | undefined;
let server: ServerProcess | undefined;
let folder: ReturnType<typeof tempFolder> | undefined;

/** A request to nginx over TLS, from a chosen loopback address. */
function fetchTls(
  urlPath: string,
  {
    from = '127.0.0.1',
    method = 'GET',
    headers = {},
    body,
  }: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: tlsPort,
        path: urlPath,
        method,
        localAddress: from,
        servername: SITE,
        rejectUnauthorized: false,
        headers: { host: SITE, ...headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

function postFeedback(from: string, headers: Record<string, string> = {}) {
  return fetchTls('/api/sendMail', {
    from,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `https://${SITE}`, ...headers },
    body: JSON.stringify({
      appName: legalApp.name,
      firstName: VALUES['First Name'],
      lastName: VALUES['Last Name'],
      email: VALUES.Email,
      message: `Through nginx from ${from}`,
    }),
  });
}

/** deploy/nginx.conf with this run's ports, certificate and build folder. */
function siteConfig(apiPort: number, cert: string, key: string): string {
  let config = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const next = config.replaceAll(from, to);
    expect(next, `deploy/nginx.conf no longer has ${String(from)}`).not.toBe(config);
    config = next;
  };
  replace('server 127.0.0.1:3000;', `server 127.0.0.1:${apiPort};`);
  replace(/^\s*listen \[::\]:\d+.*$/gm, '');
  replace('listen 80;', `listen 127.0.0.1:${httpPort};`);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`);
  replace(`/etc/letsencrypt/live/${SITE}/fullchain.pem`, cert);
  replace(`/etc/letsencrypt/live/${SITE}/privkey.pem`, key);
  replace('/opt/portfolio/current/build', path.join(root, 'build'));
  return config;
}

/** The main configuration around the site's: everything in the temporary folder. */
function mainConfig(dir: string, siteFile: string): string {
  return `load_module ${BROTLI_MODULE};
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteFile};
}
`;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  folder = tempFolder('portfolio-nginx-');
  const dir = folder.dir;
  expect(
    existsSync(NGINX),
    `nginx is needed at ${NGINX} (apt-get install nginx, or set NGINX_PATH); npm test installs it when it runs as root`,
  ).toBe(true);
  expect(
    existsSync(BROTLI_MODULE),
    'the brotli_static module is needed: apt-get install libnginx-mod-http-brotli-static',
  ).toBe(true);
  [tlsPort, httpPort] = [await freePort(), await freePort()];
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const openssl = await runCommand('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${SITE}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  expect(openssl.code, openssl.output).toBe(0);

  server = await startServerProcess(
    {
      PUBLIC_URL: `https://${SITE}`,
      TRUST_PROXY: '127.0.0.1',
      FEEDBACK_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'info',
    },
    { compiledMain: path.join(root, 'build/server/server/main.js') },
  );
  const siteFile = path.join(dir, 'site.conf');
  writeFileSync(siteFile, siteConfig(server.port, cert, key));
  const mainFile = path.join(dir, 'nginx.conf');
  writeFileSync(mainFile, mainConfig(dir, siteFile));

  const check = await runCommand(NGINX, ['-t', '-p', dir, '-c', mainFile]);
  expect(check.code, check.output).toBe(0);
  nginx = spawn(NGINX, ['-p', dir, '-c', mainFile], { stdio: 'ignore' });
  // Up once it answers through nginx.
  await expect
    .poll(() => fetchTls('/healthz').then((answer) => answer.status, String), { timeout: 15_000 })
    .toBe(200);
});

test.afterAll(async () => {
  nginx?.kill('SIGQUIT');
  server?.child.kill('SIGTERM');
  await server?.exited;
  folder?.remove();
});

test('a page comes through nginx with its own policy, revalidation and brotli', async () => {
  const page = await fetchTls('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(page.headers['strict-transport-security']).toContain('max-age=');
});

test('hashed assets come from nginx itself: a year of caching, brotli or gzip as asked', async () => {
  const assets = path.join(root, 'build/client/assets');
  const script = readdirSync(assets).find(
    (name) => name.endsWith('.js') && existsSync(path.join(assets, `${name}.br`)),
  );
  expect(script).toBeDefined();
  const url = `/assets/${script}`;

  const br = await fetchTls(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['x-content-type-options']).toBe('nosniff');
  expect(br.body.length).toBe(statSync(path.join(assets, `${script}.br`)).size);

  const gzip = await fetchTls(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  const plain = await fetchTls(url);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBe(statSync(path.join(assets, script ?? '')).size);

  // The server never saw them.
  expect(server?.output()).not.toContain(url);
});

test('an unknown path, or a missing asset, is a 404 with the site’s 404 page', async () => {
  for (const url of ['/no-such-page', '/assets/no-such-file.js']) {
    const answer = await fetchTls(url);
    expect(answer.status, url).toBe(404);
    if (url === '/no-such-page') expect(answer.body.toString()).toContain('404 - Page Not Found');
  }
});

test('plain HTTP is redirected to the HTTPS address', async () => {
  const answer = await new Promise<{ status: number; location: string | undefined }>(
    (resolve, reject) => {
      plainRequest(
        { host: '127.0.0.1', port: httpPort, path: '/projects', headers: { host: SITE } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        },
      )
        .once('error', reject)
        .end();
    },
  );
  expect(answer).toEqual({ status: 301, location: `https://${SITE}/projects` });
});

test('feedback through nginx is accepted, limited per visitor, and a forged X-Forwarded-For changes nothing', async () => {
  // Visitor A uses up its messages.
  for (let sent = 0; sent < RATE_LIMIT; sent += 1) {
    expect((await postFeedback('127.0.0.2')).status).toBe(202);
  }
  expect((await postFeedback('127.0.0.2')).status).toBe(429);

  // Visitor B has its own: every forged address still lands in B's bucket.
  for (let sent = 0; sent < RATE_LIMIT; sent += 1) {
    const answer = await postFeedback('127.0.0.3', { 'x-forwarded-for': `198.51.100.${sent}` });
    expect(answer.status).toBe(202);
  }
  const forged = await postFeedback('127.0.0.3', { 'x-forwarded-for': '198.51.100.77' });
  expect(forged.status).toBe(429);
});

test('the files Apple, Google and the ad networks fetch come from nginx itself, with their type and no redirect', async () => {
  for (const { path: url, type } of STORE_FILES) {
    const file = path.join(root, 'build/client', url);
    if (!existsSync(file)) continue;
    const answer = await fetchTls(url);
    expect(answer.status, url).toBe(200);
    expect(answer.headers['content-type'], url).toBe(type);
    expect(answer.headers.location, url).toBeUndefined();
    expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    expect(answer.body.toString(), url).toBe(readFileSync(file, 'utf8'));
    if (type === 'application/json') {
      expect(() => {
        JSON.parse(answer.body.toString());
      }, url).not.toThrow();
    }
    expect(server?.output(), url).not.toContain(url);
  }
});

test('on the www. name, Apple’s and Google’s files answer too, and everything else redirects', async () => {
  for (const { path: url, type } of STORE_FILES.filter(
    (file) => file.type === 'application/json',
  )) {
    if (!existsSync(path.join(root, 'build/client', url))) continue;
    const answer = await fetchTls(url, { headers: { host: `www.${SITE}` } });
    expect(answer.status, url).toBe(200);
    expect(answer.headers['content-type'], url).toBe(type);
    expect(answer.headers.location, url).toBeUndefined();
  }
  const page = await fetchTls('/projects', { headers: { host: `www.${SITE}` } });
  expect(page.status).toBe(301);
  expect(page.headers.location).toBe(`https://${SITE}/projects`);
});

const link = manifest.appLinks?.[0];
if (link) {
  test("an app's link comes through nginx with its page, opening what the address stands for", async () => {
    const address = `${linkShellPath(link.path).replace(/__(\w+)__/g, '$1-7')}?${(link.query ?? []).map((name) => `${name}=x`).join('&')}`;
    const answer = await fetchTls(address, { headers: { 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const opens = appUrlOf(link.scheme, link.slug, link, new URL(address, `https://${SITE}`)) ?? '';
    expect(answer.body.toString()).toContain(
      `href="${opens.replace(/&/g, '&#38;')}">Open in the app</a>`,
    );
  });
}
