/**
 * Leaves out of the browser's bundle the content fields that only the build reads (an app's
 * `category`, `screenshots` and `appLinks`, the site's `appAdsTxt`, a technology's `icon`:
 * BUILD_ONLY_APP_FIELDS, BUILD_ONLY_SITE_FIELDS and BUILD_ONLY_TECHNOLOGY_FIELDS). The
 * content is JavaScript that every page, home included, loads before it is live, so a field
 * no page reads is a cost with nothing for it.
 *
 * Only the browser's build is changed: the prerender, the build scripts and the tests read
 * the whole content. The types keep the site's code from reading these fields (`BrowserApp`,
 * `BrowserSite`, `BrowserTechnology`), so a page hydrates as it was drawn.
 *
 * The owner's translations (`site.es.ts`, `apps/<slug>/app.es.ts`) reach the browser only in
 * the build of their language, and without the texts of the links' pages, which are built in
 * the default language; in every other build they are empty.
 *
 * An app's long texts (PAGE_TEXT_FIELDS: its summary, description and features) are left out
 * of its app.ts and its translations alike: its page, and the slider of every app, import
 * them as `app.ts?texts` (app/compositions/app-texts.ts), a module holding those texts alone
 * in the build's language, its translation's where the owner gave one. Every page loads the
 * apps; only an app's own page loads its texts.
 *
 * The pages of an app's links read its `appLinks` from a copy of its app.ts of their own,
 * imported as `app.ts?links` (content/app-links.ts), which holds the app's `slug` and
 * `appLinks` alone, wherever it is built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseSync, transformWithOxc, type ESTree, type Plugin } from 'vite';
import {
  BUILD_ONLY_APP_FIELDS,
  BUILD_ONLY_SITE_FIELDS,
  PAGE_TEXT_FIELDS,
} from '../content/schema.ts';
import { BUILD_ONLY_TECHNOLOGY_FIELDS } from '../content/technology-schema.ts';

const APP_FILE = /\/content\/apps\/[^/]+\/app\.ts$/;
const TECHNOLOGIES_FILE = /\/content\/technologies\.ts$/;
const SITE_FILE = /\/content\/site\.ts$/;
/** A translation of the site's details or of an app's texts, with its language. */
const TRANSLATION_FILE = /\/content\/(?:site|apps\/[^/]+\/app)\.([^./]+)\.ts$/;
/** A translation in a build of another language: nothing. */
const NO_TRANSLATION = 'export const site = {};\nexport default {};\n';
/** The texts a translation replaces whole, which its language's pages need not carry twice. */
const REPLACED_SITE_FIELDS = ['ownerName', 'tagline', 'siteName', 'description', 'aboutMe'];

/** What an app's `?links` copy holds of it. */
const LINK_FIELDS = ['slug', 'appLinks'];

type Expression = ESTree.Expression | ESTree.Declaration | null | undefined;

/** The object literal an expression stands for, through `satisfies`, `as` and parentheses. */
function objectLiteral(node: Expression): ESTree.ObjectExpression | undefined {
  let current = node;
  while (
    current?.type === 'TSSatisfiesExpression' ||
    current?.type === 'TSAsExpression' ||
    current?.type === 'ParenthesizedExpression'
  ) {
    current = current.expression;
  }
  return current?.type === 'ObjectExpression' ? current : undefined;
}

function keyName(property: ESTree.ObjectExpression['properties'][number]): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  const { key } = property;
  if (key.type === 'Identifier') return key.name;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The object rewritten without the named properties; none when it has none of them. */
function without(
  code: string,
  object: ESTree.ObjectExpression,
  names: readonly string[],
): Edit | undefined {
  const kept = object.properties.filter((property) => !names.includes(keyName(property) ?? ''));
  if (kept.length === object.properties.length) return undefined;
  const text = `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }`;
  return { start: object.start, end: object.end, text };
}

/** The default export's object literal of a module, when it is one. */
function defaultObject(program: ESTree.Program): ESTree.ObjectExpression | undefined {
  const exported = program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  return objectLiteral(exported?.declaration);
}

/** The edits of an app.ts: its default export, without the build's own fields nor its texts. */
function appEdits(code: string, program: ESTree.Program): Edit[] {
  const object = defaultObject(program);
  const edit = object && without(code, object, [...BUILD_ONLY_APP_FIELDS, ...PAGE_TEXT_FIELDS]);
  return edit ? [edit] : [];
}

