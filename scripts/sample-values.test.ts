import { describe, expect, it } from 'vitest';
import { site } from '../content/index.ts';
import type { Site } from '../content/schema.ts';
import { sampleFields, sampleNotice } from './sample-values.ts';

const ownSite: Site = {
  ...site,
  ownerName: 'Ada Rivera',
  contact: {
    linkedin: 'https://www.linkedin.com/in/ada-rivera',
    email: 'ada@rivera.dev',
    phone: '+44 20 7946 1234',
    sms: '+44 7700 123456',
  },
  codeHostUrl: 'https://codeberg.org/ada',
  resume: 'ada-rivera.pdf',
  appAdsTxt: ['google.com, pub-3940256099942544, DIRECT, f08c47fec0942fa0'],
};

describe('the notice about sample values', () => {
  it('names each sample value still in content/site.ts', () => {
    const shipped: Site = {
      ...ownSite,
      contact: { ...ownSite.contact, email: 'hello@example.com', sms: '+1 555 555 0100' },
      codeHostUrl: 'https://github.com/devzano',
      resume: 'sample-resume.pdf',
      appAdsTxt: ['google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0'],
    };
    expect(sampleFields(shipped)).toEqual([
      'contact.email',
      'contact.sms',
      'codeHostUrl',
      'resume',
      'appAdsTxt',
    ]);
    expect(sampleNotice(shipped)).toBe(
      'Note: content/site.ts still has sample values in contact.email, contact.sms, codeHostUrl, resume, appAdsTxt; replace them with your own before you deploy (README: Make it yours).',
    );
  });

  it('says nothing once the owner has replaced them all', () => {
    expect(sampleFields(ownSite)).toEqual([]);
    expect(sampleNotice(ownSite)).toBeUndefined();
  });
});
