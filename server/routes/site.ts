/**
 * Serves the built site. A known page answers 200 with its prerendered HTML; an app's
 * sub-path answers 200 with the app shell; any other path answers 404 with the 404 page.
 * Everything is held in memory, read once at start with its brotli and gzip forms: the
 * pages, which revalidate on every visit, and every public file of the build (hashed assets,
 * cached by browsers for a year; the store files; images, the résumé, robots.txt...), served
 * by one route with one set of rules. A file that lands in the folder later is never served.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import negotiator from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appShellPaths } from '../../common/paths.ts';
import type { HtmlFile, SiteManifest } from '../../common/site-manifest.ts';
import { STORE_FILES } from '../../common/store-files.ts';
import { CACHE_REVALIDATE, fileCacheControl, pageCsp } from '../../common/response-headers.ts';
import { linkPageHtml } from './link-page.ts';

const ENCODINGS = ['br', 'gzip'] as const;

interface LoadedPage {
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  etag: string;
  /** Its Content-Security-Policy, worked out once. */
  csp: string;
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** A strong validator of a body: a hash of its bytes. */
function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

async function loadPage(
  clientDir: string,
  page: HtmlFile,
  feedbackApiOrigin: string | undefined,
): Promise<LoadedPage> {
  const bodies = await readBodies(path.join(clientDir, page.file));
  return {
    bodies,
    etag: etagOf(bodies.identity),
    csp: pageCsp(page.scriptHashes, feedbackApiOrigin),
  };
}

/** A file's bytes, with its brotli and gzip forms where the build wrote them beside it. */
async function readBodies(file: string): Promise<LoadedPage['bodies']> {
  return {
    identity: await readFile(file),
    br: await readOptional(`${file}.br`),
    gzip: await readOptional(`${file}.gz`),
  };
}

/** The route of every public file of the build, served from memory. */
export const FILES_ROUTE = '/*';

/** Content types by extension. */
const FILE_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** The hashed assets' types: anything else a build tool leaves in assets/ is not served. */
const ASSET_EXTENSIONS = new Set(['.js', '.css', '.svg', '.avif', '.webp', '.png', '.woff2']);

interface LoadedFile {
  bodies: LoadedPage['bodies'];
  type: string;
  etag: string;
  cacheControl: string;
}

/** A dotfile, or a file in a dot-folder: never part of the site. */
function isHidden(entry: string): boolean {
  return entry.split(path.sep).some((segment) => segment.startsWith('.'));
}

/** A file with its precompressed forms, as `loadFiles` holds it. */
async function loadFile(file: string, type: string, cacheControl: string): Promise<LoadedFile> {
  const bodies = await readBodies(file);
  return { bodies, type, etag: etagOf(bodies.identity), cacheControl };
}

/**
 * Every public file of the build (see `publicFiles`), by address, with the type of its
 * extension; and the files the stores and ad networks fetch (apple-app-site-association,
 * assetlinks.json, app-ads.txt) where the build wrote them, with their own types.
 */
async function loadFiles(
  clientDir: string,
  apart: readonly string[],
): Promise<Map<string, LoadedFile>> {
  const files = new Map<string, LoadedFile>();
  const add = async (address: string, type: string) => {
    const relative = address.slice(1);
    try {
      const file = path.join(clientDir, relative);
      files.set(address, await loadFile(file, type, fileCacheControl(relative)));
    } catch {
      // A folder, or a file that is not there (or gone since the listing).
    }
  };
  for (const address of await publicFiles(clientDir, apart)) {
    const extension = path.posix.extname(address);
    if (address.startsWith('/assets/') && !ASSET_EXTENSIONS.has(extension)) continue;
    await add(address, FILE_TYPES[extension] ?? 'application/octet-stream');
  }
  for (const file of STORE_FILES) await add(file.path, file.type);
  return files;
}

/**
 * The public files of the build, by address: every file of the client folder but pages
 * (served through their routes), precompressed copies (served in their file's place),
 * dotfiles and folders (`.env`, `.git/` left behind by a deploy), and the static host's
 * own rules (`_headers`, `_redirects`). Anything else, even if it lands in the folder
 * later, is never served.
 */
async function publicFiles(clientDir: string, apart: readonly string[]): Promise<Set<string>> {
  let entries: string[];
  try {
    entries = await readdir(clientDir, { recursive: true });
  } catch {
    return new Set();
  }
  const files = new Set<string>();
  for (const entry of entries) {
    const address = `/${entry.split(path.sep).join('/')}`;
    if (
      isHidden(entry) ||
      apart.some((folder) => address.startsWith(`/${folder}/`)) ||
      /\.(html|br|gz)$/.test(address) ||
      address === '/_headers' ||
      address === '/_redirects'
    ) {
      continue;
    }
    files.add(address);
  }
  return files;
}

/** The body the request accepts: brotli or gzip where there is one, else the file itself. */
function sendBody(request: FastifyRequest, reply: FastifyReply, bodies: LoadedPage['bodies']) {
  const available = ENCODINGS.filter((encoding) => bodies[encoding]);
  const header = request.headers['accept-encoding'];
  const chosen =
    typeof header === 'string' && available.length > 0
      ? negotiator.negotiate(header, available)
      : null;
  const encoding = available.find((candidate) => candidate === chosen);
  const body = encoding ? bodies[encoding] : undefined;
  if (encoding && body) {
    reply.header('Content-Encoding', encoding);
    return reply.send(body);
  }
  return reply.send(bodies.identity);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: LoadedPage, status: number) {
  reply
    .code(status)
    .header('Content-Security-Policy', page.csp)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', CACHE_REVALIDATE)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) {
    return reply.code(304).send();
  }
  return sendBody(request, reply, page.bodies);
}

