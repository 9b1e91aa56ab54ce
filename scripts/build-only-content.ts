/**
 * Keeps the fields of content/ that the visitors' pages never read out of the browser's
 * bundle (a Vite plugin, for the client build and the dev server). Every page loads the apps
 * and the site's details (content/index.ts), so what only the build, or only the page of an
 * app's link, reads would otherwise weigh on each of them:
 * - an app's `appLinks`: the build writes the stores' files from them, and the pages of the
 *   links read them through content/app-links.ts, which imports each app.ts as
 *   `app.ts?links`: that copy holds the app's `slug` and `appLinks` alone;
 * - an app's `category`: only the build reads it, for the structured data of the app's page
 *   (scripts/structured-data.ts);
 * - the site's `appAdsTxt`: only the build reads it, to write app-ads.txt.
 * No code of the pages reads these fields from the plain copy: build-only-content.test.ts
 * holds app/ to that.
 */
import type { Plugin } from 'vite';
import { parseSync } from 'vite';

/** A node of the parsed module, as far as this plugin looks into it. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const APP_FILE = /\/content\/apps\/[^/]+\/app\.ts$/;

/** Which content modules lose which of their exported object's fields in the pages' copy. */
export const LEFT_OUT: readonly { file: RegExp; field: string }[] = [
  { file: APP_FILE, field: 'appLinks' },
  { file: APP_FILE, field: 'category' },
  { file: /\/content\/site\.ts$/, field: 'appAdsTxt' },
];

/** What an app's `?links` copy holds of it. */
const LINK_FIELDS = ['slug', 'appLinks'];

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'type' in value;
}

/** The object literal a `satisfies` or `as` wraps, or the node itself. */
function unwrapped(node: unknown): Node | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'TSSatisfiesExpression' || node.type === 'TSAsExpression') {
    return unwrapped(node.expression);
  }
  return node;
}

/** The object literals a module exports: its default export and its exported constants. */
function exportedObjects(body: readonly unknown[]): Node[] {
  return body.flatMap((statement) => {
    if (!isNode(statement)) return [];
    if (statement.type === 'ExportDefaultDeclaration') {
      const object = unwrapped(statement.declaration);
      return object?.type === 'ObjectExpression' ? [object] : [];
    }
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as unknown[])
      .map((declarator) => (isNode(declarator) ? unwrapped(declarator.init) : undefined))
      .filter((node): node is Node => node?.type === 'ObjectExpression');
  });
}

function propertyName(property: Node): string | undefined {
  const key = property.key;
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  return typeof key.value === 'string' ? key.value : undefined;
}

/** The module's statements: the code of a content file, TypeScript or plain JavaScript. */
function statements(code: string): unknown[] {
  const { program, errors } = parseSync('content.ts', code, { lang: 'ts' });
  if (errors.length > 0) throw new Error(`Cannot read a content module: ${errors[0]?.message}`);
  return program.body;
}

function parsedObjects(code: string): Node[] {
  return exportedObjects(statements(code));
}

function propertiesOf(object: Node): Node[] {
  return (object.properties as unknown[]).filter(isNode);
}

/**
 * The module's source without the top-level field `field` of its exported objects, cut out
 * with the comma after it (or, for the last, before it).
 */
export function withoutField(code: string, field: string): string {
  const cuts: [number, number][] = [];
  for (const object of parsedObjects(code)) {
    const properties = propertiesOf(object);
    properties.forEach((property, index) => {
      if (property.type !== 'Property' || propertyName(property) !== field) return;
      const next = properties[index + 1];
      const previous = properties[index - 1];
      if (next) cuts.push([property.start, next.start]);
      else if (previous) cuts.push([previous.end, property.end]);
      else cuts.push([property.start, property.end]);
    });
  }
  return cuts
    .sort(([a], [b]) => b - a)
    .reduce((out, [start, end]) => out.slice(0, start) + out.slice(end), code);
}

/** A module whose default export holds only the `fields` of the module's default export. */
export function withOnlyFields(code: string, fields: readonly string[]): string {
  const defaultExport = statements(code).find(
    (statement) => isNode(statement) && statement.type === 'ExportDefaultDeclaration',
  );
  const object = isNode(defaultExport) ? unwrapped(defaultExport.declaration) : undefined;
  const kept = object?.type === 'ObjectExpression' ? propertiesOf(object) : [];
  const text = kept
    .filter((property) => fields.includes(propertyName(property) ?? ''))
    .map((property) => code.slice(property.start, property.end));
  return `export default {\n${text.map((line) => `  ${line},\n`).join('')}};\n`;
}

export interface BuildOnlyContentOptions {
  /**
   * Whether the pages' bundle leaves the fields out; default true. The tests read the
   * content whole, and need only the `?links` copies.
   */
  leaveOut?: boolean;
}

export function buildOnlyContent({ leaveOut = true }: BuildOnlyContentOptions = {}): Plugin {
  return {
    name: 'portfolio:build-only-content',
    enforce: 'pre',
    transform(code, id) {
      const [file = '', query] = id.split('?');
      // Wherever it is imported: the copy is written as JavaScript, and Vite reads a module
      // with a query as such.
      if (query === 'links' && APP_FILE.test(file)) {
        return { code: withOnlyFields(code, LINK_FIELDS), map: null };
      }
      // The pages' own bundle and dev server; prerendering reads the content whole.
      if (!leaveOut || query !== undefined || this.environment.name !== 'client') return null;
      const fields = LEFT_OUT.filter((rule) => rule.file.test(file)).map((rule) => rule.field);
      if (fields.length === 0) return null;
      return { code: fields.reduce(withoutField, code), map: null };
    },
  };
}
