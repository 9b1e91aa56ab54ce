import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { iconLink, svgDataUrl, withInlineMarks } from './finish-build/inline-marks.ts';
import {
  inlineStylesheet,
  unlinkedStylesheets,
  unlinkedStylesheetsByUse,
  withInlineStylesheets,
} from './finish-build/inline-styles.ts';
import { withScriptsAfterFirstPaint } from './finish-build/scripts-after-paint.ts';
import { robotsTxt, sitemapXml } from './finish-build/site-files.ts';
import { inlineScriptHashes } from './finish-build/site-manifest.ts';
import { THEME_COLORS } from '../common/theme.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the build step', () => {
  it('hashes each inline script exactly as written, and skips external scripts', () => {
    const html =
      '<script>window.a = 1;</script><script type="module" src="/assets/x.js"></script>' +
      '<script type="module">import "/assets/y.js";\n</script><script async src="z.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.a = 1;'),
      sha('import "/assets/y.js";\n'),
    ]);
  });

  it("gives the browser each theme's colour: the page's own background (--bg of the tokens)", async () => {
    const tokens = await readFile(new URL('../app/styles/tokens.css', import.meta.url), 'utf8');
    const bg = /--bg: light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\);/.exec(tokens);
    expect(bg?.slice(1)).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
  });

  it('lists every page of the route table in the sitemap, under the public address', () => {
    const xml = sitemapXml('https://example.com', [
      { slug: 'watchlistr-web', name: 'Watchlistr (Web)', legal: false },
      {
        slug: 'echoexpense',
        name: 'EchoExpense',
        legal: true,
        legalPages: { 'delete-account': 'Delete Your Account' },
      },
    ]);
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://example.com/',
      'https://example.com/watchlistr-web',
      'https://example.com/echoexpense',
      'https://example.com/projects',
      'https://example.com/echoexpense/terms',
      'https://example.com/echoexpense/privacy',
      'https://example.com/echoexpense/delete-account',
      'https://example.com/echoexpense/support',
    ]);
    expect(robotsTxt('https://example.com')).toContain('Sitemap: https://example.com/sitemap.xml');
  });

  it('lists each page in every language, each naming all of them as alternates', () => {
    const xml = sitemapXml('https://example.com', [], { default: 'en', others: ['es'] });
    const entries = [...xml.matchAll(/<url><loc>(.*?)<\/loc>(.*?)<\/url>/g)];
    expect(entries.map((entry) => entry[1])).toEqual([
      'https://example.com/',
      'https://example.com/es/',
      'https://example.com/projects',
      'https://example.com/es/projects',
    ]);
    expect(entries[3]?.[2]).toBe(
      [
        '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/projects"/>',
        '<xhtml:link rel="alternate" hreflang="es" href="https://example.com/es/projects"/>',
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/projects"/>',
      ].join(''),
    );
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('writes each linked stylesheet into the page and leaves its link disabled', () => {
    const css: Record<string, string> = {
      '/assets/a.css': '.a{color:red}',
      '/assets/b.css': 'p{}',
    };
    const html =
      '<head><link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/assets/a.css"/>' +
      '<link rel="stylesheet" href="/assets/b.css#"/></head>';
    expect(withInlineStylesheets(html, (href) => css[href] ?? '')).toBe(
      '<head><link rel="icon" href="/favicon.svg"/>' +
        '<style>.a{color:red}</style><link rel="stylesheet" href="/assets/a.css" media="not all" disabled=""/>' +
        '<style>p{}</style><link rel="stylesheet" href="/assets/b.css" media="not all" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/b.css#" media="not all" disabled=""/></head>',
    );
  });

  it('names by its own address each stylesheet written into the page, for the lazy chunks that load it', () => {
    expect(inlineStylesheet('/assets/form.css', '.f{}')).toBe(
      '<style>.f{}</style><link rel="stylesheet" href="/assets/form.css" media="not all" disabled=""/>',
    );
    expect(() => inlineStylesheet('/assets/x.css', 'a{content:"</style>"}')).toThrow(
      '/assets/x.css contains "</style"',
    );
  });

  it("does the same in another language's pages, whose files are under its prefix", () => {
    const html = '<head><link rel="stylesheet" href="/es/assets/a.css"/></head>';
    expect(withInlineStylesheets(html, (href) => (href === '/es/assets/a.css' ? 'p{}' : ''))).toBe(
      '<head><style>p{}</style><link rel="stylesheet" href="/es/assets/a.css" media="not all" disabled=""/></head>',
    );
    const mark =
      '<span style="--brand-icon:url(&quot;/es/assets/store-1.svg&quot;)" aria-hidden="true"></span>';
    const svg = '<svg viewBox="0 0 24 24"/>';
    expect(withInlineMarks(mark, (href) => (href === '/es/assets/store-1.svg' ? svg : ''))).toBe(
      `<span style="--brand-icon:url(&quot;${svgDataUrl(svg)}&quot;)" aria-hidden="true"></span>`,
    );
  });

  it('writes the icon into a link as a data address that keeps the whole drawing', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>A mark</title>' +
      '<path fill="#fff" d="M0.12345 0.5L10.98765 3.33333"/><text>A &amp; B &lt; 100%</text></svg>\n';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    // The drawing, made compact: coordinates to two decimals, no title, nothing else lost.
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">' +
        '<path fill="#fff" d="M.12.5 11 3.33"/><text>A &amp; B &lt; 100%</text></svg>',
    );
    // Nothing that would end the attribute, start a reference, or end the address.
    expect(url).not.toMatch(/["&#<>\\\t\n\r]|%(?![0-9A-F]{2})/);
    expect(iconLink(svg)).toBe(`<link rel="icon" href="${url}" type="image/svg+xml"/>`);
  });

  it('writes the marks of the first paint into the page, and leaves the lazy ones as files', () => {
    const mark = (href: string, lazy: boolean) =>
      `<span class="_mask_1" style="--brand-icon:url(&quot;${href}&quot;);width:22px;height:22px"` +
      `${lazy ? ' data-lazy=""' : ''} aria-hidden="true"></span>`;
    const svg: Record<string, string> = {
      '/assets/store-1.svg': '<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>\n',
    };
    const html = `<a>${mark('/assets/store-1.svg', false)}</a><ul>${mark('/assets/tool-2.svg', true)}</ul>`;
    const inlined = withInlineMarks(html, (href) => svg[href] ?? '');
    expect(inlined).toBe(
      `<a>${mark(svgDataUrl(svg['/assets/store-1.svg'] ?? ''), false)}</a>` +
        `<ul>${mark('/assets/tool-2.svg', true)}</ul>`,
    );
  });

  it('refuses a stylesheet that would close its style element', () => {
    const html = '<link rel="stylesheet" href="/assets/a.css"/>';
    expect(() => withInlineStylesheets(html, () => 'a{content:"</style>"}')).toThrow(
      '/assets/a.css contains "</style": it cannot be inlined',
    );
  });

  it("holds the page's module script back until the first contentful paint, loading the same modules", () => {
    const script =
      'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\n' +
      'import * as route1 from "/assets/home-3.js";\n  \n  ' +
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
      'import("/assets/entry.client-4.js");';
    const html = withScriptsAfterFirstPaint(
      `<p>Hello</p><script type="module" async="">${script}</script><script>x()</script>`,
    );
    const [, body = ''] = /<script type="module">([\s\S]*?)<\/script>/.exec(html) ?? [];
    // No static import is left: nothing is fetched before the wait is over.
    expect(body).not.toMatch(/^\s*import\s/m);
    const wait = body.indexOf("'first-contentful-paint'");
    const load = body.indexOf(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), ' +
        'import("/assets/root-2.js"), import("/assets/home-3.js")]);',
    );
    const rest = body.indexOf(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
        'import("/assets/entry.client-4.js");',
    );
    // Once the page has painted, the images that wait for it (lazy marks) may load.
    const painted = body.indexOf("d.documentElement.dataset.painted=''");
    expect(wait).toBeGreaterThan(0);
    expect(painted).toBeGreaterThan(wait);
    expect(load).toBeGreaterThan(painted);
    expect(rest).toBeGreaterThan(load);
    // The page around it is unchanged.
    expect(html.startsWith('<p>Hello</p><script type="module">')).toBe(true);
    expect(html.endsWith('</script><script>x()</script>')).toBe(true);
  });

  it('refuses a module script of a form it does not know', () => {
    expect(() =>
      withScriptsAfterFirstPaint(
        '<script type="module" async="">import { a } from "/assets/a.js";\na();</script>',
      ),
    ).toThrow(/Unexpected module script/);
  });
});

