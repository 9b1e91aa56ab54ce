/**
 * The stylesheets lay the page out along the reading direction, so a language written right
 * to left (`dir="rtl"`) gets the whole layout mirrored with no stylesheet of its own:
 * `margin-inline-start`, not `margin-left`; `inset-inline-end`, not `right`. A physical
 * left or right in a stylesheet is reported with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.join(import.meta.dirname, '../../app');

function stylesheets(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

/** Splits a value at its top-level spaces: `calc(1px + 2px) 0` → two parts. */
function parts(value: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value.trim()) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (/\s/.test(char) && depth === 0) {
      if (current) found.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) found.push(current);
  return found;
}

const PHYSICAL: { rule: RegExp; instead: string }[] = [
  {
    rule: /\b(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)\b/,
    instead: '…-inline-start / …-inline-end',
  },
  { rule: /(?:^|[\s;{])(?:left|right)\s*:/, instead: 'inset-inline-start / inset-inline-end' },
  { rule: /\b(?:text-align|float|clear)\s*:\s*(?:left|right)\b/, instead: 'start / end' },
  {
    rule: /\bborder-(?:top|bottom)-(?:left|right)-radius\b/,
    instead: 'border-start-start-radius…',
  },
  { rule: /\bposition-area\s*:[^;]*\b(?:left|right)\b/, instead: 'inline-start / inline-end' },
];

/** Shorthands whose four values are top, right, bottom, left. */
const BOX_SHORTHAND =
  /\b(margin|padding|inset|scroll-margin|scroll-padding|border-width|border-style|border-color)\s*:\s*([^;{}]+)/g;

/** A movement along the line that does not follow the reading direction. */
const UNSIGNED_MOVE = /\btranslateX\((?![^;]*--inline-sign)[^;]*/g;

/** Every physical left or right in a stylesheet's text, as `name:line: text (use …)`. */
function physicalSides(name: string, text: string): string[] {
  // Comments may say "left"; only declarations count. Newlines are kept for line numbers.
  const css = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const lineOf = (index = 0) => css.slice(0, index).split('\n').length;
  const found: string[] = [];
  css.split('\n').forEach((line, index) => {
    for (const { rule, instead } of PHYSICAL) {
      if (rule.test(line)) found.push(`${name}:${index + 1}: ${line.trim()} (use ${instead})`);
    }
  });
  for (const match of css.matchAll(BOX_SHORTHAND)) {
    const values = parts(match[2] ?? '');
    if (values.length === 4 && values[1] !== values[3]) {
      found.push(
        `${name}:${lineOf(match.index)}: ${match[0].replace(/\s+/g, ' ')} (different right and left: use ${match[1]}-block and ${match[1]}-inline)`,
      );
    }
  }
  for (const match of css.matchAll(UNSIGNED_MOVE)) {
    found.push(
      `${name}:${lineOf(match.index)}: ${match[0].replace(/\s+/g, ' ')} (use a movement times var(--inline-sign))`,
    );
  }
  return found;
}

describe('the stylesheets', () => {
  it('name no physical left or right, so a right-to-left page is the mirror image', () => {
    const files = stylesheets();
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      physicalSides(path.relative(APP, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('a physical side is reported with its line, and a comment or a symmetric box is not', () => {
    const css = [
      '/* The panel slides in from the right. */',
      '.a { margin-left: 1px; padding: 0 max(1px, 2px) 0 max(1px, 2px); }',
      '.b { right: 0; padding: 0 1rem 0 2rem;',
      '  transform: translateX(',
      '    100%); }',
      '.c { transform: translateX(calc(100% * var(--inline-sign))); text-align: end; }',
    ].join('\n');
    expect(physicalSides('x.css', css)).toEqual([
      'x.css:2: .a { margin-left: 1px; padding: 0 max(1px, 2px) 0 max(1px, 2px); } (use …-inline-start / …-inline-end)',
      'x.css:3: .b { right: 0; padding: 0 1rem 0 2rem; (use inset-inline-start / inset-inline-end)',
      'x.css:3: padding: 0 1rem 0 2rem (different right and left: use padding-block and padding-inline)',
      'x.css:4: translateX( 100%) (use a movement times var(--inline-sign))',
    ]);
  });
});
