/** What the end-to-end tests know about the built site: its manifest (build/site.json). */
import { readFileSync } from 'node:fs';
import { SiteManifestSchema } from '../../common/site-manifest.ts';
import { site } from '../../content/site.ts';

export const manifest = SiteManifestSchema.parse(
  JSON.parse(readFileSync(new URL('../../build/site.json', import.meta.url), 'utf8')),
);

export const apps = manifest.apps;
export const legalApps = apps.filter((app) => app.legal);
export const ownerName = site.ownerName;

export const MENU_ORDER = [
  'Home',
  'Watchlistr (Web)',
  'Watchlistr (Mobile)',
  'RecipeRealm',
  'EchoExpense',
  'OtakuHive',
  'Starship Pixelscape',
  'AutoArchive',
  'Steda',
  'Manzanos PopShop',
  'Sunshine Key West Challenge',
  'All Projects',
];
