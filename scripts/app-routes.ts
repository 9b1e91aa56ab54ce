/**
 * The route module of each app's page, written into app/generated/app-routes/ before every
 * build and dev start (`npm run assets`): `<slug>.ts` imports that app's long texts
 * (`app.ts?texts`, scripts/browser-content.ts), hands them to the site
 * (app/compositions/app-texts.ts) and is the page's route module (app/routes/project.tsx)
 * otherwise. React Router loads a page's route module with the page, so an app's page, and
 * the pages beneath it, load its texts and no other app's. A folder of an app no longer in
 * the content has its module removed.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGeneratedModule } from './generated-module.ts';

/** Where the modules go, and the folder React Router's route table names them from. */
export const APP_ROUTES_DIR = fileURLToPath(
  new URL('../app/generated/app-routes/', import.meta.url),
);

/** The route module of an app's page, relative to app/ as the route table names it. */
export function appRouteModule(slug: string): string {
  return `generated/app-routes/${slug}.ts`;
}

/** The source of an app's route module. */
export function appRouteSource(slug: string): string {
  return [
    `// Written by scripts/app-routes.ts: the route module of the page of ${slug}.`,
    `import texts from '../../../content/apps/${slug}/app.ts?texts';`,
    "import { provideAppTexts } from '../../compositions/app-texts.ts';",
    '',
    `provideAppTexts(${JSON.stringify(slug)}, texts);`,
    '',
    "export { default, meta } from '../../routes/project.tsx';",
    '',
  ].join('\n');
}

/** Writes the module of each of `slugs` and removes any other; the names it wrote. */
export async function writeAppRoutes(slugs: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  for (const slug of slugs) {
    if (await writeGeneratedModule(path.join(APP_ROUTES_DIR, `${slug}.ts`), appRouteSource(slug)))
      written.push(slug);
  }
  const kept = new Set(slugs.map((slug) => `${slug}.ts`));
  const present = await readdir(APP_ROUTES_DIR).catch(() => []);
  await Promise.all(
    present
      .filter((name) => !kept.has(name))
      .map((name) => rm(path.join(APP_ROUTES_DIR, name), { force: true })),
  );
  return written;
}
