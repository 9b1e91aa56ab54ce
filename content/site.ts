/**
 * The owner's details. These are clearly marked SAMPLE values: replace the name, the
 * About Me text, every contact entry and the résumé (a PDF in content/) with your own
 * before deploying.
 */
import type { SiteInput } from './schema.ts';

export const site = {
  // English at the plain addresses, Spanish under /es/ (site.es.ts and each app's *.es.* files),
  // Arabic under /ar/ (written right to left; its legal pages are left in English).
  languages: { default: 'en', others: ['es', 'ar'] },
  ownerName: 'Sample Owner',
  tagline:
    'I design and build iOS, Android and web apps, from the first sketch to the store listing.',
  siteName: 'Sample Owner — iOS, Android and web apps',
  description:
    'Portfolio of an independent app developer: {{apps.count}} iOS, Android and web apps, each with screenshots, features, store links and a way to send feedback.',
  aboutMe: [
    'I am a full-stack developer who ships apps people use every day: a watchlist for films and shows, a bill and payday tracker, a manga reader, a retro space shooter and more.',
    'I work across SwiftUI, React and React Native, and I care about the details that make an app feel calm and quick: fast screens, clear words, and features that respect your time.',
  ],
  contact: {
    linkedin: 'https://www.linkedin.com/in/sample-owner',
    email: 'hello@example.com',
    phone: '+1 555 555 0100',
    sms: '+1 555 555 0100',
  },
  codeHostUrl: 'https://github.com/devzano',
  resume: 'sample-resume.pdf',
  // SAMPLE record: your ad network gives you yours (AdMob: Apps → View all apps → app-ads.txt).
  appAdsTxt: ['google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0'],
} satisfies SiteInput;
