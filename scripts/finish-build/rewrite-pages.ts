/**
 * Rewrites every prerendered page for its first paint: its scripts wait for the paint, its
 * stylesheets and first marks are written into it, and its head gains the site's icon, the
 * browser's colour of each theme with the script that applies the visitor's theme before the
 * first paint (`common/theme.ts`), and the script that keeps the visitor's taps until the
 * page is live (`common/early-events.ts`).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EARLY_EFFECTS_FILE_PREFIX,
  EARLY_EFFECTS_SCRIPT,
  EARLY_EVENTS_SCRIPT,
} from '../../common/early-events-script.ts';
import { PAINT_WHOLE_PAGE } from '../../common/first-paint.ts';
import { PLATFORM_SCRIPT } from '../../common/visitor-platform.ts';
import { linkPages } from '../../common/app-links.ts';
import { pageRoutes, type RoutableApp, type SiteRoute } from '../../common/paths.ts';
import { themeColorMetas } from '../../common/theme.ts';
import { THEME_SCRIPT } from '../../common/theme-script.ts';
import {
  iconLink,
  inlineMarkFiles,
  LAZY_MARKS_WITHOUT_SCRIPTS,
  withInlineMarks,
} from './inline-marks.ts';
import {
  inlineStylesheet,
  linkedStylesheets,
  stylesheetsOf,
  unlinkedStylesheetsByUse,
  withInlineStylesheets,
} from './inline-styles.ts';
import { APP_SHELL_FILE, NOT_FOUND_FILE } from './not-found-page.ts';
import { withoutScriptPreloads, withScriptsAfterFirstPaint } from './scripts-after-paint.ts';

/** The site's icon, a file of the public folder. */
const ICON_FILE = 'favicon.svg';

/** The file a page's route is prerendered to. */
export function pageFile(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
}

async function rewritePage(
  clientDir: string,
  prefix: string,
  file: string,
  allCss: ReadonlyMap<string, string>,
  head = '',
): Promise<void> {
  const target = path.join(clientDir, file);
  let html = withoutScriptPreloads(await readFile(target, 'utf8'));
  // The app shell paints nothing before its scripts render the page.
  if (file !== APP_SHELL_FILE) html = withScriptsAfterFirstPaint(html);
  const linked = linkedStylesheets(html);
  const styles = (hrefs: string[]) =>
    hrefs.map((href) => inlineStylesheet(href, allCss.get(href) ?? '')).join('');
  const { first, later } = unlinkedStylesheetsByUse(html, linked, allCss);
  html = withInlineStylesheets(html, (href) => allCss.get(href) ?? '');
  if (first.length > 0) html = html.replace('</head>', `${styles(first)}</head>`);
  // After the footer, which the first paint waits for (common/first-paint.ts): the closed
  // form's styles arrive with the end of the page, not before its content.
  if (later.length > 0) html = html.replace('</body>', `${styles(later)}</body>`);
  const svg = new Map<string, string>();
  for (const href of inlineMarkFiles(html)) {
    svg.set(href, await readFile(path.join(clientDir, href.slice(prefix.length)), 'utf8'));
  }
  html = withInlineMarks(html, (href) => svg.get(href) ?? '');
  await writeFile(target, head ? html.replace('</head>', `${head}</head>`) : html);
}

/**
 * Writes the early taps' effects (`common/early-events-script.ts`) as an asset named by its
 * content, cached for good like the others, and returns its path in the site.
 */
async function writeEarlyEffects(clientDir: string): Promise<string> {
  const hash = createHash('sha256').update(EARLY_EFFECTS_SCRIPT).digest('base64url').slice(0, 8);
  const file = `${EARLY_EFFECTS_FILE_PREFIX}${hash}.js`;
  await writeFile(path.join(clientDir, file), EARLY_EFFECTS_SCRIPT);
  return file;
}

/**
 * Rewrites the page of every route, of every app's link, the app shell and the 404 page.
 * `headOf` gives what a route's head gains beyond what every page's does (its JSON-LD).
 */
export async function rewritePages(
  clientDir: string,
  apps: readonly RoutableApp[],
  headOf: (route: SiteRoute) => string,
  /** The prefix of the pages' addresses (`/es` in the Spanish build); default none. */
  prefix = '',
  /** Where the site's public files are (its icon): the client folder, or public/ for a language's. */
  publicDir = clientDir,
): Promise<void> {
  // What every page's head gains: its first paint held until its content is parsed
  // (`common/first-paint.ts`), the icon, the lazy marks shown without scripts, the
  // browser's colour of each theme and the script that applies the visitor's theme, and the
  // script that keeps the visitor's taps until the page is live, with the file of their
  // effects, loaded at once beside the page. React renders none of them, so hydration
  // leaves them alone.
  const effectsFile = await writeEarlyEffects(clientDir);
  const everyHead =
    PAINT_WHOLE_PAGE +
    iconLink(await readFile(path.join(publicDir, ICON_FILE), 'utf8')) +
    LAZY_MARKS_WITHOUT_SCRIPTS +
    themeColorMetas() +
    `<script>${THEME_SCRIPT}</script>` +
    `<script>${EARLY_EVENTS_SCRIPT}</script>` +
    `<script async src="${prefix}/${effectsFile}"></script>`;
  const allCss = await stylesheetsOf(clientDir, prefix);
  await Promise.all([
    ...pageRoutes(apps).map((route) =>
      rewritePage(clientDir, prefix, pageFile(route.path), allCss, `${everyHead}${headOf(route)}`),
    ),
    // The page of each app's link, one for all its addresses, which marks the visitor's
    // platform before its first paint.
    ...linkPages(apps).map(({ shellPath }) =>
      rewritePage(
        clientDir,
        prefix,
        pageFile(shellPath),
        allCss,
        `${everyHead}<script>${PLATFORM_SCRIPT}</script>`,
      ),
    ),
    rewritePage(clientDir, prefix, APP_SHELL_FILE, allCss, everyHead),
    rewritePage(clientDir, prefix, NOT_FOUND_FILE, allCss, everyHead),
  ]);
}
