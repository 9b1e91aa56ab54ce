/**
 * Every app's long texts, for the slider of every app (on home and All Projects), which shows
 * each app's page: each app's `app.ts?texts` module (scripts/browser-content.ts).
 */
import type { AppTexts } from '../../content/schema.ts';
import { provideAppTexts } from './app-texts.ts';

const modules = import.meta.glob<AppTexts>('../../content/apps/*/app.ts', {
  eager: true,
  import: 'default',
  query: '?texts',
});
for (const [file, texts] of Object.entries(modules)) {
  provideAppTexts(file.split('/').at(-2) ?? '', texts);
}
