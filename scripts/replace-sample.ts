/**
 * Replaces the shipped sample in a checkout's content/ with a small site of another owner:
 * two apps with names, slugs, links and screenshots of their own, as an owner would after
 * reading "Make it yours". `npm run test:own-content` runs the whole suite on a copy made
 * this way, which proves that the tests check the site's mechanism, not the sample.
 *
 *   tsx scripts/replace-sample.ts <checkout>
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SITE = `import type { SiteInput } from './schema.ts';

export const site = {
  ownerName: 'Noor Haddad',
  tagline: 'I make small, calm apps for people who like their phones quiet.',
  siteName: 'Noor Haddad — apps for iPhone and the web',
  description:
    'Noor Haddad builds {{apps.count}} apps for iPhone and the web, each with screenshots, features, store links and a way to send feedback.',
  aboutMe: [
    'I build apps that do one thing well: a tide table for sailors and a notebook that stays out of the way.',
    'Before going independent I worked on banking apps, where I learned to care about accessibility and speed.',
  ],
  contact: {
    linkedin: 'https://www.linkedin.com/in/noor-haddad-apps',
    email: 'noor@noorhaddad.dev',
    phone: '+44 20 7946 1234',
    sms: '+44 7700 912345',
  },
  codeHostUrl: 'https://codeberg.org/noorhaddad',
  resume: 'sample-resume.pdf',
} satisfies SiteInput;
`;

const APPS: Record<string, string> = {
  'tide-table': `import type { AppInput } from '../../schema.ts';

export default {
  slug: 'tide-table',
  name: 'Tide Table',
  order: 1,
  accent: '#0d74ce',
  summary: 'Tide Table shows the next high and low water for any harbour, offline, in one glance.',
  platform: 'mobile',
  category: 'TravelApplication',
  titleHref: 'https://apps.apple.com/gb/app/tide-table-harbour-times/id1000000001',
  buttons: [
    { kind: 'appStore', href: 'https://apps.apple.com/gb/app/tide-table-harbour-times/id1000000001' },
  ],
  description: [
    'Tide Table keeps a year of tides for the harbours you pick, so it works far from any signal.',
    'A widget shows the next turn of the tide, and a reminder tells you when the water is high enough to leave.',
  ],
  features: ['Offline tide times for a year', 'A widget with the next turn of the tide', 'Reminders before high water'],
  technologies: ['xcode', 'swiftui'],
  screenshots: { placeholders: 3 },
  icon: 'icon.svg',
  legal: true,
} satisfies AppInput;
`,
  'quiet-notes': `import type { AppInput } from '../../schema.ts';

export default {
  slug: 'quiet-notes',
  name: 'Quiet Notes',
  order: 2,
  accent: '#8e4ec6',
  summary: 'Quiet Notes is a notebook for the browser that saves as you type and never asks for an account.',
  platform: 'web',
  category: 'UtilitiesApplication',
  titleHref: 'https://quietnotes.noorhaddad.dev',
  buttons: [{ kind: 'landing', href: 'https://quietnotes.noorhaddad.dev/about' }],
  description: [
    'Quiet Notes opens to a blank page and saves every word in your browser as you type.',
    'Notes can be exported as plain text at any time, and nothing leaves your device unless you send it.',
  ],
  features: ['Saves as you type', 'No account, nothing sent to a server', 'Export as plain text'],
  technologies: ['vscode', 'react', 'vite'],
  screenshots: { placeholders: 2 },
  legal: false,
} satisfies AppInput;
`,
};

const LEGAL = (title: string) => `_Effective: 2026-03-01_

This ${title.toLowerCase()} covers {{app.name}}. {{app.name}} keeps your data on your device
and sends nothing to any server.

## Contact

Write to **{{owner.email}}** with any question.
`;

/** Tide Table's icon: a wave on its accent colour. */
const TIDE_TABLE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0d74ce"/><path d="M6 38c8-8 16-8 26 0s18 8 26 0v20H6z" fill="#fff"/></svg>
`;

/** Writes the two-app site into `checkout`'s content/, in place of the apps there. */
export function replaceSample(checkout: string): void {
  const content = join(checkout, 'content');
  const apps = join(content, 'apps');
  for (const folder of readdirSync(apps)) rmSync(join(apps, folder), { recursive: true });
  for (const [slug, source] of Object.entries(APPS)) {
    mkdirSync(join(apps, slug));
    writeFileSync(join(apps, slug, 'app.ts'), source);
  }
  writeFileSync(join(apps, 'tide-table', 'icon.svg'), TIDE_TABLE_ICON);
  writeFileSync(join(apps, 'tide-table', 'privacy.md'), LEGAL('Privacy Policy'));
  writeFileSync(join(apps, 'tide-table', 'terms.md'), LEGAL('Terms of Use'));
  writeFileSync(join(content, 'site.ts'), SITE);
  // This owner writes in English alone: the sample's translations of its details go too.
  for (const file of readdirSync(content)) {
    if (/^site\.[^.]+\.ts$/.test(file)) rmSync(join(content, file));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const checkout = process.argv[2];
  if (!checkout) {
    console.error('Usage: tsx scripts/replace-sample.ts <checkout>');
    process.exit(1);
  }
  replaceSample(resolve(checkout));
  console.log(`The sample in ${resolve(checkout)}/content is replaced by a two-app site.`);
}
