/**
 * The site's icon and the marks a page paints at once, written into the page as `data:`
 * addresses, so that neither costs a request while the page loads.
 */
import { optimize } from 'svgo';

/**
 * An SVG made as small as it can be for a mark or an icon a few dozen pixels wide: SVGO's
 * default optimisations, coordinates to two decimals (a hundredth of the 24-unit box of
 * the store and technology marks), no title (a mark is a mask, named by its control). The
 * App Store's mark halves, and an app page's HTML loses some 350 bytes compressed.
 */
export function compactSvg(svg: string): string {
  return optimize(svg, {
    multipass: true,
    floatPrecision: 2,
    plugins: ['preset-default', 'removeTitle'],
  }).data;
}

/**
 * An SVG, made compact, as a `data:` address that can stand in a double-quoted attribute:
 * the characters that would end the attribute, start a character reference, or end the
 * address are percent-encoded, the rest is kept as it is (shorter than base64, and
 * compresses with the page).
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${compactSvg(svg)
    .trim()
    .replace(/["%#&<>\\\t\n\r]/g, encodeURIComponent)}`;
}

/**
 * The link to the site's icon, written into every page's head with the icon itself as a
 * `data:` address. The browser then asks the server for nothing more once the page has
 * loaded: on a slow phone connection that request would otherwise share the line with the
 * page's first screenshots. React does not render this link, so hydration leaves it alone.
 */
export function iconLink(svg: string): string {
  return `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml"/>`;
}

/**
 * Without scripts nothing marks the page painted: this shows the lazy marks (`data-lazy`,
 * see `app/ui/brand-icon.module.css`) at once, as the browser reads the page.
 */
export const LAZY_MARKS_WITHOUT_SCRIPTS =
  '<noscript><style>[data-lazy]{visibility:visible!important;' +
  'mask-image:var(--brand-icon)!important;-webkit-mask-image:var(--brand-icon)!important}' +
  '</style></noscript>';

const FILE_MARK =
  /<span ([^>]*?)style="--brand-icon:url\(&quot;((?:\/[\w-]+)?\/assets\/[^"&]+\.svg)&quot;\)([^>]*)>/g;

/**
 * Writes the marks a page paints at once into the page, as `data:` addresses: the marks
 * drawn from an SVG file (`app/ui/brand-icon.tsx`) that are not lazy, that is the store
 * marks at the top of an app page. Its first paint then needs no request for them. The
 * scripts keep the files' addresses, which a page reached in the app loads as before; React
 * leaves the attribute as the HTML has it when it hydrates. `svgOf` gives a file's text by
 * its address.
 */
export function withInlineMarks(html: string, svgOf: (href: string) => string): string {
  return html.replace(FILE_MARK, (tag, before: string, href: string, after: string) =>
    isLazy(before, after)
      ? tag
      : `<span ${before}style="--brand-icon:url(&quot;${svgDataUrl(svgOf(href))}&quot;)${after}>`,
  );
}

/** Whether a mark's other attributes make it lazy. */
function isLazy(before = '', after = ''): boolean {
  return /\bdata-lazy=/.test(before + after);
}

/** The addresses of the SVG files of the marks `withInlineMarks` writes into a page. */
export function inlineMarkFiles(html: string): string[] {
  const marks = [...html.matchAll(FILE_MARK)].filter((match) => !isLazy(match[1], match[3]));
  return [...new Set(marks.map((match) => match[2] ?? ''))];
}
