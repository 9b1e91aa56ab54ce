import { useLocation, useMatches, type MetaArgs } from 'react-router';
import { appHomeUrl, appLinkCardPath, appLinkRouteId, appUrlOf } from '../../common/app-links.ts';
import { paths } from '../../common/paths.ts';
import type { AppLinks, LinkPattern } from '../../content/app-links-schema.ts';
import { appLinksBySlug } from '../../content/app-links.ts';
import { apps } from '../../content/index.ts';
import type { BrowserApp } from '../../content/schema.ts';
import { appIcons } from '../compositions/app-icons.ts';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { LinkLanding, type StoreLink } from '../features/app-links/link-landing.tsx';
import { useHydratedValue } from '../features/app-links/use-hydrated-value.ts';

interface LinkPage {
  app: BrowserApp;
  scheme: string;
  pattern: LinkPattern;
  index: number;
}

/** The app and the link each link route stands for, by the route's id (appLinkRoutes). */
const linkPages = new Map<string, LinkPage>();
for (const app of apps) {
  const links: AppLinks | undefined = appLinksBySlug.get(app.slug);
  (links?.patterns ?? []).forEach((pattern, index) => {
    if (links?.scheme === undefined) return;
    linkPages.set(appLinkRouteId(app.slug, index), { app, scheme: links.scheme, pattern, index });
  });
}

function linkPageOf(matches: readonly ({ id: string } | undefined)[]): LinkPage {
  for (const match of matches) {
    const page = match && linkPages.get(match.id);
    if (page) return page;
  }
  const ids = matches.map((match) => match?.id).join(', ');
  throw new Error(`No app link among the matched routes (${ids})`);
}

// React Router's own type, not this route's generated one: the route exists only while an
// app of the content needs it, and its generated types with it.
export function meta({ matches }: MetaArgs) {
  const { app, pattern, index } = linkPageOf(matches);
  // No path: one visitor's link, kept out of search engines.
  return appPageMeta(app, {
    title: `${pattern.title} — ${app.name}`,
    description: pattern.description,
    card: { path: appLinkCardPath(app.slug, index), alt: `${app.name}: ${pattern.title}` },
  });
}

/** Each store's platform, in the order a link's page shows them. */
const STORE_PLATFORMS = [
  ['appStore', 'ios'],
  ['testFlight', 'ios'],
  ['playStore', 'android'],
] as const;

/**
 * The app's stores for a link's page: the App Store (or else TestFlight), then Google Play,
 * each with the QR code its button has on the app's page. (That QR code's address is written
 * out here, not imported from common/qr-codes.ts: sharing that module with the app pages
 * would split it into a file of its own that the home page would load too.)
 */
function storesOf(app: BrowserApp): StoreLink[] {
  const stores = STORE_PLATFORMS.flatMap(([kind, platform]) => {
    const button = app.buttons.find((candidate) => candidate.kind === kind);
    return button
      ? [{ kind, platform, href: button.href, qrSrc: `/qr/${app.slug}-${kind}.svg` }]
      : [];
  });
  return stores.filter(
    (store, index) => stores.findIndex((first) => first.platform === store.platform) === index,
  );
}

/**
 * The page of an app's link (`appLinks.patterns` of its app.ts). One prerendered page answers
 * every address of the link: what the app's scheme opens is worked out from the address, by
 * the server before the page is sent and here once it is live.
 */
export default function AppLinkRoute() {
  const { app, scheme, pattern } = linkPageOf(useMatches());
  const location = useLocation();
  const appUrl = appUrlOf(scheme, app.slug, pattern, location) ?? appHomeUrl(scheme);
  // The prerendered page opens the app itself; the address's own link is written in once live.
  const shownUrl = useHydratedValue(appUrl, appHomeUrl(scheme));
  return (
    <main id="main">
      <LinkLanding
        icon={appIcons[app.slug]}
        appName={app.name}
        accent={app.accent}
        title={pattern.title}
        description={pattern.description}
        appUrl={shownUrl}
        openOnArrival={appUrl}
        stores={storesOf(app)}
        appPageHref={paths.project.href(app.slug)}
      />
    </main>
  );
}
