import { describe, expect, it } from 'vitest';
import { allModule, catalogueFiles, missingParts, pickerModule } from './site-words.ts';

const ALL_PARTS = ['site.ts', 'feedback.ts', 'feedback-sent.ts', 'feedback-refused.ts'];

describe("the site's words of each language", () => {
  it('are the files of its folder, and English for a part it lacks or a language with no folder', () => {
    const found = catalogueFiles(['es', 'fr', 'de'], {
      en: ALL_PARTS,
      es: ALL_PARTS,
      fr: ['site.ts', 'notes.txt'],
    });
    expect(Object.keys(found)).toEqual(['en', 'es', 'fr', 'de']);
    expect(found.es).toEqual({
      site: 'es/site',
      feedback: 'es/feedback',
      sent: 'es/feedback-sent',
      refused: 'es/feedback-refused',
    });
    expect(found.fr).toEqual({
      site: 'fr/site',
      feedback: 'en/feedback',
      sent: 'en/feedback-sent',
      refused: 'en/feedback-refused',
    });
    expect(missingParts(found, 'es')).toEqual([]);
    expect(missingParts(found, 'fr')).toEqual(['feedback', 'feedback-sent', 'feedback-refused']);
    expect(missingParts(found, 'de')).toHaveLength(4);
    expect(missingParts(found, 'en')).toEqual([]);
  });

  it("are picked at build time in the browser's modules, each language with a file of its own", () => {
    const found = catalogueFiles(['pt-BR', 'fr'], { en: ALL_PARTS, 'pt-BR': ALL_PARTS, fr: [] });
    const picker = pickerModule(found, 'feedback');
    expect(picker).toContain("import { words as pt_BR_feedback } from '../pt-BR/feedback.ts';");
    expect(picker).toContain(
      'export const feedbackWords: FeedbackMessages = __SITE_LANGUAGE__ === "pt-BR" ? pt_BR_feedback : en_feedback;',
    );
    // French has no form words of its own: English's, imported once.
    expect(picker.match(/from '\.\.\/en\/feedback\.ts'/g)).toHaveLength(1);
    expect(picker).not.toContain('"fr"');
  });

  it('are all in one module for the code that writes pages of every language', () => {
    const found = catalogueFiles(['es'], { en: ALL_PARTS, es: ['site.ts'] });
    const all = allModule(found);
    expect(all).toContain(
      '"es": { site: es_site, feedback: en_feedback, sent: en_sent, refused: en_refused },',
    );
    expect(all).toContain("import { words as es_site } from '../es/site.ts';");
  });
});
