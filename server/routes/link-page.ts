/**
 * The page of an app's link as the server sends it: the one prerendered page of the link,
 * with what the app's scheme opens for the address asked for written into its Open in the
 * app button, so it works before the page's scripts run and without them.
 */
import { appHomeUrl, appUrlOf, type RoutableLink } from '../../common/app-links.ts';

/** A value written into an HTML attribute, as React writes one. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface LinkPageOptions {
  slug: string;
  scheme: string;
  link: RoutableLink;
}

/**
 * The link's page for an address (its path and query): the prerendered page opens the app
 * itself (`scheme://`), and now opens what the address stands for. An address the link does
 * not match keeps the page as it is.
 */
export function linkPageHtml(
  html: string,
  { slug, scheme, link }: LinkPageOptions,
  address: { pathname: string; search: string },
): string {
  const appUrl = appUrlOf(scheme, slug, link, address);
  if (appUrl === undefined) return html;
  return html.replaceAll(
    `href="${escapeAttribute(appHomeUrl(scheme))}"`,
    `href="${escapeAttribute(appUrl)}"`,
  );
}