/** The object literals of a module's exported constants. */
function exportedConstants(program: ESTree.Program): ESTree.ObjectExpression[] {
  return program.body.flatMap((node) => {
    if (node.type !== 'ExportNamedDeclaration') return [];
    if (node.declaration?.type !== 'VariableDeclaration') return [];
    return node.declaration.declarations.flatMap(({ init }) => objectLiteral(init) ?? []);
  });
}

/** The edits of technologies.ts: each technology of its export, without the build's fields. */
function technologyEdits(code: string, program: ESTree.Program): Edit[] {
  return exportedConstants(program).flatMap((technologies) =>
    technologies.properties.flatMap((property) => {
      const technology = property.type === 'Property' ? objectLiteral(property.value) : undefined;
      return (technology && without(code, technology, BUILD_ONLY_TECHNOLOGY_FIELDS)) ?? [];
    }),
  );
}

/**
 * The edits of a translation: an app's default export without its links' texts nor its long
 * texts (its `?texts` module has those); the site's details as they are.
 */
function translationEdits(code: string, program: ESTree.Program): Edit[] {
  const object = defaultObject(program);
  const edit = object && without(code, object, ['appLinks', ...PAGE_TEXT_FIELDS]);
  return edit ? [edit] : [];
}

/** The edits of site.ts: its exported details, without the build's fields. */
function siteEdits(code: string, program: ESTree.Program, translated: readonly string[]): Edit[] {
  return exportedConstants(program).flatMap(
    (site) => without(code, site, [...BUILD_ONLY_SITE_FIELDS, ...translated]) ?? [],
  );
}

/**
 * The fields of site.ts that the translation beside it, in `language`, replaces whole
 * (`site.es.ts` with its `tagline`): the pages of that language show the translation's. The
 * translation's file, when there is one; and its fields, which the pages of its language need
 * not carry in the default language too.
 */
export function replacedFields(
  file: string,
  language: string,
): { translation?: string; fields: string[] } {
  if (!SITE_FILE.test(file)) return { fields: [] };
  const translation = file.replace(/\.ts$/, `.${language}.ts`);
  if (!existsSync(translation)) return { fields: [] };
  const { program, errors } = parseSync(translation, readFileSync(translation, 'utf8'));
  if (errors.length > 0) return { translation, fields: [] };
  const keys = (exportedConstants(program)[0]?.properties ?? []).map(
    (property) => keyName(property) ?? '',
  );
  return { translation, fields: REPLACED_SITE_FIELDS.filter((field) => keys.includes(field)) };
}

/**
 * A content file as the browser gets it: an app.ts or technologies.ts without the fields
 * only the build reads. Any other file, or a shape this does not recognise (the fields are
 * then kept, and only cost bytes), comes back unchanged.
 */
export function browserContent(
  code: string,
  file: string,
  language: string,
  translated: readonly string[] = [],
): string {
  const translation = TRANSLATION_FILE.exec(file);
  if (translation && translation[1] !== language) return NO_TRANSLATION;
  const editsOf = translation
    ? translationEdits
    : APP_FILE.test(file)
      ? appEdits
      : TECHNOLOGIES_FILE.test(file)
        ? technologyEdits
        : SITE_FILE.test(file)
          ? siteEdits
          : undefined;
  if (!editsOf) return code;
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) return code;
  return editsOf(code, program, translated)
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), code);
}

/**
 * An app.ts as its `?links` copy: a module whose default export holds the app's `slug` and
 * `appLinks` alone (what the pages of its links read).
 */
export function linksCopy(code: string, file: string): string {
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) throw new Error(`Cannot read ${file}: ${errors[0]?.message}`);
  const exported = program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  const kept = (objectLiteral(exported?.declaration)?.properties ?? []).filter((property) =>
    LINK_FIELDS.includes(keyName(property) ?? ''),
  );
  const text = kept.map((property) => `  ${code.slice(property.start, property.end)},\n`);
  return `export default {\n${text.join('')}};\n`;
}

/**
 * An app.ts as its `?texts` module: its long texts (PAGE_TEXT_FIELDS) in `language`, each
 * from the app's translation into it where that gives it, else from app.ts. It imports the
 * `?text-fields` copy of each file (`textFieldsCopy`); the translation's file, when read.
 */
export function textsModule(
  file: string,
  language: { code: string; isDefault: boolean },
): { code: string; translation?: string } {
  const translation = file.replace(/\.ts$/, `.${language.code}.ts`);
  const translated = !language.isDefault && existsSync(translation);
  const lines = [
    `import base from ${JSON.stringify(`${file}?text-fields`)};`,
    translated ? `import translated from ${JSON.stringify(`${translation}?text-fields`)};` : '',
    `export default ${translated ? '{ ...base, ...translated }' : 'base'};`,
  ];
  return {
    code: `${lines.filter(Boolean).join('\n')}\n`,
    ...(translated ? { translation } : {}),
  };
}

