import type { AppInput } from '../../schema.ts';

export default {
  slug: 'watchlistr-web',
  name: 'Watchlistr (Web)',
  order: 1,
  accent: '#e5484d',
  summary:
    'Watchlistr for the web: a movie and TV watchlist in your browser to find titles, plan what to see next and mark what you watched.',
  platform: 'web',
  category: 'EntertainmentApplication',
  titleHref: 'https://watchlistrweb.vercel.app',
  buttons: [{ kind: 'landing', href: 'https://www.watchlistr.app/' }],
  description: [
    'Watchlistr is a movie and TV watchlist that runs in your browser. Look up a film or a series, add it to your list, and the next thing to watch is always one click away, with nothing to install.',
    'This is the web version of Watchlistr. I built it with React and Vite; the same idea is also on iPhone as Watchlistr (Mobile), which adds reminders, folders and sign-in with Apple or Google.',
  ],
  features: [
    'Search for movies and TV shows',
    'A watchlist of what you want to see next',
    'Watched marks for titles you have finished',
    'Runs in any modern browser, no install needed',
  ],
  technologies: ['vscode', 'javascript', 'react', 'vite'],
  screenshots: { placeholders: 5 },
  legal: false,
} satisfies AppInput;
