/** What the end-to-end tests know about the built site: its manifest (build/site.json). */
import { readFileSync } from 'node:fs';
import { SiteManifestSchema } from '../../common/site-manifest.ts';
import { site } from '../../content/site.ts';
import { SPEC_APP_ORDER } from '../spec-facts.ts';

export const manifest = SiteManifestSchema.parse(
  JSON.parse(readFileSync(new URL('../../build/site.json', import.meta.url), 'utf8')),
);

export const apps = manifest.apps;
export const legalApps = apps.filter((app) => app.legal);
export const ownerName = site.ownerName;

export const MENU_ORDER = ['Home', ...SPEC_APP_ORDER, 'All Projects'];
