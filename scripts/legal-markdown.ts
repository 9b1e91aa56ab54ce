/**
 * Turns the legal texts (content/apps/<slug>/privacy.md, terms.md and the further legal
 * pages an app declares, such as delete-account.md) into modules that export ready HTML, at
 * build time: the browser never loads a Markdown parser.
 *
 * The texts name the owner's details by placeholder (`{{owner.email}}`, see
 * LEGAL_PLACEHOLDERS), filled from content/ and the build's settings, so changing
 * content/site.ts changes every policy. A literal email address, the site's literal address
 * or an unknown name stops the build with the file and line.
 */
import path from 'node:path';
import { marked } from 'marked';
import { runnerImport, type Plugin } from 'vite';
import { paths } from '../common/paths.ts';
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
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

function isPlaceholder(name: string): name is LegalPlaceholder {
  return Object.hasOwn(LEGAL_PLACEHOLDERS, name);
}

/**
 * The legal text with its placeholders filled. Throws one error listing every problem as
 * `file:line: …`: an unknown name, a literal email address, the site's literal address.
 */
export function fillLegalText(source: string, values: LegalTextValues, file: string): string {
  const known = Object.keys(LEGAL_PLACEHOLDERS)
    .map((name) => `{{${name}}}`)
    .join(', ');
  const problems: string[] = [];
  source.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [written, name = ''] of line.matchAll(PLACEHOLDER)) {
      if (!isPlaceholder(name)) problems.push(`${where}: unknown name ${written}; known: ${known}`);
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
    isPlaceholder(name) ? values[name] : written,
  );
}

const LEGAL_FILE = /\/content\/apps\/([^/]+)\/[^/]+\.md$/;

/** Each app's placeholder values by its slug, read through Vite (content/ uses import.meta.glob). */
async function loadValues(root: string, prefix: string): Promise<Map<string, LegalTextValues>> {
  const { module } = await runnerImport<typeof import('../content/load.ts')>('/content/load.ts', {
    root,
    configFile: false,
    logLevel: 'error',
  });
  const { site, apps } = module.content;
  return new Map(
    apps.map((app) => [
      app.slug,
      {
        'app.name': app.name,
        'app.support': `${prefix}${paths.support.href(app.slug)}`,
        'owner.name': site.ownerName,
        'owner.email': site.contact.email,
        'site.url': buildSettings.publicUrl,
      },
    ]),
  );
}

/**
 * `prefix`: the addresses' prefix of the pages being built (`/es` in the Spanish build), so
 * `{{app.support}}` leads to the support page in the text's language.
 */
export function legalMarkdown(prefix = ''): Plugin {
  let root = process.cwd();
  let values: Promise<Map<string, LegalTextValues>> | undefined;
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
      const appValues = (await (values ??= loadValues(root, prefix))).get(match[1] ?? '');
      if (!appValues) throw new Error(`${file}: no app has the folder ${match[1] ?? ''}`);
      const html = await marked.parse(fillLegalText(source, appValues, file), { gfm: true });
      return { code: `export default ${JSON.stringify(html)};`, map: null };
    },
  };
}