/**
 * An app.ts or an app's translation as its `?text-fields` copy, in JavaScript: the module
 * with its default export holding the long texts alone (what it gives of them).
 */
export async function textFieldsCopy(code: string, file: string): Promise<string> {
  const { code: script } = await transformWithOxc(code, file, { lang: 'ts' });
  const { program, errors } = parseSync(file.replace(/\.ts$/, '.js'), script);
  if (errors.length > 0) throw new Error(`Cannot read ${file}: ${errors[0]?.message}`);
  const object = defaultObject(program);
  if (!object) throw new Error(`${file}: its default export is not an object literal`);
  const others = object.properties.flatMap((property) => {
    const name = keyName(property);
    return name !== undefined && !(PAGE_TEXT_FIELDS as readonly string[]).includes(name)
      ? [name]
      : [];
  });
  const edit = without(script, object, others);
  return edit ? script.slice(0, edit.start) + edit.text + script.slice(edit.end) : script;
}

/** A translation's file as a key of a glob's map: `./apps/echoexpense/app.es.ts`, `…/privacy.ar.md`. */
const TRANSLATION_KEY = /\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.(?:ts|md)$/;

/** Every object literal of a program, however deep. */
function objectLiterals(
  node: unknown,
  found: ESTree.ObjectExpression[] = [],
): ESTree.ObjectExpression[] {
  if (Array.isArray(node)) {
    for (const child of node) objectLiterals(child, found);
  } else if (typeof node === 'object' && node !== null) {
    if ((node as { type?: unknown }).type === 'ObjectExpression') {
      found.push(node as ESTree.ObjectExpression);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'parent') objectLiterals(child, found);
    }
  }
  return found;
}

/**
 * A module whose globs (expanded, as `{ "./apps/x/app.es.ts": … }`) name translations,
 * without the entries of the languages other than the build's: their modules are then not
 * imported, and the map of each page's scripts lists its own language's files alone.
 */
export function withoutOtherLanguages(code: string, file: string, language: string): string {
  if (!/\.[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\.(?:ts|md)["']/.test(code)) return code;
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) return code;
  const edits = objectLiterals(program).flatMap((object) => {
    const other = object.properties.filter((property) => {
      const match = TRANSLATION_KEY.exec(keyName(property) ?? '');
      return match !== null && match[1] !== language;
    });
    if (other.length === 0) return [];
    const edit = without(
      code,
      object,
      other.map((property) => keyName(property) ?? ''),
    );
    return edit ? [edit] : [];
  });
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), code);
}

/**
 * The Vite plugins: the browser's build (and dev server) get the content without those
 * fields, and the maps of translations without the other languages' (after Vite has expanded
 * the globs); every build (the tests' too) gets an app's `?links` copy.
 */
export function browserContentPlugin(language: { code: string; isDefault: boolean }): Plugin[] {
  const otherLanguages: Plugin = {
    name: 'portfolio:browser-content-languages',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('/node_modules/') || id.includes('?')) return null;
      if (this.environment.name !== 'client') return null;
      const changed = withoutOtherLanguages(code, id, language.code);
      return changed === code ? null : { code: changed, map: null };
    },
  };
  return [
    otherLanguages,
    {
      name: 'portfolio:browser-content',
      enforce: 'pre',
      async transform(code, id) {
        const [file = '', query] = id.split('?');
        // Written as JavaScript: Vite reads a module with a query as such.
        if (query === 'links' && APP_FILE.test(file))
          return { code: linksCopy(code, file), map: null };
        if (query === 'texts' && APP_FILE.test(file)) {
          const texts = textsModule(file, language);
          if (texts.translation) this.addWatchFile(texts.translation);
          return { code: texts.code, map: null };
        }
        if (query === 'text-fields' && (APP_FILE.test(file) || TRANSLATION_FILE.test(file)))
          return { code: await textFieldsCopy(code, file), map: null };
        if (query !== undefined || this.environment.name !== 'client') return null;
        const replaced = language.isDefault ? { fields: [] } : replacedFields(file, language.code);
        if (replaced.translation) this.addWatchFile(replaced.translation);
        const changed = browserContent(code, file, language.code, replaced.fields);
        return changed === code ? null : { code: changed, map: null };
      },
    },
  ];
}
