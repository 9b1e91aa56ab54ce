/**
 * Leaves out of the browser's bundle the content fields that only the build reads (an app's
 * `category` and `screenshots`, a technology's `icon`: BUILD_ONLY_APP_FIELDS and
 * BUILD_ONLY_TECHNOLOGY_FIELDS). The content is JavaScript that every page, home included,
 * loads before it is live, so a field no page reads is a cost with nothing for it.
 *
 * Only the browser's build is changed: the prerender, the build scripts and the tests read
 * the whole content. The types keep the site's code from reading these fields (`BrowserApp`,
 * `BrowserTechnology`), so a page hydrates as it was drawn.
 */
import { parseSync, type ESTree, type Plugin } from 'vite';
import { BUILD_ONLY_APP_FIELDS } from '../content/schema.ts';
import { BUILD_ONLY_TECHNOLOGY_FIELDS } from '../content/technology-schema.ts';

const APP_FILE = /\/content\/apps\/[^/]+\/app\.ts$/;
const TECHNOLOGIES_FILE = /\/content\/technologies\.ts$/;

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

/** The edits of an app.ts: its default export, without the build's own fields. */
function appEdits(code: string, program: ESTree.Program): Edit[] {
  const exported = program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  const object = objectLiteral(exported?.declaration);
  const edit = object && without(code, object, BUILD_ONLY_APP_FIELDS);
  return edit ? [edit] : [];
}

/** The edits of technologies.ts: each technology of its export, without the build's fields. */
function technologyEdits(code: string, program: ESTree.Program): Edit[] {
  const edits: Edit[] = [];
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of node.declaration.declarations) {
      for (const property of objectLiteral(init)?.properties ?? []) {
        const technology = property.type === 'Property' ? objectLiteral(property.value) : undefined;
        const edit = technology && without(code, technology, BUILD_ONLY_TECHNOLOGY_FIELDS);
        if (edit) edits.push(edit);
      }
    }
  }
  return edits;
}

/**
 * A content file as the browser gets it: an app.ts or technologies.ts without the fields
 * only the build reads. Any other file, or a shape this does not recognise (the fields are
 * then kept, and only cost bytes), comes back unchanged.
 */
export function browserContent(code: string, file: string): string {
  const editsOf = APP_FILE.test(file)
    ? appEdits
    : TECHNOLOGIES_FILE.test(file)
      ? technologyEdits
      : undefined;
  if (!editsOf) return code;
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) return code;
  return editsOf(code, program)
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), code);
}

/** The Vite plugin: the browser's build (and dev server) get the content without those fields. */
export function browserContentPlugin(): Plugin {
  return {
    name: 'portfolio:browser-content',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      const changed = browserContent(code, id.replace(/\?.*$/, ''));
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
