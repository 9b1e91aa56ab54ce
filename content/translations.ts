/**
 * Build-time check of the owner's translations, beside the files they translate:
 * `content/site.<language>.ts` (its `site` export), `content/apps/<slug>/app.<language>.ts`
 * (its default export) and `content/apps/<slug>/<page>.<language>.md` (a legal page). A
 * translation of a language content/site.ts does not name, of an app or a page that does
 * not exist, or of a field the schema does not have stops the build, naming the file and
 * the field; what is not translated is shown in the default language, and
 * `translationReport` says what each language lacks.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  AppTranslationSchema,
  LanguageSchema,
  SiteTranslationSchema,
  type App,
  type AppTranslation,
  type Site,
  type SiteTranslation,
} from './schema.ts';

/** A translation module as found: its file under content/ and its export, not yet checked. */
export interface RawTranslationFile {
  /** Relative to content/: `site.es.ts`, `apps/echoexpense/app.es.ts`. */
  file: string;
  input: unknown;
}

export interface RawTranslations {
  site: readonly RawTranslationFile[];
  apps: readonly RawTranslationFile[];
}

/** One language's translations, checked. */
export interface Translation {
  site: SiteTranslation;
  /** By app slug. */
  apps: Record<string, AppTranslation>;
  /** The legal pages translated, by app slug: `privacy`, `terms`, `delete-account`. */
  legalPages: Record<string, string[]>;
}

/** The language a translation's file is in: `app.es.ts` → `es`, `privacy.pt-BR.md` → `pt-BR`. */
export function languageOfFile(file: string): string | undefined {
  const match = /\.([^./]+)\.(?:ts|md)$/.exec(file);
  return match?.[1];
}

/** The pages an app's legal texts may be translated for: its own and its further ones. */
function legalPagesOf(app: App): string[] {
  return app.legal ? ['privacy', 'terms', ...Object.keys(app.legalPages ?? {})] : [];
}

function issuesOf(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && !field && issue.keys.includes('appLinks')) {
      return `content/${file}: appLinks: the pages of an app's links are in the default language alone (the addresses the app opens are those), so a translation has no texts of theirs`;
    }
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((key) => `"${key}"`).join(', ');
      return `content/${file}: ${field ? `${field}: ` : ''}unknown key ${keys}; a translation has only the texts of the file it translates`;
    }
    return `content/${file}: ${field || '(root)'}: ${issue.message}`;
  });
}

/**
 * Checks every translation against the content it translates and the languages the site
 * names; returns them by language, and every problem, each naming its file and field.
 */
export function checkTranslations(
  raw: RawTranslations,
  content: { site: Site; apps: readonly App[] },
  contentDir: string,
): { translations: Record<string, Translation>; problems: string[] } {
  const { languages } = content.site;
  const problems: string[] = [];
  const translations: Record<string, Translation> = Object.fromEntries(
    languages.others.map((language) => [language, { site: {}, apps: {}, legalPages: {} }]),
  );
  const declared = (file: string): Translation | undefined => {
    const language = languageOfFile(file) ?? '';
    const translation = translations[language];
    if (translation) return translation;
    problems.push(
      LanguageSchema.safeParse(language).success && language !== languages.default
        ? `content/${file}: the language "${language}" is not among the site's languages; add it to languages.others in content/site.ts`
        : `content/${file}: "${language}" is not a language the site is translated into (${languages.others.join(', ') || 'none: add them to languages.others in content/site.ts'})`,
    );
    return undefined;
  };

  for (const { file, input } of raw.site) {
    const translation = declared(file);
    const parsed = SiteTranslationSchema.safeParse(input);
    if (!parsed.success) problems.push(...issuesOf(file, parsed.error));
    else if (translation) translation.site = parsed.data;
  }

  const bySlug = new Map(content.apps.map((app) => [app.slug, app]));
  for (const { file, input } of raw.apps) {
    const slug = file.split('/')[1] ?? '';
    const app = bySlug.get(slug);
    const translation = declared(file);
    if (!app) {
      problems.push(`content/${file}: there is no app "${slug}" (content/apps/${slug}/app.ts)`);
      continue;
    }
    const parsed = AppTranslationSchema.safeParse(input);
    if (!parsed.success) {
      problems.push(...issuesOf(file, parsed.error));
      continue;
    }
    const known = Object.keys(app.legalPages ?? {});
    for (const page of Object.keys(parsed.data.legalPages ?? {})) {
      if (!known.includes(page)) {
        problems.push(
          `content/${file}: legalPages.${page}: the app has no such page (its legalPages: ${known.join(', ') || 'none'})`,
        );
      }
    }
    const own = Array.isArray(app.screenshots) ? app.screenshots.length : 0;
    const alts = parsed.data.screenshots?.length ?? 0;
    if (alts > own) {
      problems.push(
        `content/${file}: screenshots: ${alts} alt texts given, but the app has ${own} screenshots of its own (screenshots in its app.ts), in that order`,
      );
    }
    const buttons = parsed.data.buttons?.length ?? 0;
    if (buttons > app.buttons.length) {
      problems.push(
        `content/${file}: buttons: ${buttons} given, but the app has ${app.buttons.length} (buttons in its app.ts), in that order`,
      );
    }
    const renamed = parsed.data.name;
    const other = content.apps.find((each) => each !== app && each.name === renamed);
    if (renamed !== undefined && other) {
      problems.push(
        `content/${file}: name: "${renamed}" is the name of ${other.slug}; each app's name tells it apart`,
      );
    }
    if (translation) translation.apps[slug] = parsed.data;
  }

  for (const app of content.apps) {
    const folder = path.join(contentDir, 'apps', app.slug);
    const pages = legalPagesOf(app);
    for (const name of readdirSync(folder)) {
      const match = /^(.+)\.[^.]+\.md$/.exec(name);
      if (!match) continue;
      const [, page = ''] = match;
      const file = `apps/${app.slug}/${name}`;
      const translation = declared(file);
      if (!pages.includes(page)) {
        problems.push(
          `content/${file}: the app has no legal page "${page}"; translate one of ${pages.map((each) => `${each}.md`).join(', ') || 'its pages (it has none: legal is false)'}`,
        );
      } else if (translation) {
        (translation.legalPages[app.slug] ??= []).push(page);
      }
    }
  }
  return { translations, problems };
}

