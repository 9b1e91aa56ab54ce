import { describe, expect, test } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { t } from './messages.ts';

/** Every message of a catalogue by its path ("feedback.alerts.sent"), groups left out. */
function messagesOf(catalogue: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue) as [string, unknown][]) {
    const path = `${prefix}${key}`;
    if (typeof value === 'object' && value !== null) {
      for (const entry of messagesOf(value, `${path}.`)) found.set(...entry);
    } else {
      found.set(path, value);
    }
  }
  return found;
}

const english = messagesOf(en);
const spanish = messagesOf(es);

/** A function message called with `value` for every argument: a count, or a name. */
function say(message: unknown, value: number | string): unknown {
  return typeof message === 'function'
    ? (message as (...args: unknown[]) => unknown)(value, value, value)
    : message;
}

const SAMPLES = [0, 1, 2, 5, 'EchoExpense'] as const;

/**
 * The messages whose Spanish is the English: brand names. Each must be a string of the
 * catalogue, and be the same in both.
 */
const SAME_IN_BOTH = ['contact.linkedIn'];

describe('the catalogues', () => {
  test('the site reads the English one', () => {
    expect(t).toBe(en);
  });

  test('Spanish has every message of English, of the same kind, and no other', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, message] of english) {
      expect(typeof spanish.get(path), path).toBe(typeof message);
      expect(['string', 'function'], path).toContain(typeof message);
    }
  });

  test('every message is a text, and every function gives one for any count or name', () => {
    for (const catalogue of [english, spanish]) {
      for (const [path, message] of catalogue) {
        for (const sample of SAMPLES) {
          const said = say(message, sample);
          expect(typeof said, path).toBe('string');
          expect((said as string).trim(), path).not.toBe('');
        }
      }
    }
  });

  test('no Spanish message is left in English, brand names aside', () => {
    const untranslated = [...english].filter(([path, message]) =>
      SAMPLES.some((sample) => say(message, sample) === say(spanish.get(path), sample)),
    );
    expect(untranslated.map(([path]) => path)).toEqual(SAME_IN_BOTH);
    for (const path of SAME_IN_BOTH) expect(typeof english.get(path)).toBe('string');
  });
});

describe('counts', () => {
  test('English and Spanish name one thing and several in their own forms', () => {
    expect(en.home.seeApps(1)).toBe('See the app');
    expect(en.home.seeApps(2)).toBe('See the 2 apps');
    expect(es.home.seeApps(1)).toBe('Ver la app');
    expect(es.home.seeApps(2)).toBe('Ver las 2 apps');
    expect(es.home.seeApps(0)).toBe('Ver las 0 apps');
    expect(es.projects.lead(1)).toMatch(/^1 app, con sus capturas/);
    expect(es.projects.lead(2)).toMatch(/^2 apps, una tras otra\./);
    expect(es.projects.description(1)).toMatch(/^1 app:/);
    expect(es.projects.description(2)).toMatch(/^Las 2 apps, una tras otra:/);
    expect(es.carousel.slide(3, 3, 9)).toBe('Captura 3 de 9');
    expect(es.carousel.slide(1, 4, 9)).toBe('Capturas 1 a 4 de 9');
    expect(en.carousel.slide(3, 3, 9)).toBe('Screenshot 3 of 9');
    expect(en.carousel.slide(1, 4, 9)).toBe('Screenshots 1 to 4 of 9');
  });

  test('the singular is for exactly 1, as the languages’ plural rules have it for whole counts', () => {
    // Intl is kept out of the site's code (it loads the browser's locale data); a test may
    // ask it whether the catalogues' `count === 1` is each language's rule.
    // eslint-disable-next-line no-restricted-globals
    const rules = [new Intl.PluralRules('en'), new Intl.PluralRules('es')];
    for (const rule of rules) {
      for (let count = 0; count <= 10_000; count++) {
        expect(rule.select(count) === 'one', `${rule.resolvedOptions().locale} ${count}`).toBe(
          count === 1,
        );
      }
    }
  });

  test('a count is written as each language writes numbers', () => {
    expect(en.feedback.fields.typed(0, 5000)).toBe('0 of 5,000 characters');
    expect(en.feedback.fields.typed(1234, 5000)).toBe('1,234 of 5,000 characters');
    expect(en.feedback.fields.limit(5000)).toBe('At most 5,000 characters.');
    expect(es.feedback.fields.typed(1234, 5000)).toBe('1234 de 5000 caracteres');
    expect(es.feedback.fields.limit(12_000)).toBe('Como máximo 12\u00a0000 caracteres.');
  });
});
