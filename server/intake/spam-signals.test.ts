import { expect, test } from 'vitest';
import { isMostlyLinks } from './spam-signals.ts';

test('the mostly-links rule', () => {
  expect(isMostlyLinks('https://a.example/x https://b.example/y')).toBe(true);
  expect(isMostlyLinks('buy www.cheap-pills.example/now')).toBe(true);
  expect(isMostlyLinks('No links at all, just praise.')).toBe(false);
  expect(
    isMostlyLinks(
      'The export crashes on my phone when I pick March; screenshot: https://imgur.example/a1b2',
    ),
  ).toBe(false);
  // Long links with a short note are still a person's when the note has ten words or more.
  expect(
    isMostlyLinks(
      `I found the same bug reported here and it still happens today: https://github.example/${'x'.repeat(120)}`,
    ),
  ).toBe(false);
});
