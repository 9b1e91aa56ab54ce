/**
 * Loads and checks content/ for the build scripts. Wrong content ends the script with every
 * problem on its own line, naming the file and the field, and no stack trace.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { Content } from '../content/validate.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadedContent {
  content: Content;
  /** Absolute path of content/. */
  contentDir: string;
}

/** The checked content; on a content problem, prints them all and exits with status 1. */
export async function loadContentOrExit(): Promise<LoadedContent> {
  try {
    // content/ reads its app folders with import.meta.glob, so it is loaded through Vite.
    const { module } = await runnerImport<typeof import('../content/load.ts')>('/content/load.ts', {
      root,
      configFile: false,
      logLevel: 'error',
    });
    return { content: module.content, contentDir: module.contentDir };
  } catch (error) {
    // The class is loaded through Vite's runner, so it is recognised by its name.
    if (error instanceof Error && error.name === 'ContentError') {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