describe('the stylesheets of what the prerender drew from a lazy chunk', () => {
  const allCss = new Map([
    ['/assets/root.css', '._pa{color:red}'],
    ['/assets/modal.css', '._dg{position:fixed}._dw{width:1px}'],
    ['/assets/other.css', '._ot{color:blue}'],
  ]);

  it('adds the stylesheet that defines a class the page uses and its own do not', () => {
    const html = '<main class="_pa"><dialog class="_dg round-button" open>';
    expect(unlinkedStylesheets(html, ['/assets/root.css'], allCss)).toEqual(['/assets/modal.css']);
  });

  it('tells what shows at first paint from what only a closed dialog uses', () => {
    const closed =
      '<main class="_pa"></main><dialog class="_dg" id="f"><p class="_ot">x</p></dialog>';
    expect(unlinkedStylesheetsByUse(closed, ['/assets/root.css'], allCss)).toEqual({
      first: [],
      later: ['/assets/modal.css', '/assets/other.css'],
    });
    const open = closed.replace('id="f"', 'id="f" open=""');
    expect(unlinkedStylesheetsByUse(open, ['/assets/root.css'], allCss)).toEqual({
      first: ['/assets/modal.css', '/assets/other.css'],
      later: [],
    });
  });

  it('adds nothing when the linked stylesheets cover the page, or for a class by prefix only', () => {
    expect(unlinkedStylesheets('<main class="_pa">', ['/assets/root.css'], allCss)).toEqual([]);
    expect(unlinkedStylesheets('<p class="_d">', ['/assets/root.css'], allCss)).toEqual([]);
  });
});
