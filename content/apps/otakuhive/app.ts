import type { AppInput } from '../../schema.ts';

export default {
  slug: 'otakuhive',
  name: 'OtakuHive',
  order: 5,
  accent: '#d6409f',
  summary:
    'OtakuHive is a manga reader for iPhone built on the public MangaDex database: random picks, latest updates, search, saves and bookmarks.',
  platform: 'mobile',
  category: 'EntertainmentApplication',
  titleHref: 'https://testflight.apple.com/join/sRsqfd9y',
  buttons: [{ kind: 'testFlight', href: 'https://testflight.apple.com/join/sRsqfd9y' }],
  description: [
    'OtakuHive is a manga reader that draws on the public MangaDex database. Open a random title when you want something new, check the latest releases, or search for a series you already know.',
    'Save the series you follow so they are one tap away, and bookmark a page to pick up exactly where you stopped. OtakuHive is in testing: you can join the beta through TestFlight.',
  ],
  features: [
    'Random title for something new to read',
    'Latest releases from MangaDex',
    'Search by title',
    'Saved list of the series you follow',
    'Page bookmarks to resume where you stopped',
    'Content from the public MangaDex database',
  ],
  technologies: ['xcode', 'swiftui'],
  screenshots: { placeholders: 4 },
  legal: true,
} satisfies AppInput;
