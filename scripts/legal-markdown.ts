/**
 * Turns the legal texts (content/apps/<slug>/privacy.md, terms.md and the further legal
 * pages an app declares, such as delete-account.md) into modules that export ready HTML, at
 * build time: the browser never loads a Markdown parser.
 *
 * The texts name the owner's details by placeholder (`{{owner.email}}`, see
 * LEGAL_PLACEHOLDERS), filled from content/ and the build's settings, so changing
 * content/site.ts changes every policy, and write a date as `{{date 2025-04-24}}`, which
 * reads as the text's language writes dates ("April 24, 2025", "24 de abril de 2025"). A
 * literal email address, the site's literal address, an unknown name or a date that does not
 * exist stops the build with the file and line.
 */
import path from 'node:path';
import { marked } from 'marked';
import { runnerImport, type Plugin } from 'vite';
import { paths } from '../common/paths.ts';
import { languageOfFile } from '../content/translations.ts';
import { buildSettings } from './build-settings.ts';

/** The names a legal text can use, written `{{name}}`, and what each stands for. */
export const LEGAL_PLACEHOLDERS = {
  'app.name': "the app's name, from its app.ts",
  'app.support': "the address of the app's support page, its Send Feedback form (/<slug>/support)",
  'owner.name': "the owner's name (ownerName in content/site.ts)",
  'owner.email': "the owner's contact email (contact.email in content/site.ts)",
  'site.url': "the site's public address (PUBLIC_URL at build time)",
} as const;

export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;
export type LegalTextValues = Record<LegalPlaceholder, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** A date's placeholder: `date 2025-04-24`. */
const DATE = /^date (\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as the language writes it: "April 24, 2025", "24 de abril de 2025", "24 أبريل 2025"
 * (in Western digits, as the site writes numbers); undefined for a day that does not exist.
 */
export function formatLegalDate(name: string, language: string): string | undefined {
  const [, year = '', month = '', day = ''] = DATE.exec(name) ?? [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (!year || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return undefined;
  return new Intl.DateTimeFormat(`${language}-u-nu-latn`, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

function isPlaceholder(name: string): name is LegalPlaceholder {
  return Object.hasOwn(LEGAL_PLACEHOLDERS, name);
}

/**
 * The legal text with its placeholders filled, its dates as `language` writes them. Throws
 * one error listing every problem as `file:line: …`: an unknown name, a date that does not
 * exist, a literal email address, the site's literal address.
 */
export function fillLegalText(
  source: string,
  values: LegalTextValues,
  file: string,
  language = 'en',
): string {
  const known = [...Object.keys(LEGAL_PLACEHOLDERS), 'date YYYY-MM-DD']
    .map((name) => `{{${name}}}`)
    .join(', ');
  const problems: string[] = [];
  source.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [written, name = ''] of line.matchAll(PLACEHOLDER)) {
      if (DATE.test(name)) {
        if (formatLegalDate(name, language) === undefined) {
          problems.push(`${where}: ${written} is not a day of the calendar`);
        }
      } else if (!isPlaceholder(name)) {
        problems.push(`${where}: unknown name ${written}; known: ${known}`);
      }
    }
    for (const [address] of line.replace(PLACEHOLDER, '').matchAll(EMAIL)) {
      problems.push(`${where}: literal address "${address}": write {{owner.email}}`);
    }
    if (line.includes(values['site.url'])) {
      problems.push(`${where}: literal address "${values['site.url']}": write {{site.url}}`);
    }
  });
  if (problems.length > 0) throw new Error(`Legal text:\n${problems.join('\n')}`);
  return source.replace(PLACEHOLDER, (written, name: string) =>
    isPlaceholder(name) ? values[name] : (formatLegalDate(name, language) ?? written),
  );
}

const LEGAL_FILE = /\/content\/apps\/([^/]+)\/[^/]+\.md$/;

/**
 * Each app's placeholder values by its slug, and the site's default language, read through
 * Vite (content/ uses import.meta.glob).
 */
async function loadValues(
  root: string,
  prefix: string,
): Promise<{ byApp: Map<string, LegalTextValues>; defaultLanguage: string }> {
  const { module } = await runnerImport<typeof import('../content/load.ts')>('/content/load.ts', {
    root,
    configFile: false,
    logLevel: 'error',
  });
  const { site, apps } = module.content;
  const byApp = new Map(
    apps.map((app) => [
      app.slug,
      {
        'app.name': app.name,
        'app.support': `${prefix}${paths.support.href(app.slug)}`,
        'owner.name': site.ownerName,
        'owner.email': site.contact.email,
        'site.url': buildSettings.publicUrl,
      } satisfies LegalTextValues,
    ]),
  );
  return { byApp, defaultLanguage: site.languages.default };
}

/**
 * `prefix`: the addresses' prefix of the pages being built (`/es` in the Spanish build), so
 * `{{app.support}}` leads to the support page in the text's language.
 */
export function legalMarkdown(prefix = ''): Plugin {
  let root = process.cwd();
  let values: ReturnType<typeof loadValues> | undefined;
  return {
    name: 'portfolio:legal-markdown',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(source, id) {
      const match = LEGAL_FILE.exec(id);
      if (!match) return null;
      const file = path.relative(root, id);
      const { byApp, defaultLanguage } = await (values ??= loadValues(root, prefix));
      const appValues = byApp.get(match[1] ?? '');
      if (!appValues) throw new Error(`${file}: no app has the folder ${match[1] ?? ''}`);
      // `privacy.es.md` is Spanish; `privacy.md` is in the site's default language.
      const language = languageOfFile(file) ?? defaultLanguage;
      const html = await marked.parse(fillLegalText(source, appValues, file, language), {
        gfm: true,
      });
      return { code: `export default ${JSON.stringify(html)};`, map: null };
    },
  };
}
