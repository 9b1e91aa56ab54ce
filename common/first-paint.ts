/**
 * A page's first paint shows the page whole. The browser may paint a page before its HTML is
 * parsed to the end, and on a slow phone that first frame can hold the top bar and half the
 * content, followed by a second, full layout a moment later: the visitor sees the page
 * assemble itself, and the phone lays it out twice. Every page's head holds its rendering
 * until the site's footer is parsed (`<link rel="expect">`, explicit render-blocking), by
 * which time its content is all there; a page without that footer paints once it is parsed
 * to the end. Browsers without explicit render-blocking paint as before.
 */
export const SITE_FOOTER_ID = 'site-footer';

/** The head element that holds a page's first paint until its content is parsed. */
export const PAINT_WHOLE_PAGE = `<link rel="expect" href="#${SITE_FOOTER_ID}" blocking="render"/>`;
