import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { subPagesOf } from '../common/paths.ts';
import { content, contentDir } from '../content/load.ts';
import { fillLegalText, formatLegalDate, type LegalTextValues } from './legal-markdown.ts';

const values: LegalTextValues = {
  'app.name': 'EchoExpense',
  'app.support': '/echoexpense/support',
  'owner.name': 'Ada Lovelace',
  'owner.email': 'ada@example.org',
  'site.url': 'https://ada.example.org',
};

describe('the legal texts', () => {
  it('fill in the app, the owner and the site by name', () => {
    const text =
      'Questions about {{app.name}}: **{{ owner.email }}**, {{owner.name}}, {{site.url}}, [the form]({{app.support}}).';
    expect(fillLegalText(text, values, 'terms.md')).toBe(
      'Questions about EchoExpense: **ada@example.org**, Ada Lovelace, https://ada.example.org, [the form](/echoexpense/support).',
    );
  });

  it('stop the build with the file and line of every literal address and unknown name', () => {
    const text = [
      '# Terms',
      'Write to **hello@example.com**.',
      'Or to {{owner.phone}}, or visit https://ada.example.org/help.',
    ].join('\n');
    expect(() => fillLegalText(text, values, 'content/apps/echoexpense/terms.md')).toThrow(
      [
        'Legal text:',
        'content/apps/echoexpense/terms.md:2: literal address "hello@example.com": write {{owner.email}}',
        'content/apps/echoexpense/terms.md:3: unknown name {{owner.phone}}; known: {{app.name}}, {{app.support}}, {{owner.name}}, {{owner.email}}, {{site.url}}, {{date YYYY-MM-DD}}',
        'content/apps/echoexpense/terms.md:3: literal address "https://ada.example.org": write {{site.url}}',
      ].join('\n'),
    );
  });

  it("write a date as the text's language writes it", () => {
    const line = '_Effective: {{date 2024-07-20}}_';
    expect(fillLegalText(line, values, 'privacy.md')).toBe('_Effective: July 20, 2024_');
    expect(fillLegalText(line, values, 'privacy.es.md', 'es')).toBe(
      '_Effective: 20 de julio de 2024_',
    );
    // Arabic's month names, with the site's Western digits.
    expect(formatLegalDate('date 2025-04-08', 'ar')).toMatch(/^8 أبريل 2025$/);
    expect(() =>
      fillLegalText('_Effective: {{date 2025-02-30}}_', values, 'content/apps/x/terms.md'),
    ).toThrow('content/apps/x/terms.md:1: {{date 2025-02-30}} is not a day of the calendar');
  });

  it('of every app, in every language, name the owner from content/site.ts and the app itself', async () => {
    for (const app of content.apps.filter((candidate) => candidate.legal)) {
      const texts = subPagesOf(app).legalDocs.flatMap(({ doc }) =>
        [content.site.languages.default, ...content.site.languages.others].map((language) => ({
          language,
          file: path.join(
            contentDir,
            'apps',
            app.slug,
            language === content.site.languages.default ? `${doc}.md` : `${doc}.${language}.md`,
          ),
        })),
      );
      for (const { language, file } of texts) {
        const source = await readFile(file, 'utf8').catch(() => undefined);
        // A text not translated is shown in the default language.
        if (source === undefined) continue;
        const filled = fillLegalText(
          source,
          { ...values, 'app.name': app.name, 'owner.email': content.site.contact.email },
          file,
          language,
        );
        if (source.includes('{{owner.email}}')) {
          expect(filled, file).toContain(content.site.contact.email);
        }
        if (source.includes('{{app.name}}')) expect(filled, file).toContain(app.name);
        expect(filled, file).not.toContain('{{');
      }
    }
  });
});
