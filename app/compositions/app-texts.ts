/**
 * Each app's long texts (its summary, description and features, in the pages' language), by
 * its slug, as the modules that show them load them: an app's own route module
 * (app/generated/app-routes/, scripts/app-routes.ts) brings its app's alone, the slider of
 * every app brings them all (all-app-texts.ts). Every page loads the apps themselves; only
 * the pages that show an app's texts load them.
 */
import type { AppTexts } from '../../content/schema.ts';

const textsBySlug = new Map<string, AppTexts>();

/** Records an app's texts, from the module that loaded them. */
export function provideAppTexts(slug: string, texts: AppTexts): void {
  textsBySlug.set(slug, texts);
}

/** An app's texts, which the module drawing its page has loaded. */
export function appTextsOf(slug: string): AppTexts {
  const texts = textsBySlug.get(slug);
  if (!texts)
    throw new Error(`The texts of ${slug} are not loaded: import its route or the slider's texts`);
  return texts;
}
