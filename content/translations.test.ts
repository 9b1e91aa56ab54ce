import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { content, contentDir, translations } from './load.ts';
import type { App } from './schema.ts';
import { checkTranslations, translationReport, type RawTranslations } from './translations.ts';

const echo = content.apps.find((app) => app.slug === 'echoexpense') as App;
const popshop = content.apps.find((app) => app.slug === 'manzanos-popshop') as App;
const site = { ...content.site, languages: { default: 'en', others: ['es', 'ar'] } };

/** A content folder whose app folders hold these files (legal pages and their translations). */
function folderWith(files: Record<string, string[]>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'translations-'));
  for (const [slug, names] of Object.entries({ 'manzanos-popshop': [], ...files })) {
    mkdirSync(path.join(dir, 'apps', slug), { recursive: true });
    for (const name of names) writeFileSync(path.join(dir, 'apps', slug, name), '# Text\n');
  }
  return dir;
}

const none: RawTranslations = { site: [], apps: [] };

function check(raw: Partial<RawTranslations>, dir = folderWith({ echoexpense: [] })) {
  return checkTranslations({ ...none, ...raw }, { site, apps: [echo, popshop] }, dir);
}

describe("the sample's translations", () => {
  it('are Spanish, complete, and Arabic, all but the legal pages', () => {
    expect(content.site.languages).toEqual({ default: 'en', others: ['es', 'ar'] });
    const report = translationReport(content, translations).split('\n');
    expect(report.slice(0, 3)).toEqual([
      'Languages: en (default)',
      '  es: complete',
      '  ar: shown in en where not translated:',
    ]);
    // Each app's legal pages, and nothing else.
    for (const line of report.slice(3, -1)) {
      expect(line).toMatch(/^ {6}apps\/[a-z-]+: privacy\.md; terms\.md(?:; [a-z-]+\.md)*$/);
    }
    expect(report.at(-1)).toBe(
      `      and ${content.apps.filter((app) => app.legal).length - 6} more`,
    );
    expect(translations.ar?.site.aboutMe).toHaveLength(2);
    expect(translations.es?.apps.echoexpense?.features).toContain('Seguimiento de tus ahorros');
    expect(translations.es?.legalPages['manzanos-popshop']?.sort()).toEqual([
      'delete-account',
      'privacy',
      'security',
      'terms',
    ]);
  });

  it('check against the real folders without a problem', () => {
    expect(checkTranslations(none, content, contentDir).problems).toEqual([]);
  });
});

