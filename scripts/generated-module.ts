/** Writes a generated source file atomically, and only when its text changed. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Replaces `file` in one step (a reader never sees half a file). */
export async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Writes `source` to `file` unless it already holds it; says whether it wrote. */
export async function writeGeneratedModule(file: string, source: string): Promise<boolean> {
  const previous = await readFile(file, 'utf8').catch(() => undefined);
  if (previous === source) return false;
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomically(file, source);
  return true;
}
