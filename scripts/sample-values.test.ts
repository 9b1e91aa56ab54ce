import { describe, expect, it } from 'vitest';
import { site } from '../content/index.ts';
import type { App, Site } from '../content/schema.ts';
import { sampleFields, sampleReport } from './sample-values.ts';

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

const ownApp: App = {
  slug: 'harbour-log',
  name: 'Harbour Log',
  order: 3,
  accent: '#12a594',
  summary: 'Harbour Log keeps a sailing log: each trip with its crew, weather, route and notes.',
  platform: 'mobile',
  category: 'SportsApplication',
  titleHref: 'https://apps.apple.com/gb/app/harbour-log/id1000000002',
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/gb/app/harbour-log/id1000000002' }],
  description: ['Harbour Log records every trip you sail.'],
  features: ['A log of trips'],
  technologies: ['swiftui'],
  screenshots: [{ file: '01.png', alt: 'The next tides of a harbour' }],
  legal: false,
  appLinks: {
    patterns: [],
    apple: { teamId: 'ABCDE12345', bundleIds: ['dev.noorhaddad.harbourlog'] },
  },
};

describe('the list of sample values', () => {
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
    expect(sampleReport({ site: shipped, apps: [] }, { production: false })).toBe(
      [
        'Sample values still in content/ (replace them before you deploy; README: Make it yours):',
        '  content/site.ts: contact.email, contact.sms, codeHostUrl, resume, appAdsTxt',
      ].join('\n'),
    );
  });

  it("names each app's sample identifiers, placeholder screenshots and the sample's store links", () => {
    const sampleApp: App = {
      ...ownApp,
      slug: 'manzanos-popshop',
      titleHref: 'https://rubenmanzano.com/manzanos-popshop',
      buttons: [
        { kind: 'appStore', href: 'https://apps.apple.com/us/app/manzanos-popshop/id6747915168' },
      ],
      screenshots: { placeholders: 4 },
      appLinks: {
        patterns: [],
        apple: { teamId: 'SAMPLETEAM', bundleIds: ['com.example.manzanospopshop'] },
        android: {
          package: 'com.example.manzanospopshop',
          sha256CertFingerprints: [
            '00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF',
          ],
        },
      },
    };
    expect(sampleReport({ site: ownSite, apps: [ownApp, sampleApp] }, { production: false })).toBe(
      [
        'Sample values still in content/ (replace them before you deploy; README: Make it yours):',
        '  content/apps/manzanos-popshop/app.ts: appLinks.apple.teamId, appLinks.apple.bundleIds, appLinks.android.package, appLinks.android.sha256CertFingerprints, screenshots (placeholders), titleHref, buttons',
      ].join('\n'),
    );
    expect(() =>
      sampleReport({ site: ownSite, apps: [ownApp, sampleApp] }, { production: true }),
    ).toThrow(
      [
        'A production build does not publish the sample’s app identifiers in apple-app-site-association and assetlinks.json. Put your own in (README: Make it yours), or remove the appLinks:',
        '  content/apps/manzanos-popshop/app.ts: appLinks.apple.teamId',
        '  content/apps/manzanos-popshop/app.ts: appLinks.apple.bundleIds',
        '  content/apps/manzanos-popshop/app.ts: appLinks.android.package',
        '  content/apps/manzanos-popshop/app.ts: appLinks.android.sha256CertFingerprints',
      ].join('\n'),
    );
  });

  it('says nothing once the owner has replaced them all, in production too', () => {
    expect(sampleFields(ownSite)).toEqual([]);
    expect(sampleReport({ site: ownSite, apps: [ownApp] }, { production: true })).toBeUndefined();
  });
});
