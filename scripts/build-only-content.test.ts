import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT, withOnlyFields, withoutField } from './build-only-content.ts';

const root = path.join(import.meta.dirname, '..');
const appFile = (slug: string) => path.join(root, 'content/apps', slug, 'app.ts');
const slugs = readdirSync(path.join(root, 'content/apps'));

interface AstNode {
  type: string;
  [key: string]: unknown;
}

/** The top-level field names of the object a module exports by default. */
function fieldsOf(code: string): string[] {
  const { program, errors } = parseSync('module.ts', code, { lang: 'ts' });
  expect(errors).toEqual([]);
  const statement = program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  let object = statement?.declaration as AstNode | undefined;
  while (object?.type === 'TSSatisfiesExpression') object = object.expression as AstNode;
  const properties = (object?.properties ?? []) as { key: { name: string } }[];
  return properties.map((property) => property.key.name);
}

describe("the pages' copy of content/", () => {
  it('leaves out the fields only the build reads, and keeps every other', () => {
    const source = `import type { AppInput } from '../../schema.ts';

export default {
  slug: 'sample',
  appLinks: { scheme: 'sample', patterns: [{ path: '/sample/r/:id' }] },
  category: 'UtilitiesApplication',
  name: 'Sample, with a comma',
  legal: true,
} satisfies AppInput;
`;
    const out = withoutField(withoutField(source, 'appLinks'), 'category');
    expect(out).toContain("slug: 'sample',\n  name: 'Sample, with a comma',\n  legal: true,\n}");
    expect(out).not.toMatch(/appLinks|category/);
    // The last field goes with the comma before it.
    expect(withoutField(source, 'legal')).toContain("name: 'Sample, with a comma',\n} satisfies");
    // The site's exported constant, as content/site.ts writes it.
    const site = "export const site = { ownerName: 'A', appAdsTxt: ['x'] } satisfies SiteInput;";
    expect(withoutField(site, 'appAdsTxt')).toBe(
      "export const site = { ownerName: 'A' } satisfies SiteInput;",
    );
  });

  it('of each app keeps all of its fields but those, and its links copy holds its slug and links alone', () => {
    for (const slug of slugs) {
      const source = readFileSync(appFile(slug), 'utf8');
      const all = fieldsOf(source);
      const left = LEFT_OUT.filter((rule) => rule.file.test(appFile(slug))).map(
        (rule) => rule.field,
      );
      expect(fieldsOf(left.reduce(withoutField, source)), slug).toEqual(
        all.filter((field) => !left.includes(field)),
      );
      expect(fieldsOf(withOnlyFields(source, ['slug', 'appLinks'])), slug).toEqual(
        all.filter((field) => field === 'slug' || field === 'appLinks'),
      );
    }
  });

  it('is never read for those fields by the pages’ code', () => {
    const files = readdirSync(path.join(root, 'app'), { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('generated'),
    );
    const readers = files.flatMap((file) => {
      const code = readFileSync(path.join(root, 'app', file), 'utf8').replace(
        /\/\*[\s\S]*?\*\/|\/\/.*$/gm,
        '',
      );
      return LEFT_OUT.filter(({ field }) => new RegExp(`\\b${field}\\b`).test(code)).map(
        ({ field }) => `app/${file}: ${field}`,
      );
    });
    expect(readers).toEqual([]);
  });
});
