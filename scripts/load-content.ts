/**
 * Loads and checks content/ for the build scripts. Wrong content ends the script with every
 * problem on its own line, naming the file and the field, and no stack trace.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { Translation } from '../content/translations.ts';
import type { Content } from '../content/validate.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadedContent {
  content: Content;
  /** The owner's translations, by language (every language but the default). */
  translations: Record<string, Translation>;
  /** Absolute path of content/. */
  contentDir: string;
}

/** The content as it is on disk now, checked; throws a ContentError naming every problem. */
export async function loadContent(): Promise<LoadedContent> {
  // content/ reads its app folders with import.meta.glob, so it is loaded through Vite,
  // afresh each time.
  const { module } = await runnerImport<typeof import('../content/load.ts')>('/content/load.ts', {
    root,
    configFile: false,
    logLevel: 'error',
  });
  const { content, translations, contentDir } = module;
  return { content, translations, contentDir };
}

/** Whether an error is the content check's (its class is loaded through Vite's runner). */
export function isContentError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ContentError';
}

/** The checked content; on a content problem, prints them all and exits with status 1. */
export async function loadContentOrExit(): Promise<LoadedContent> {
  try {
    return await loadContent();
  } catch (error) {
    if (isContentError(error)) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
