import type { AppInput } from '../../schema.ts';

export default {
  slug: 'watchlistr-mobile',
  name: 'Watchlistr (Mobile)',
  order: 2,
  accent: '#f76b15',
  summary:
    'Watchlistr on your phone: browse and search movies and TV shows, track what you watched, set reminders and sort titles into folders.',
  platform: 'mobile',
  category: 'EntertainmentApplication',
  titleHref: 'https://apps.apple.com/us/app/watchlistr/id6459355223',
  buttons: [
    { kind: 'landing', href: 'https://www.watchlistr.app/' },
    { kind: 'appStore', href: 'https://apps.apple.com/us/app/watchlistr/id6459355223' },
    { kind: 'playStore', href: 'https://apps.apple.com/us/app/watchlistr/id6459355223' },
    { kind: 'testFlight', href: 'https://testflight.apple.com/join/5fAq7d4d' },
  ],
  description: [
    'Watchlistr keeps every movie and TV show you want to see in one place. Browse titles or search for one by name, save it to your list, and mark it as watched when you are done, so the list always shows what is still ahead.',
    'Sort titles into folders of your own, such as weekend films or shows to start with a friend, and set a reminder for anything you plan to watch. Your profile holds your username and picture.',
    'Sign in with Apple or Google to keep your lists with your account, or look around in guest mode first. Watchlistr is also on the web as Watchlistr (Web).',
  ],
  features: [
    'Browse movies and TV shows',
    'Search by title',
    'Watched tracking for everything you finish',
    'Reminders for titles you plan to watch',
    'Folders to organize your watchlist',
    'Profile with username and picture',
    'Sign-in with Apple or Google',
    'Guest mode to try the app without an account',
  ],
  technologies: ['xcode', 'swiftui', 'expo', 'firebase'],
  screenshots: { placeholders: 24 },
  legal: true,
} satisfies AppInput;
