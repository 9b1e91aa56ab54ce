import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');

/** The parts whose modules import in one direction only. */
const ACYCLIC = ['common', 'server'];

function modules(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return modules(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The project's modules a module imports, type-only imports and re-exports included. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'));
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.join(path.posix.dirname(file), specifier))
    .filter((imported) => existsSync(path.join(ROOT, imported)));
}

/** Each cycle found by a depth-first walk, as `a.ts -> b.ts -> a.ts`. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const imported of graph.get(file) ?? []) {
      const at = path.indexOf(imported);
      if (at !== -1) found.push([...path.slice(at), imported].join(' -> '));
      else if (!done.has(imported)) visit(imported);
    }
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return found;
}

describe('the shared code and the service', () => {
  // import-x/no-cycle leaves type-only imports out, so this walks the imports itself: a type
  // two modules both need lives where both can import it.
  it('import in one direction: no module imports one that imports it back, even for a type', () => {
    const graph = new Map(ACYCLIC.flatMap(modules).map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
