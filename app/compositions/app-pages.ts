/**
 * The app (and legal document) each route of the route table stands for, found by the
 * route's id: a route module reads its resolved app from its matched routes, as React
 * Router gives them to `meta` and through `useMatches()`, and never parses the address.
 * Only the app's own routes load this; home and All Projects need none of it.
 */
import { allRoutes, siteRoutes, type LegalDoc } from '../../common/paths.ts';
import { apps } from '../../content/index.ts';
import { resolvedApps, type ResolvedApp } from './app-model.ts';

/** A legal page: the app it belongs to and the document it shows. */
export interface LegalPage {
  resolved: ResolvedApp;
  doc: LegalDoc;
  /** The document's title, e.g. "Terms of Use". */
  title: string;
}

const appPages = new Map<string, ResolvedApp>();
const legalPages = new Map<string, LegalPage>();
const supportPages = new Set<string>();
const resolvedBySlug = new Map(resolvedApps.map((resolved) => [resolved.app.slug, resolved]));
for (const route of allRoutes(siteRoutes(apps))) {
  const resolved = route.slug === undefined ? undefined : resolvedBySlug.get(route.slug);
  if (!resolved || route.id === undefined) continue;
  if (route.screen === 'project') appPages.set(route.id, resolved);
  if (route.screen === 'support') supportPages.add(route.id);
  const legal = resolved.legalDocs.find(({ href }) => href === route.path);
  if (route.screen === 'legal' && legal) {
    legalPages.set(route.id, { resolved, doc: legal.doc, title: legal.title });
  }
}

/** The matched routes, as React Router gives them to `meta` and through `useMatches()`. */
type Matches = readonly ({ id: string } | undefined)[];

function pageOf<T>(pages: ReadonlyMap<string, T>, matches: Matches, kind: string): T {
  for (const match of matches) {
    const page = match && pages.get(match.id);
    if (page) return page;
  }
  const ids = matches.map((match) => match?.id).join(', ');
  throw new Error(`No ${kind} among the matched routes (${ids})`);
}

/** The app whose page, or a page beneath it, the matched routes show. */
export function appPageOf(matches: Matches): ResolvedApp {
  return pageOf(appPages, matches, 'app page');
}

/** The legal page the matched routes show. */
export function legalPageOf(matches: Matches): LegalPage {
  return pageOf(legalPages, matches, 'legal page');
}

/** Whether the matched routes show an app's support page (its form over the page). */
export function isSupportPage(matches: Matches): boolean {
  return matches.some((match) => match !== undefined && supportPages.has(match.id));
}