/** Link pages kept made, per address and encoding; the least recently asked for go first. */
const LINK_PAGES_KEPT = 256;

/**
 * The pages made for addresses (a link's page with its address written in), each made and
 * compressed once, then served from memory: the most recent LINK_PAGES_KEPT.
 */
class MadePages {
  readonly #pages = new Map<string, LoadedPage>();

  get(
    request: FastifyRequest,
    address: URL,
    make: (encoding: string | null) => LoadedPage,
  ): LoadedPage {
    const encoding = acceptedEncoding(request);
    const key = `${encoding ?? ''} ${address.pathname}${address.search}`;
    let page = this.#pages.get(key);
    if (page) this.#pages.delete(key);
    else page = make(encoding);
    this.#pages.set(key, page);
    if (this.#pages.size > LINK_PAGES_KEPT) {
      const oldest = this.#pages.keys().next().value;
      if (oldest !== undefined) this.#pages.delete(oldest);
    }
    return page;
  }
}

/** The one encoding of ENCODINGS the request accepts best; null: none. */
function acceptedEncoding(request: FastifyRequest): string | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' ? negotiator.negotiate(header, [...ENCODINGS]) : null;
}

/**
 * A page made for one address (a link's page with its address written in): compressed in
 * the one encoding the request accepts, and only where that pays.
 */
function pageForRequest(encoding: string | null, page: LoadedPage, html: string): LoadedPage {
  const identity = Buffer.from(html);
  const bodies: LoadedPage['bodies'] = { identity };
  if (encoding === 'br') {
    bodies.br = brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
    });
  } else if (encoding === 'gzip') bodies.gzip = gzipSync(identity);
  return { bodies, etag: etagOf(identity), csp: page.csp };
}

export interface SiteRoutesOptions {
  /** The build's client folder. */
  clientDir: string;
  manifest: SiteManifest;
  /**
   * Its folders that are served apart: the other languages' sites (`es/`), each mounted
   * under its prefix on its own. Default none.
   */
  apart?: readonly string[];
}

export const siteRoutes = fp<SiteRoutesOptions>(
  async function siteRoutes(app: FastifyInstance, { clientDir, manifest, apart = [] }) {
    const apiOrigin = manifest.feedbackApiOrigin;
    const pages = new Map<string, LoadedPage>();
    for (const [pagePath, file] of Object.entries(manifest.pages)) {
      pages.set(pagePath, await loadPage(clientDir, file, apiOrigin));
    }
    const appShell = await loadPage(clientDir, manifest.appShell, apiOrigin);
    const notFound = await loadPage(clientDir, manifest.notFound, apiOrigin);

    // Every public file, at its address (the pages' own routes come first): with its type and
    // cache policy, revalidated by its hash, precompressed where the visitor accepts it.
    const files = await loadFiles(clientDir, apart);
    app.get(FILES_ROUTE, (request, reply) => {
      const file = files.get(`/${(request.params as { '*': string })['*']}`);
      if (!file) {
        reply.callNotFound();
        return reply;
      }
      reply
        .header('Content-Type', file.type)
        .header('Cache-Control', file.cacheControl)
        .header('ETag', file.etag);
      if (file.bodies.br || file.bodies.gzip) reply.header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return sendBody(request, reply, file.bodies);
    });

    // `/projects/` is `/projects`: one address per page.
    app.addHook('onRequest', (request, reply, done) => {
      const query = request.url.indexOf('?');
      const pathname = query === -1 ? request.url : request.url.slice(0, query);
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        pathname.length < 2 ||
        !pathname.endsWith('/')
      ) {
        done();
        return;
      }
      const withoutSlash = pathname.replace(/\/+$/, '');
      // A language's pages are served under its prefix (`/es`), and its home is `/es/`.
      const page = withoutSlash.slice(app.prefix.length);
      if (page === '' || !pages.has(page)) {
        done();
        return;
      }
      void reply.redirect(withoutSlash + (query === -1 ? '' : request.url.slice(query)), 301);
    });

    for (const [pagePath, page] of pages) {
      app.get(pagePath, (request, reply) => sendPage(request, reply, page, 200));
    }
    for (const shellPath of appShellPaths(manifest.apps)) {
      app.get(shellPath, (request, reply) => sendPage(request, reply, appShell, 200));
    }
    // Every address of an app's link: its page, opening what the address stands for.
    for (const link of manifest.appLinks ?? []) {
      const page = await loadPage(clientDir, link.page, apiOrigin);
      const html = page.bodies.identity.toString('utf8');
      const made = new MadePages();
      app.get(link.path, (request, reply) => {
        const address = new URL(request.url, 'http://site.invalid');
        const answer = made.get(request, address, (encoding) =>
          pageForRequest(
            encoding,
            page,
            linkPageHtml(html, { slug: link.slug, scheme: link.scheme, link }, address),
          ),
        );
        return sendPage(request, reply, answer, 200);
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const { pathname } = new URL(request.url, 'http://site.invalid');
      if (pathname.startsWith('/api/')) {
        return reply
          .code(404)
          .send({ error: { code: 'not_found', message: `No API at ${pathname}` } });
      }
      return sendPage(request, reply, notFound, 404);
    });
  },
  { name: 'site-routes', dependencies: ['security-headers'] },
);
