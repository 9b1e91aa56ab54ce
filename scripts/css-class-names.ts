/**
 * The class names CSS Modules give in a production build: `_` and one to three letters or
 * digits (a letter first), numbering every class of every module stylesheet of the project in one fixed
 * order (stylesheets by path, classes and keyframes as written), e.g. `_b7`. A page carries each name in
 * its HTML and in the stylesheet written into it; the readable form
 * (`_paragraph_y6s67_92`) cost some 850 bytes of every page's compressed HTML (a hash of six
 * characters, 130), enough to push a page past the 14.6 KB a new connection delivers in its
 * first round trip. The numbering depends on the project's stylesheets alone, so the
 * client's build, the prerender's and each language's agree. The development server keeps
 * the readable names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A class name `classNamer` gives: the ones a stylesheet of the build owns. */
export const SCOPED_CLASS = /^_[A-Za-z][A-Za-z0-9]{0,2}$/;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = `${LETTERS}0123456789`;

/** The `index`th name: `_a` … `_Z`, then `_aa` … `_Z9`, then three characters; a letter first. */
function nameAt(index: number): string {
  let rest = index;
  let width = 1;
  let count = LETTERS.length;
  while (rest >= count) {
    rest -= count;
    count *= DIGITS.length;
    width += 1;
  }
  let name = '';
  for (let place = 1; place < width; place += 1) {
    name = (DIGITS[rest % DIGITS.length] ?? '') + name;
    rest = Math.floor(rest / DIGITS.length);
  }
  return `_${LETTERS[rest] ?? ''}${name}`;
}

/** Folders that hold no stylesheet of the project's own, not entered while looking. */
const SKIPPED = /^(node_modules|build|dist|coverage|\..+)$/;

/** The module stylesheets under `root`, by path relative to it. */
function moduleStylesheets(root: string, folder = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED.test(entry.name)) found.push(...moduleStylesheets(root, relative));
    } else if (entry.name.endsWith('.module.css')) {
      found.push(relative);
    }
  }
  return folder === '' ? found.sort() : found;
}

/**
 * The names a stylesheet's text defines, which CSS Modules scope: its classes and its
 * animations' keyframes (and perhaps a few more words: numbers left unused).
 */
function classesOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const names = [...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)|@keyframes\s+(-?[_a-zA-Z][\w-]*)/g)];
  return [...new Set(names.map((match) => match[1] ?? match[2] ?? ''))];
}

/**
 * The build's naming of CSS Modules classes under `root`: `name(className, file)` gives the
 * short name of class `className` of the stylesheet at `file`. A class the numbering does
 * not know (a stylesheet added outside `root`) stops the build, naming it.
 */
export function classNamer(root: string): (className: string, file: string) => string {
  const names = new Map<string, string>();
  let index = 0;
  for (const file of moduleStylesheets(root)) {
    for (const className of classesOf(readFileSync(path.join(root, file), 'utf8'))) {
      names.set(`${file}\0${className}`, nameAt(index));
      index += 1;
    }
  }
  return (className, file) => {
    const relative = path.relative(root, file.split('?')[0] ?? file).replaceAll('\\', '/');
    const name = names.get(`${relative}\0${className}`);
    if (name === undefined) {
      throw new Error(
        `No short name for class .${className} of ${relative}: not a module stylesheet under ${root}`,
      );
    }
    return name;
  };
}
