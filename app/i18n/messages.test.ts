import { describe, expect, test } from 'vitest';
import { words as ar } from './ar/site.ts';
import { words as en } from './en/site.ts';
import { words as es } from './es/site.ts';
import { t } from './messages.ts';
import { words as feedbackAr } from './ar/feedback.ts';
import { words as feedbackEn } from './en/feedback.ts';
import { words as feedbackEs } from './es/feedback.ts';
import { feedbackWords } from './feedback-words.ts';
import { words as sentAr } from './ar/feedback-sent.ts';
import { words as sentEn } from './en/feedback-sent.ts';
import { words as sentEs } from './es/feedback-sent.ts';
import { sentWords } from './sent-words.ts';
import { words as refusedAr } from './ar/feedback-refused.ts';
import { words as refusedEn } from './en/feedback-refused.ts';
import { words as refusedEs } from './es/feedback-refused.ts';

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

// Each language's words whole: the site's, the feedback form's and its pages' (in modules of
// their own).
const whole = (
  site: typeof en,
  feedback: typeof feedbackEn,
  sent: typeof sentEn,
  refused: typeof refusedEn,
) => messagesOf({ ...site, feedback: { ...site.feedback, ...feedback, sent, refused } });
const english = whole(en, feedbackEn, sentEn, refusedEn);
const spanish = whole(es, feedbackEs, sentEs, refusedEs);
const arabic = whole(ar, feedbackAr, sentAr, refusedAr);

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
const SAME_IN_BOTH = [
  'contact.linkedIn',
  'showcase.buttons.appStore',
  'showcase.buttons.playStore',
  'showcase.buttons.testFlight',
];

describe('the catalogues', () => {
  test('the site reads the English one', () => {
    expect(t).toBe(en);
    expect(feedbackWords).toBe(feedbackEn);
    expect(sentWords).toBe(sentEn);
  });

  test('Spanish has every message of English, of the same kind, and no other', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, message] of english) {
      expect(typeof spanish.get(path), path).toBe(typeof message);
      expect(['string', 'function'], path).toContain(typeof message);
    }
  });

  test('Arabic has every message of English, of the same kind, and no other', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, message] of english) {
      expect(typeof arabic.get(path), path).toBe(typeof message);
    }
  });

  test('every message is a text, and every function gives one for any count or name', () => {
    for (const catalogue of [english, spanish, arabic]) {
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

  test('no Arabic message is left in English, brand names aside', () => {
    const untranslated = [...english].filter(([path, message]) =>
      SAMPLES.some((sample) => say(message, sample) === say(arabic.get(path), sample)),
    );
    expect(untranslated.map(([path]) => path)).toEqual(SAME_IN_BOTH);
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
    expect(feedbackEn.fields.typed(0, 5000)).toBe('0 of 5,000 characters');
    expect(feedbackEn.fields.typed(1234, 5000)).toBe('1,234 of 5,000 characters');
    expect(feedbackEn.fields.limit(5000)).toBe('At most 5,000 characters.');
    expect(feedbackEs.fields.typed(1234, 5000)).toBe('1234 de 5000 caracteres');
    expect(feedbackEs.fields.limit(12_000)).toBe('Como máximo 12\u00a0000 caracteres.');
    expect(feedbackAr.fields.typed(1234, 5000)).toBe('1,234 من 5,000 حرف');
    expect(feedbackAr.fields.limit(5000)).toBe('5,000 حرف كحد أقصى.');
    expect(ar.home.seeApps(1500)).toBe('اعرض 1,500 تطبيق');
  });
});

describe('Arabic counts', () => {
  test('a counted noun takes the form its count asks for', () => {
    expect(ar.home.seeApps(1)).toBe('اعرض التطبيق');
    expect(ar.home.seeApps(2)).toBe('اعرض التطبيقين');
    expect(ar.home.seeApps(3)).toBe('اعرض 3 تطبيقات');
    expect(ar.home.seeApps(10)).toBe('اعرض 10 تطبيقات');
    expect(ar.home.seeApps(11)).toBe('اعرض 11 تطبيقًا');
    expect(ar.home.seeApps(100)).toBe('اعرض 100 تطبيق');
    expect(ar.home.seeApps(103)).toBe('اعرض 103 تطبيقات');
    expect(ar.projects.lead(1)).toBe('تطبيق واحد، مع لقطات شاشته وميزاته وروابطه في المتاجر.');
    expect(ar.projects.lead(2)).toMatch(/^تطبيقان يُعرضان واحدًا تلو الآخر\. .* بينهما\.$/);
    expect(ar.projects.lead(10)).toMatch(/^10 تطبيقات تُعرض واحدًا تلو الآخر\. .* بينها\.$/);
    expect(ar.projects.description(25)).toMatch(/^25 تطبيقًا تُعرض واحدًا تلو الآخر: /);
    expect(feedbackAr.fields.limit(1)).toBe('حرف واحد كحد أقصى.');
    expect(feedbackAr.fields.limit(2)).toBe('حرفان كحد أقصى.');
    expect(feedbackAr.fields.typed(1, 2)).toBe('1 من حرفين');
    expect(
      feedbackAr.problem(feedbackAr.fields.labels.firstName, feedbackAr.problems.required),
    ).toBe('حقل «الاسم الأول» مطلوب.');
    expect(
      feedbackAr.problem(feedbackAr.fields.labels.message, feedbackAr.problems.tooLong(64)),
    ).toBe('حقل «الرسالة» لا يقبل أكثر من 64 حرفًا.');
    expect(ar.carousel.slide(3, 3, 9)).toBe('لقطة الشاشة 3 من أصل 9');
    expect(ar.notFound.title).toBe('404 - الصفحة غير موجودة');
  });

  test('the form is the one of Arabic’s plural rules for every whole count', () => {
    // Intl is kept out of the site's code (it loads the browser's locale data); a test may
    // ask it which of Arabic's six forms each count takes.
    // eslint-disable-next-line no-restricted-globals
    const rule = new Intl.PluralRules('ar');
    const withCommas = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',');
    const seeApps: Record<string, (apps: number) => string> = {
      zero: () => 'اعرض التطبيقات',
      one: () => 'اعرض التطبيق',
      two: () => 'اعرض التطبيقين',
      few: (apps) => `اعرض ${withCommas(apps)} تطبيقات`,
      many: (apps) => `اعرض ${withCommas(apps)} تطبيقًا`,
      other: (apps) => `اعرض ${withCommas(apps)} تطبيق`,
    };
    for (let apps = 0; apps <= 10_000; apps++) {
      const form = rule.select(apps);
      expect(ar.home.seeApps(apps), `${apps}: ${form}`).toBe(seeApps[form]?.(apps));
    }
  });
});
