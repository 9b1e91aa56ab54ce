import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../content/load.ts';
import {
  browserContent,
  linksCopy,
  replacedFields,
  textFieldsCopy,
  textsModule,
  withoutOtherLanguages,
} from './browser-content.ts';

/** The keys of each object literal directly in `code`'s first export, by nesting. */
function exportedKeys(code: string, file: string): string[][] {
  const { program, errors } = parseSync(file, code);
  expect(errors).toEqual([]);
  const keys: string[][] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const record = node as { type?: string; properties?: { key?: { name?: string } }[] };
    if (record.type === 'ObjectExpression') {
      keys.push((record.properties ?? []).map((property) => property.key?.name ?? '?'));
    }
    for (const value of Object.values(record)) {
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  visit(program.body.find((node) => node.type.startsWith('Export')));
  return keys;
}

/** An app's content file with every field, the build-only ones among them. */
const APP_SOURCE = `import type { AppInput } from '../../schema.ts';

export default {
  slug: 'tide-table',
  name: 'Tide Table',
  order: 1,
  summary: 'Tide Table shows the tides of the harbours you sail from.',
  description: ['Tide Table shows the tides.', 'It works offline.'],
  features: ['Tides by harbour'],
  category: 'TravelApplication',
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/app/id1000000001' }],
  screenshots: { placeholders: 3 },
  legal: true,
  appLinks: {
    patterns: [{ path: '/tide-table/:harbour', appPath: 'harbour/:harbour', title: 'A harbour' }],
    apple: { teamId: 'ABCDE12345', bundleIds: ['dev.noor.tides'] },
  },
} satisfies AppInput;
`;

/** content/site.ts with an app-ads.txt line. */
const SITE_SOURCE = `import type { SiteInput } from './schema.ts';

export const site = {
  ownerName: 'Noor Haddad',
  contact: { email: 'noor@noorhaddad.dev' },
  resume: 'resume.pdf',
  appAdsTxt: ['google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0'],
} satisfies SiteInput;
`;

describe("the browser's content", () => {
  it("leaves out an app's category, screenshots, links and long texts, and keeps every other field", () => {
    const file = '/site/content/apps/tide-table/app.ts';
    const [keys] = exportedKeys(browserContent(APP_SOURCE, file, 'en'), file);
    const [sourceKeys] = exportedKeys(APP_SOURCE, file);
    const left = ['category', 'screenshots', 'appLinks', 'summary', 'description', 'features'];
    expect(sourceKeys).toEqual(expect.arrayContaining([...left, 'buttons']));
    expect(keys).toEqual(sourceKeys?.filter((key) => !left.includes(key)));
  });

  it("gives an app's page its long texts alone, in JavaScript, whatever the module around them", async () => {
    const file = '/site/content/apps/tide-table/app.ts';
    const source = [
      "import type { AppInput } from '../../schema.ts';",
      "const intro: string = 'Tide Table shows the tides.';",
      APP_SOURCE.slice(APP_SOURCE.indexOf('export default')).replace(
        "['Tide Table shows the tides.',",
        '[intro,',
      ),
    ].join('\n');
    const copy = await textFieldsCopy(source, file);
    expect(exportedKeys(copy, file)).toEqual([['summary', 'description', 'features']]);
    expect(copy).not.toMatch(/satisfies|import type|: string/);
    const copyFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'texts-')), 'app.mjs');
    writeFileSync(copyFile, copy);
    const loaded = (await import(pathToFileURL(copyFile).href)) as { default: unknown };
    expect(loaded.default).toEqual({
      summary: 'Tide Table shows the tides of the harbours you sail from.',
      description: ['Tide Table shows the tides.', 'It works offline.'],
      features: ['Tides by harbour'],
    });
  });

  it("takes an app's texts from its translation in that language's pages, the default's elsewhere", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    const folder = path.join(dir, 'content', 'apps', 'sample-app');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'app.ts');
    writeFileSync(path.join(folder, 'app.es.ts'), "export default { summary: 'Una app.' };");
    const spanish = textsModule(file, { code: 'es', isDefault: false });
    expect(spanish.translation).toBe(path.join(folder, 'app.es.ts'));
    expect(spanish.code).toContain(JSON.stringify(`${file}?text-fields`));
    expect(spanish.code).toContain(JSON.stringify(`${path.join(folder, 'app.es.ts')}?text-fields`));
    expect(spanish.code).toContain('export default { ...base, ...translated };');
    for (const language of [
      { code: 'en', isDefault: true },
      { code: 'ar', isDefault: false },
    ]) {
      const texts = textsModule(file, language);
      expect(texts.translation).toBeUndefined();
      expect(texts.code).not.toContain('app.es.ts');
      expect(texts.code).toContain('export default base;');
    }
  });

  it("keeps every app of the content's fields the browser reads", () => {
    for (const folder of readdirSync(path.join(contentDir, 'apps'))) {
      const file = path.join(contentDir, 'apps', folder, 'app.ts');
      const source = readFileSync(file, 'utf8');
      const [keys] = exportedKeys(browserContent(source, file, 'en'), file);
      expect(keys, file).toEqual(expect.arrayContaining(['slug', 'name', 'buttons']));
      expect(keys, file).not.toEqual(expect.arrayContaining(['screenshots']));
    }
  });

  it("gives the pages of an app's links a copy holding its slug and links alone", () => {
    const file = '/site/content/apps/tide-table/app.ts';
    const [keys] = exportedKeys(linksCopy(APP_SOURCE, file), file);
    expect(keys).toEqual(['slug', 'appLinks']);
  });

  it("leaves out the site's app-ads.txt lines, and keeps its other details", () => {
    const file = '/site/content/site.ts';
    const [keys] = exportedKeys(browserContent(SITE_SOURCE, file, 'en'), file);
    const [sourceKeys] = exportedKeys(SITE_SOURCE, file);
    expect(sourceKeys).toContain('appAdsTxt');
    expect(keys).toEqual(sourceKeys?.filter((key) => key !== 'appAdsTxt'));
  });

  it("leaves out each technology's icon", () => {
    const file = path.join(contentDir, 'technologies.ts');
    const out = browserContent(readFileSync(file, 'utf8'), file, 'en');
    const [, ...technologies] = exportedKeys(out, file);
    expect(technologies.length).toBeGreaterThan(1);
    for (const keys of technologies) expect(keys).toEqual(['name', 'href']);
  });

  it('works whatever the fields are written like, the last with or without a comma', () => {
    const file = '/site/content/apps/sample-app/app.ts';
    const source = [
      "import type { AppInput } from '../../schema.ts';",
      'const shots = [{ file: "01.png", alt: "Home, with its “quotes”" }];',
      'export default {',
      "  slug: 'sample-app',",
      "  'category': 'GameApplication',",
      '  legal: false,',
      '  screenshots: shots',
      '} satisfies AppInput;',
    ].join('\n');
    const out = browserContent(source, file, 'en');
    expect(exportedKeys(out, file)).toEqual([['slug', 'legal']]);
    expect(out).toContain("slug: 'sample-app'");
  });

  it('leaves any other file, and a shape it does not know, as it is', () => {
    const other = "export const site = { category: 'kept' };";
    expect(browserContent(other, '/site/content/skills.ts', 'en')).toBe(other);
    const indirect = "const app = { category: 'kept' };\nexport default app;";
    expect(browserContent(indirect, '/site/content/apps/x/app.ts', 'en')).toBe(indirect);
  });

  it("keeps a translation only in its language's build, without its links' texts", () => {
    const file = '/site/content/apps/sample-app/app.es.ts';
    const source = [
      "import type { AppTranslation } from '../../schema.ts';",
      'export default {',
      "  name: 'Una app',",
      "  summary: 'Una app de muestra que solo existe para probar las comprobaciones.',",
      "  appLinks: { patterns: [{ title: 'Un enlace' }] },",
      '} satisfies AppTranslation;',
    ].join('\n');
    expect(exportedKeys(browserContent(source, file, 'es'), file)).toEqual([['name']]);
    expect(browserContent(source, file, 'en')).toBe(
      'export const site = {};\nexport default {};\n',
    );
    const site = "export const site = { tagline: 'Hago apps.' };";
    expect(browserContent(site, '/site/content/site.es.ts', 'es')).toBe(site);
    expect(browserContent(site, '/site/content/site.es.ts', 'ar')).not.toContain('Hago');
  });

  it("lists in each language's pages its own translations alone, as Vite expands the globs", () => {
    const expanded = [
      'import * as a from "./apps/x/app.ts";',
      'import * as b from "./apps/x/app.es.ts";',
      'import * as c from "./apps/x/app.ar.ts";',
      'const apps = Object.assign({ "./apps/x/app.ts": a });',
      'const texts = Object.assign({ "./apps/x/app.ar.ts": c, "./apps/x/app.es.ts": b });',
      'const legal = { "../x/privacy.es.md": () => import("./p.js"), "../x/privacy.md": 1 };',
    ].join('\n');
    const file = '/site/content/index.ts';
    const spanish = withoutOtherLanguages(expanded, file, 'es');
    expect(spanish).toContain('const apps = Object.assign({ "./apps/x/app.ts": a });');
    expect(spanish).toContain('const texts = Object.assign({ "./apps/x/app.es.ts": b });');
    expect(spanish).toContain('"../x/privacy.es.md": () => import("./p.js"), "../x/privacy.md": 1');
    const english = withoutOtherLanguages(expanded, file, 'en');
    expect(english).toContain('const texts = Object.assign({  });');
    expect(english).toContain('const legal = { "../x/privacy.md": 1 };');
    const other = 'const files = { "./a.test.ts": 1 };';
    expect(withoutOtherLanguages(other, file, 'en')).toBe(other);
  });

  it("leaves out of a language's pages the site's texts its translation replaces", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'content'));
    const file = path.join(dir, 'content', 'site.ts');
    writeFileSync(
      path.join(dir, 'content', 'site.es.ts'),
      "export const site = { tagline: 'Hago apps.', aboutMe: ['Hola.'] };",
    );
    expect(replacedFields(file, 'es')).toEqual({
      translation: path.join(dir, 'content', 'site.es.ts'),
      fields: ['tagline', 'aboutMe'],
    });
    expect(replacedFields(file, 'ar')).toEqual({ fields: [] });
    const source = "export const site = { ownerName: 'Noor', tagline: 'I make apps.' };";
    const out = browserContent(source, file, 'es', ['tagline']);
    expect(exportedKeys(out, file)).toEqual([['ownerName']]);
  });
});
