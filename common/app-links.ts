/**
 * An app's links: addresses of this site, like `/reciperealm/r/:id`, that open the app. Each
 * is a universal link of the app (in apple-app-site-association) and, where the app does not
 * open, a page of its own. The route table, the server, the build and that page all read a
 * link through these functions, so what it matches and what it opens never disagree.
 */

/** A link as the content declares it (`appLinks.patterns` of an app). */
export interface RoutableLink {
  /** Its address: fixed segments and `:name` parameters, one segment each. */
  path: string;
  /** The query parameters passed on to the app; default none. */
  query?: readonly string[];
  /** What the app's scheme opens, with the same parameters; default the path beneath the app's page. */
  appPath?: string;
}

/** An app's links as the route table reads them. */
export interface RoutableAppLinks {
  /** The app's custom URL scheme, e.g. `reciperealm`; set whenever there are patterns. */
  scheme?: string;
  /** Default none. */
  patterns?: readonly RoutableLink[];
}

const PARAM = /^:([a-zA-Z][a-zA-Z0-9]*)$/;

function paramName(segment: string): string | undefined {
  return PARAM.exec(segment)?.[1];
}

/**
 * Where the page of a link is prerendered, one for all its addresses: its address with each
 * parameter written `__name__` (`/reciperealm/r/__id__`).
 */
export function linkShellPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const name = paramName(segment);
      return name === undefined ? segment : `__${name}__`;
    })
    .join('/');
}

/**
 * The values of a link's parameters in a path, as written there (percent-encoded); undefined
 * when the path is not one of the link's addresses.
 */
export function matchLinkPath(path: string, pathname: string): Map<string, string> | undefined {
  const expected = path.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return undefined;
  const values = new Map<string, string>();
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    const name = paramName(segment);
    if (name === undefined) {
      if (value !== segment) return undefined;
    } else if (value === '') return undefined;
    else values.set(name, value);
  }
  return values;
}

/** A path segment as the app receives it: percent-encoded once, whatever the address held. */
function encodedSegment(raw: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return encodeURIComponent(raw);
  }
}

/** What the page of a link opens before it knows its address (prerendered): the app itself. */
export function appHomeUrl(scheme: string): string {
  return `${scheme}://`;
}

/**
 * The address a link opens in the app, e.g. `reciperealm://r/123`, with the link's query
 * parameters as the address carries them (`?room=…`); undefined when `pathname` is not one of
 * the link's addresses.
 */
export function appUrlOf(
  scheme: string,
  slug: string,
  link: RoutableLink,
  { pathname, search }: { pathname: string; search: string },
): string | undefined {
  const values = matchLinkPath(link.path, pathname);
  if (!values) return undefined;
  const template = link.appPath ?? link.path.slice(`/${slug}/`.length);
  const target = template
    .split('/')
    .map((segment) => {
      const name = paramName(segment);
      return name === undefined ? segment : encodedSegment(values.get(name) ?? '');
    })
    .join('/');
  const params = new URLSearchParams(search);
  const query = (link.query ?? [])
    .flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`];
    })
    .join('&');
  return `${appHomeUrl(scheme)}${target}${query ? `?${query}` : ''}`;
}

/**
 * The link-preview card of an app's link, by its place in the app's `appLinks.patterns`
 * (scripts/og-image.ts draws it beside the app's own, common/link-cards.ts).
 */
export function appLinkCardPath(slug: string, index: number): string {
  return `/og/${slug}/link-${index + 1}.png`;
}

/** The id of the route of an app's link, by its place in the app's `patterns`. */
export function appLinkRouteId(slug: string, index: number): string {
  return `${APP_LINK_ROUTE}/${slug}/${index}`;
}

const APP_LINK_ROUTE = 'app-link';

/** Whether a route is the page of an app's link, which exists in the default language only. */
export function isAppLinkRouteId(id: string): boolean {
  return id.startsWith(`${APP_LINK_ROUTE}/`);
}

/** The page of one of an app's links, as the build prerenders it and the server serves it. */
export interface LinkPage {
  slug: string;
  /** The app's custom URL scheme. */
  scheme: string;
  link: RoutableLink;
  /** Where it is prerendered (linkShellPath). */
  shellPath: string;
}

/** The pages of every app's links, app by app in the order given. */
export function linkPages(
  apps: readonly { slug: string; appLinks?: RoutableAppLinks }[],
): LinkPage[] {
  return apps.flatMap(({ slug, appLinks }) =>
    (appLinks?.patterns ?? []).map((link) => ({
      slug,
      scheme: appLinks?.scheme ?? '',
      link,
      shellPath: linkShellPath(link.path),
    })),
  );
}
