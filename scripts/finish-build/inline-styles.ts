/**
 * The stylesheets a prerendered page needs, written into the page, so its first paint waits
 * for the HTML alone.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SCOPED_CLASS } from '../css-class-names.ts';

/** A stylesheet link, its address under the pages' prefix where they have one (`/es/assets/…`). */
const STYLESHEET_LINK =
  /<link rel="stylesheet" href="((?:\/[\w-]+)?\/assets\/[^"#?]+\.css)([#?][^"]*)?"\/>/g;

/**
 * A link that marks a stylesheet as in the page already: `disabled` and for no media, so the
 * browser neither fetches nor applies it. Chromium's preload scanner fetches a disabled
 * stylesheet all the same, at the highest priority beside the HTML (six requests on home),
 * but not one for no media.
 */
function keptLink(href: string): string {
  return `<link rel="stylesheet" href="${href}" media="not all" disabled=""/>`;
}

/**
 * A stylesheet written into the page, and the link by its own address that tells the
 * scripts it is there: when a lazy chunk loads (the feedback form's), the build's preload
 * helper adds a live link for each stylesheet of the chunk that no `<link rel="stylesheet">`
 * of the page names, exactly. Without this link, every page fetched again three to seven
 * stylesheets it carries, each then parsed and applied over the whole page while it starts.
 */
export function inlineStylesheet(href: string, css: string): string {
  if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined`);
  return `<style>${css}</style>${keptLink(href)}`;
}

/**
 * Writes each stylesheet a prerendered page links into the page itself, so the first paint
 * waits for the HTML alone, not for another round trip per stylesheet. The link stays, kept
 * (`keptLink`): React finds it there when it hydrates (it matches a link by its `rel` and
 * `href` and leaves the rest alone), and a page reached later in the app loads only the
 * stylesheets that are new to it. React Router names a stylesheet that a lazy chunk also
 * loads with a `#` after its address; such a one gets a second link, by its own address, for
 * the preload helper (`inlineStylesheet`). `cssOf` gives a stylesheet's text by its address.
 */
export function withInlineStylesheets(html: string, cssOf: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_link, href: string, suffix = '') => {
    const inline = inlineStylesheet(href, cssOf(href));
    return suffix === '' ? inline : inline + keptLink(`${href}${suffix}`);
  });
}

/**
 * The stylesheets a prerendered page needs beyond those it links: a component of a lazy
 * chunk that the prerender drew (the form open on a support page) styles the page with the
 * stylesheet of its chunk, which the page does not link, so it would show unstyled until the
 * page is live. These are the build's stylesheets (`allCss`, by address) that define a
 * class the page's HTML uses and its linked stylesheets (`linked`) do not.
 */
export function unlinkedStylesheets(
  html: string,
  linked: readonly string[],
  allCss: ReadonlyMap<string, string>,
): string[] {
  const used = new Set(
    [...html.matchAll(/\sclass="([^"]*)"/g)]
      .flatMap((match) => (match[1] ?? '').split(/\s+/))
      .filter((name) => SCOPED_CLASS.test(name)),
  );
  const defines = (css: string, name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);
  const missing = [...used].filter(
    (name) => !linked.some((href) => defines(allCss.get(href) ?? '', name)),
  );
  return [...allCss.keys()].filter(
    (href) =>
      !linked.includes(href) && missing.some((name) => defines(allCss.get(href) ?? '', name)),
  );
}

/** A dialog prerendered closed, whole (dialogs do not nest): nothing of it shows at first. */
const CLOSED_DIALOG = /<dialog\b(?![^>]*\sopen[\s=>/])[^>]*>[\s\S]*?<\/dialog>/g;

/**
 * `unlinkedStylesheets`, split by when the page needs them: `first`, for what shows at its
 * first paint, and `later`, for what only its closed dialogs use (the form a tap opens),
 * which need not hold the first paint back: they go after the page's content.
 */
export function unlinkedStylesheetsByUse(
  html: string,
  linked: readonly string[],
  allCss: ReadonlyMap<string, string>,
): { first: string[]; later: string[] } {
  const first = unlinkedStylesheets(html.replace(CLOSED_DIALOG, ''), linked, allCss);
  const later = unlinkedStylesheets(html, linked, allCss).filter((href) => !first.includes(href));
  return { first, later };
}

/** The addresses of the stylesheets a prerendered page links. */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
}

/** Every stylesheet of the build, by its address (under the pages' `prefix`: `/es/assets/…`). */
export async function stylesheetsOf(clientDir: string, prefix = ''): Promise<Map<string, string>> {
  const assets = await readdir(path.join(clientDir, 'assets'));
  const css = new Map<string, string>();
  for (const name of assets.filter((file) => file.endsWith('.css'))) {
    const text = await readFile(path.join(clientDir, 'assets', name), 'utf8');
    css.set(`${prefix}/assets/${name}`, text);
  }
  return css;
}
