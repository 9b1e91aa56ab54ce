import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SITE_MANIFEST_FILE,
  SiteManifestSchema,
  type SiteManifest,
} from '../common/site-manifest.ts';

/** Reads and checks build/site.json; a missing or stale build gets a message saying what to run. */
export async function readSiteManifest(siteDir: string): Promise<SiteManifest> {
  const file = path.join(siteDir, SITE_MANIFEST_FILE);
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new Error(
      `No built site at ${siteDir} (${file} is missing): run \`npm run build\` first.`,
    );
  }
  const parsed = SiteManifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    throw new Error(`${file} is not a site manifest of this version: run \`npm run build\` again.`);
  }
  return parsed.data;
}

/** The file of the owner's pages in a build (built apart from the site, never public). */
/** A language of the site beside the default: its pages, built into a folder of its own. */
export interface LanguageSite {
  /** Its tag, and the prefix of its addresses (`es`: `/es/…`). */
  code: string;
  manifest: SiteManifest;
}

/**
 * The site's other languages, each with its manifest in `<siteDir>/<code>/` and its pages and
 * files in `<siteDir>/client/<code>/`, where a static host serves them too.
 */
export async function readLanguageSites(
  siteDir: string,
  manifest: SiteManifest,
): Promise<LanguageSite[]> {
  return Promise.all(
    (manifest.otherLanguages ?? []).map(async (code) => ({
      code,
      manifest: await readSiteManifest(path.join(siteDir, code)),
    })),
  );
}

export const OWNER_PAGE_FILE = path.join('owner', 'index.html');

/** The owner's page of the build in `siteDir`; undefined when the build has none. */
export async function readOwnerPage(siteDir: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(siteDir, OWNER_PAGE_FILE), 'utf8');
  } catch {
    return undefined;
  }
}
