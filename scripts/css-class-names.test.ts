import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classNamer, SCOPED_CLASS } from './css-class-names.ts';

/** A project with the given files, by path. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'class-names-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the class names of a build', () => {
  const files = {
    'app/b.module.css': '.page{color:red}\n/* .commented */\n.page .lead:hover{color:blue}',
    'app/a.module.css': '.dialog{width:1rem}.dialogWide{margin:.5rem}@keyframes enter{}',
    'app/plain.css': '.global{color:red}',
    'node_modules/x/y.module.css': '.vendor{color:red}',
  };

  it('number the classes of every module stylesheet, the same in every build', () => {
    const root = project(files);
    const name = classNamer(root);
    const at = (file: string) => path.join(root, file);
    const given = [
      name('dialog', at('app/a.module.css')),
      name('dialogWide', at('app/a.module.css')),
      name('enter', at('app/a.module.css')),
      name('page', at('app/b.module.css')),
      name('lead', at('app/b.module.css?used')),
    ];
    expect(given).toEqual(['_a', '_b', '_c', '_d', '_e']);
    for (const each of given) expect(each).toMatch(SCOPED_CLASS);
    // Another build of the same project, elsewhere: the same names.
    const again = project(files);
    expect(classNamer(again)('lead', path.join(again, 'app/b.module.css'))).toBe('_e');
  });

  it('stops the build for a class of a stylesheet it does not know', () => {
    const root = project(files);
    const name = classNamer(root);
    expect(() => name('vendor', path.join(root, 'node_modules/x/y.module.css'))).toThrow(
      'No short name for class .vendor of node_modules/x/y.module.css',
    );
    expect(() => name('missing', path.join(root, 'app/a.module.css'))).toThrow(/\.missing/);
  });

  it('run from one letter to a letter and two letters or digits', () => {
    const many = Array.from({ length: 60 }, (_, i) => `.c${i}{}`).join('');
    const root = project({ 'app/many.module.css': many });
    const name = classNamer(root);
    const file = path.join(root, 'app/many.module.css');
    expect([0, 51, 52, 53, 59].map((i) => name(`c${i}`, file))).toEqual([
      '_a',
      '_Z',
      '_aa',
      '_ab',
      '_ah',
    ]);
  });

  it('are told from the site’s own global classes', () => {
    for (const global of ['round-button', 'store-badge', '_paragraph_y6s67_92', '_0']) {
      expect(global).not.toMatch(SCOPED_CLASS);
    }
  });
});
