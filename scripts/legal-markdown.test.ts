import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { subPagesOf } from '../common/paths.ts';
import { content, contentDir } from '../content/load.ts';
import { fillLegalText, type LegalTextValues } from './legal-markdown.ts';

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
        'content/apps/echoexpense/terms.md:3: unknown name {{owner.phone}}; known: {{app.name}}, {{app.support}}, {{owner.name}}, {{owner.email}}, {{site.url}}',
        'content/apps/echoexpense/terms.md:3: literal address "https://ada.example.org": write {{site.url}}',
      ].join('\n'),
    );
  });

  it('of every app name the owner from content/site.ts and the app itself', async () => {
    for (const app of content.apps.filter((candidate) => candidate.legal)) {
      for (const { doc } of subPagesOf(app).legalDocs) {
        const file = path.join(contentDir, 'apps', app.slug, `${doc}.md`);
        const source = await readFile(file, 'utf8');
        const filled = fillLegalText(
          source,
          { ...values, 'app.name': app.name, 'owner.email': content.site.contact.email },
          file,
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