describe('a translation that cannot be shown stops the build, naming file and field', () => {
  it('in a language the site does not name', () => {
    const { problems } = check({ apps: [{ file: 'apps/echoexpense/app.fr.ts', input: {} }] });
    expect(problems).toEqual([
      'content/apps/echoexpense/app.fr.ts: the language "fr" is not among the site\'s languages; add it to languages.others in content/site.ts',
    ]);
  });

  it('of a field the content does not have', () => {
    const { problems } = check({
      site: [{ file: 'site.es.ts', input: { tagline: 'Hola', contact: {} } }],
      apps: [{ file: 'apps/echoexpense/app.es.ts', input: { slogan: 'Facturas al día' } }],
    });
    expect(problems).toEqual([
      'content/site.es.ts: unknown key "contact"; a translation has only the texts of the file it translates',
      'content/apps/echoexpense/app.es.ts: unknown key "slogan"; a translation has only the texts of the file it translates',
    ]);
  });

  it('too short, as the text it translates would be', () => {
    const { problems } = check({
      apps: [{ file: 'apps/echoexpense/app.es.ts', input: { summary: 'Corto' } }],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/apps\/echoexpense\/app\.es\.ts: summary: /);
  });

  it('of an app, a legal page or a link the app does not have', () => {
    const dir = folderWith({ echoexpense: ['privacy.md', 'faq.es.md', 'privacy.es.md'] });
    const { problems } = check(
      {
        apps: [
          { file: 'apps/nowhere/app.es.ts', input: {} },
          { file: 'apps/echoexpense/app.es.ts', input: { legalPages: { refunds: 'Reembolsos' } } },
          {
            file: 'apps/manzanos-popshop/app.ar.ts',
            input: { appLinks: { patterns: [{ title: 'رابط' }, { title: 'رابط آخر' }] } },
          },
        ],
      },
      dir,
    );
    expect(problems).toEqual([
      'content/apps/nowhere/app.es.ts: there is no app "nowhere" (content/apps/nowhere/app.ts)',
      'content/apps/echoexpense/app.es.ts: legalPages.refunds: the app has no such page (its legalPages: none)',
      "content/apps/manzanos-popshop/app.ar.ts: appLinks: the pages of an app's links are in the default language alone (the addresses the app opens are those), so a translation has no texts of theirs",
      'content/apps/echoexpense/faq.es.md: the app has no legal page "faq"; translate one of privacy.md, terms.md',
    ]);
  });
});

describe("an app's own screenshots", () => {
  const shot = (alt: string) => ({ file: `${alt}.png`, alt });
  const withShots = { ...echo, screenshots: [shot('Bills'), shot('Calendar')] } as App;

  it('take their alt texts in order, and no more than the app has', () => {
    const dir = folderWith({ echoexpense: [] });
    const input = (alts: string[]) => ({
      site: [],
      apps: [{ file: 'apps/echoexpense/app.es.ts', input: { screenshots: alts } }],
    });
    const fine = checkTranslations(input(['Facturas']), { site, apps: [withShots] }, dir);
    expect(fine.problems).toEqual([]);
    expect(fine.translations.es?.apps.echoexpense?.screenshots).toEqual(['Facturas']);
    // Too many, or any for an app that shows placeholders.
    expect(
      checkTranslations(input(['Uno', 'Dos', 'Tres']), { site, apps: [withShots] }, dir).problems,
    ).toEqual([
      'content/apps/echoexpense/app.es.ts: screenshots: 3 alt texts given, but the app has 2 screenshots of its own (screenshots in its app.ts), in that order',
    ]);
    expect(checkTranslations(input(['Uno']), { site, apps: [echo] }, dir).problems).toHaveLength(1);
    // Fewer than the app has: the report lists them as still in the default language.
    const report = translationReport({ site, apps: [withShots] }, fine.translations);
    expect(report).toContain(
      'apps/echoexpense: app.ts: summary, description, features, screenshots',
    );
  });
});

describe("the report of the site's own words", () => {
  it('names the catalogues a language lacks, whose words it shows in English', () => {
    const { translations } = check({});
    const report = translationReport({ site, apps: [echo] }, translations, {
      es: ['feedback.ts', 'feedback-sent.ts'],
    });
    expect(report).toContain('      app/i18n/es/: feedback.ts, feedback-sent.ts');
    expect(translationReport({ site, apps: [echo] }, translations)).not.toContain('app/i18n/');
  });
});

describe("an app's name", () => {
  it('may be translated, but not to another app’s', () => {
    const dir = folderWith({ echoexpense: [] });
    const input = (name: string) => ({
      site: [],
      apps: [{ file: 'apps/echoexpense/app.es.ts', input: { name } }],
    });
    const fine = checkTranslations(input('EcoGastos'), { site, apps: [echo, popshop] }, dir);
    expect(fine.problems).toEqual([]);
    expect(fine.translations.es?.apps.echoexpense?.name).toBe('EcoGastos');
    expect(
      checkTranslations(input(popshop.name), { site, apps: [echo, popshop] }, dir).problems,
    ).toEqual([
      `content/apps/echoexpense/app.es.ts: name: "${popshop.name}" is the name of manzanos-popshop; each app's name tells it apart`,
    ]);
  });
});

describe("an app's buttons", () => {
  const labelled = {
    ...echo,
    buttons: [
      { kind: 'landing', href: 'https://echo.example.com' },
      { kind: 'appStore', href: 'https://apps.apple.com/app/id1', label: 'App Store' },
    ],
  } as App;
  const input = (buttons: { label?: string }[]) => ({
    site: [],
    apps: [{ file: 'apps/echoexpense/app.es.ts', input: { buttons } }],
  });

  it('take their own words in order, and no more than the app has', () => {
    const dir = folderWith({ echoexpense: [] });
    const fine = checkTranslations(
      input([{}, { label: 'Tienda de Apple' }]),
      { site, apps: [labelled] },
      dir,
    );
    expect(fine.problems).toEqual([]);
    expect(fine.translations.es?.apps.echoexpense?.buttons?.[1]?.label).toBe('Tienda de Apple');
    expect(
      checkTranslations(input([{}, {}, { label: 'Otro' }]), { site, apps: [labelled] }, dir)
        .problems,
    ).toEqual([
      'content/apps/echoexpense/app.es.ts: buttons: 3 given, but the app has 2 (buttons in its app.ts), in that order',
    ]);
  });

  it('with words of their own, are reported until those are translated', () => {
    const untranslated = checkTranslations(
      input([]),
      { site, apps: [labelled] },
      folderWith({ echoexpense: [] }),
    );
    expect(translationReport({ site, apps: [labelled] }, untranslated.translations)).toContain(
      'apps/echoexpense: app.ts: summary, description, features, buttons[1]',
    );
  });
});

describe('the report of what each language lacks', () => {
  it('names the texts shown in the default language, and counts past a few', () => {
    const dir = folderWith({ echoexpense: ['privacy.es.md'] });
    const { translations: partial, problems } = check(
      {
        site: [{ file: 'site.es.ts', input: { tagline: 'Hago apps.' } }],
        apps: [
          {
            file: 'apps/echoexpense/app.es.ts',
            input: {
              summary: 'EchoExpense sigue tus facturas y tus días de pago en un calendario.',
            },
          },
        ],
      },
      dir,
    );
    expect(problems).toEqual([]);
    const report = translationReport({ site, apps: [echo] }, partial);
    expect(report).toBe(
      [
        'Languages: en (default)',
        '  es: shown in en where not translated:',
        '      site.ts: siteName, description, aboutMe',
        '      apps/echoexpense: app.ts: description, features; terms.md',
        '  ar: shown in en where not translated:',
        '      site.ts: tagline, siteName, description, aboutMe',
        '      apps/echoexpense: app.ts: summary, description, features; privacy.md; terms.md',
      ].join('\n'),
    );
  });
});
