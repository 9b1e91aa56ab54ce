import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { architecture } from './lint-config.ts';

const ROOT = path.join(import.meta.dirname, '../..');
/** Folders that hold no source of the project: packages, outputs, and the lint fixture. */
const NOT_SOURCE = [
  'node_modules',
  'build',
  '.react-router',
  '.git',
  'data',
  'test-results',
  'playwright-report',
  'tests/architecture/fixture',
];

function sourceFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (NOT_SOURCE.includes(file)) return [];
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}

/** Whether `file` lies in `where`, a file or folder of a part (`dir/*`: any folder in dir). */
function within(file: string, where: string): boolean {
  const folder = where.endsWith('/*') ? where.slice(0, -1) : `${where}/`;
  return file === where || file.startsWith(folder);
}

describe('the architecture', () => {
  it('places every source file in a part, so every import is under a rule', () => {
    const outside = sourceFiles().filter(
      (file) => !architecture.some((part) => part.paths.some((where) => within(file, where))),
    );
    expect(outside).toEqual([]);
  });
});
