const WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/**
 * Fills `{{apps.count}}` in a text of content/site.ts with the number of apps, as a word up
 * to twelve and in digits beyond, so the description follows the app folders.
 */
export function withAppCount(text: string, count: number): string {
  return text.replaceAll('{{apps.count}}', WORDS[count] ?? String(count));
}
