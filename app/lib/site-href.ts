/**
 * A path of this site as an address in the page's language: `/echoexpense` stays as it is in
 * the default language's pages and is `/es/echoexpense` in the Spanish ones, which are built
 * under that prefix. The router's links (`<Link>`) get the prefix from its basename; a
 * plain link, which works before the scripts run and without them, is written with it.
 */
export function siteHref(path: string): string {
  return `${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;
}
