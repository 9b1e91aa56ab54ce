/**
 * The third stage of the screenshot pipeline: the folder belongs to the pipeline, so the
 * files no screenshot uses any more (an older version's, a removed app's) are removed.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Removes every entry of `outDir` not in `wanted`; returns how many. */
export async function removeUnused(outDir: string, wanted: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  for (const name of await readdir(outDir)) {
    if (wanted.has(name)) continue;
    await rm(path.join(outDir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
