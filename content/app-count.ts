/**
 * Fills `{{apps.count}}` in a text of content/site.ts with the number of apps, so the
 * description follows the app folders.
 */
export function withAppCount(text: string, count: number): string {
  return text.replaceAll('{{apps.count}}', String(count));
}
