/**
 * An app's texts in another language: its translation's (content/translations.ts) where the
 * owner gave one, the default language's elsewhere. The same for the browser's copy of an
 * app (content/index.ts) and the build's whole one (content/load.ts).
 */
import type { App, AppTranslation } from './schema.ts';

/** What a translation may replace; the browser's copy of an app has no long texts (AppTexts). */
type Translatable = Pick<App, 'name' | 'buttons' | 'legalPages'> &
  Partial<Pick<App, 'summary' | 'description' | 'features'>>;

export function translatedApp<Shown extends Translatable>(
  app: Shown,
  texts: AppTranslation | undefined,
): Shown & { screenshotAlts?: readonly string[]; feedbackName?: string } {
  if (!texts) return app;
  const { name, summary, description, features, legalPages, screenshots, buttons } = texts;
  return {
    ...app,
    ...(name === undefined || name === app.name ? {} : { name, feedbackName: app.name }),
    ...(buttons === undefined
      ? {}
      : {
          buttons: app.buttons.map((button, index) => {
            const label = buttons[index]?.label;
            return label === undefined ? button : { ...button, label };
          }),
        }),
    ...(screenshots === undefined ? {} : { screenshotAlts: screenshots }),
    ...(summary === undefined ? {} : { summary }),
    ...(description === undefined ? {} : { description }),
    ...(features === undefined ? {} : { features }),
    ...(app.legalPages && legalPages ? { legalPages: { ...app.legalPages, ...legalPages } } : {}),
  };
}
