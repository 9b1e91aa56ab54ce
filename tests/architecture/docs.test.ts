import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { architecture } from './lint-config.ts';

const DOC = path.join(import.meta.dirname, '../../docs/architecture.md');

/** A Markdown table as rows of trimmed cells, without its header rule. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim().replaceAll('\\*', '*')),
    );
}

describe('docs/architecture.md', () => {
  it('shows the same parts and import rules as the lint config', async () => {
    const doc = await readFile(DOC, 'utf8');
    const table = /<!-- parts:start -->([\s\S]*)<!-- parts:end -->/.exec(doc)?.[1] ?? '';
    expect(cells(table)).toEqual([
      ['Part', 'Where', 'Holds', 'May import'],
      ...architecture.map((part) => [
        part.name,
        part.paths.map((where) => `\`${where}\``).join(', '),
        part.holds,
        part.mayImport.length > 0 ? part.mayImport.join(', ') : 'nothing',
      ]),
    ]);
  });

  it('is linked from the README', async () => {
    const readme = await readFile(path.join(import.meta.dirname, '../../README.md'), 'utf8');
    expect(readme).toContain('(docs/architecture.md)');
  });
});