/** The texts of the default language that a translation shows as they are, by where they are. */
function lacking(
  content: { site: Site; apps: readonly App[] },
  translation: Translation,
): string[] {
  const missing: string[] = [];
  const siteFields = ['tagline', 'siteName', 'description', 'aboutMe'] as const;
  const site = siteFields.filter((field) => translation.site[field] === undefined);
  if (site.length > 0) missing.push(`site.ts: ${site.join(', ')}`);
  for (const app of content.apps) {
    const texts = translation.apps[app.slug] ?? {};
    const fields = (['summary', 'description', 'features'] as const).filter(
      (field) => texts[field] === undefined,
    );
    for (const page of Object.keys(app.legalPages ?? {})) {
      if (texts.legalPages?.[page] === undefined) fields.push(`legalPages.${page}` as never);
    }
    const own = Array.isArray(app.screenshots) ? app.screenshots.length : 0;
    if ((texts.screenshots?.length ?? 0) < own) fields.push('screenshots' as never);
    app.buttons.forEach((button, index) => {
      if (button.label !== undefined && texts.buttons?.[index]?.label === undefined) {
        fields.push(`buttons[${index}]` as never);
      }
    });
    const done = translation.legalPages[app.slug] ?? [];
    const pages = legalPagesOf(app).filter((page) => !done.includes(page));
    const parts = [
      ...(fields.length > 0 ? [`app.ts: ${fields.join(', ')}`] : []),
      ...pages.map((page) => `${page}.md`),
    ];
    if (parts.length > 0) missing.push(`apps/${app.slug}: ${parts.join('; ')}`);
  }
  return missing;
}

/** Items listed per language before the report counts the rest. */
const REPORT_ITEMS = 6;

/**
 * One short report of the site's languages and what each lacks, shown in the default
 * language instead, e.g.
 *   Languages: en (default), es (complete), ar (3 texts in en: site.ts: aboutMe; …)
 * The site's own words count too: a language whose folder of app/i18n lacks a catalogue
 * (`siteWordsMissing`) shows those words in English.
 */
export function translationReport(
  content: { site: Site; apps: readonly App[] },
  translations: Record<string, Translation>,
  /** The catalogue files of the site's own words each language lacks (`site.ts`), by language. */
  siteWordsMissing: Readonly<Record<string, readonly string[]>> = {},
): string {
  const { languages } = content.site;
  const lines = languages.others.map((language) => {
    const translation = translations[language];
    const words = siteWordsMissing[language] ?? [];
    const missing = [
      ...(words.length > 0 ? [`app/i18n/${language}/: ${words.join(', ')}`] : []),
      ...(translation ? lacking(content, translation) : ['everything']),
    ];
    if (missing.length === 0) return `  ${language}: complete`;
    const shown = missing.slice(0, REPORT_ITEMS).join('\n      ');
    const more =
      missing.length > REPORT_ITEMS ? `\n      and ${missing.length - REPORT_ITEMS} more` : '';
    return `  ${language}: shown in ${languages.default} where not translated:\n      ${shown}${more}`;
  });
  return [`Languages: ${languages.default} (default)`, ...lines].join('\n');
}
