/**
 * The product specification's facts about the sample content the site ships with, written
 * out once. Only content/spec-facts.test.ts compares content/ with them; every other test
 * checks the site's behaviour against whatever content/ holds. The facts hold while the
 * sample is in place (`isSampleContent`); once an owner has made the site theirs, they step
 * aside.
 */

/** The Skills list, in its order. */
export const SPEC_SKILLS = [
  'HTML',
  'CSS',
  'JavaScript',
  'Python',
  'React',
  'Swift',
  'Flask',
  'ExpressJS',
  'NodeJS',
  'GIT',
  'PostgresSQL',
  'MySQL',
  'Data Analysis',
  'PHPMyAdmin',
  'Algorithms',
  'UI/UX Design',
  'Debugging',
  'Testing',
  'Full-Stack Developer',
];

const APP_STORE = {
  watchlistr: 'https://apps.apple.com/us/app/watchlistr/id6459355223',
  reciperealm: 'https://apps.apple.com/us/app/reciperealm/id6458877177',
  echoexpense: 'https://apps.apple.com/us/app/echoexpense/id6475660500',
  sunshine: 'https://apps.apple.com/us/app/sunshine-key-west-challenge/id6737530954',
  starship: 'https://apps.apple.com/us/app/starship-pixelscape/id6741517533',
  autoarchive: 'https://apps.apple.com/us/app/autoarchive/id6744589503',
  steda: 'https://apps.apple.com/us/app/steda/id6745674975',
  popshop: 'https://apps.apple.com/us/app/manzanos-popshop/id6747915168',
};
const LANDING = 'https://www.watchlistr.app/';

export interface SpecAppFacts {
  slug: string;
  name: string;
  /** Where the page title links. */
  titleHref: string;
  /** The buttons under the title, in order. */
  buttons: [kind: 'landing' | 'appStore' | 'playStore' | 'testFlight', href: string][];
  /** The logo row after the code-host logo, by technology id. */
  technologies: string[];
  /** How many screenshots the carousel shows. */
  screenshots: number;
  /** Whether the app has /privacy and /terms. */
  legal: boolean;
}

/** The sample's owner, as content/site.ts names it. */
export const SPEC_OWNER_NAME = 'Sample Owner';

/**
 * Whether content/ is still the specification's sample: the sample's owner, and the sample's
 * ten apps by address, no more and no fewer. An owner who puts their name in content/site.ts,
 * or adds, removes or renames an app's address, has a site of their own.
 */
export function isSampleContent(ownerName: string, slugs: readonly string[]): boolean {
  const sample = SPEC_APPS.map((app) => app.slug).sort();
  return (
    ownerName === SPEC_OWNER_NAME && JSON.stringify([...slugs].sort()) === JSON.stringify(sample)
  );
}

/** The owner's code-host profile that every logo row links. */
export const SPEC_CODE_HOST_URL = 'https://github.com/devzano';

/** The ten apps of CONTENT-FACTS.md, in menu and slider order. */
export const SPEC_APPS: SpecAppFacts[] = [
  {
    slug: 'watchlistr-web',
    name: 'Watchlistr (Web)',
    titleHref: 'https://watchlistrweb.vercel.app',
    buttons: [['landing', LANDING]],
    technologies: ['vscode', 'javascript', 'react', 'vite'],
    screenshots: 5,
    legal: false,
  },
  {
    slug: 'watchlistr-mobile',
    name: 'Watchlistr (Mobile)',
    titleHref: APP_STORE.watchlistr,
    buttons: [
      ['landing', LANDING],
      ['appStore', APP_STORE.watchlistr],
      ['playStore', APP_STORE.watchlistr],
      ['testFlight', 'https://testflight.apple.com/join/5fAq7d4d'],
    ],
    technologies: ['xcode', 'swiftui', 'expo', 'firebase'],
    screenshots: 24,
    legal: true,
  },
  {
    slug: 'reciperealm',
    name: 'RecipeRealm',
    titleHref: APP_STORE.reciperealm,
    buttons: [['appStore', APP_STORE.reciperealm]],
    technologies: ['xcode', 'core-data', 'swiftui'],
    screenshots: 20,
    legal: true,
  },
  {
    slug: 'echoexpense',
    name: 'EchoExpense',
    titleHref: APP_STORE.echoexpense,
    buttons: [['appStore', APP_STORE.echoexpense]],
    technologies: ['xcode', 'swiftui', 'firebase'],
    screenshots: 20,
    legal: true,
  },
  {
    slug: 'otakuhive',
    name: 'OtakuHive',
    titleHref: 'https://testflight.apple.com/join/sRsqfd9y',
    buttons: [['testFlight', 'https://testflight.apple.com/join/sRsqfd9y']],
    technologies: ['xcode', 'swiftui'],
    screenshots: 4,
    legal: true,
  },
  {
    slug: 'starship-pixelscape',
    name: 'Starship Pixelscape',
    titleHref: APP_STORE.starship,
    buttons: [['appStore', APP_STORE.starship]],
    technologies: ['xcode', 'swiftui'],
    screenshots: 8,
    legal: true,
  },
  {
    slug: 'autoarchive',
    name: 'AutoArchive',
    titleHref: APP_STORE.autoarchive,
    buttons: [['appStore', APP_STORE.autoarchive]],
    technologies: ['xcode', 'swiftui'],
    screenshots: 4,
    legal: true,
  },
  {
    slug: 'steda',
    name: 'Steda',
    titleHref: APP_STORE.steda,
    buttons: [['appStore', APP_STORE.steda]],
    technologies: ['xcode', 'swiftui'],
    screenshots: 4,
    legal: true,
  },
  {
    slug: 'manzanos-popshop',
    name: 'Manzanos PopShop',
    titleHref: 'https://rubenmanzano.com/manzanos-popshop',
    buttons: [
      ['appStore', APP_STORE.popshop],
      ['playStore', 'https://play.google.com/store/apps/details?id=com.devzano.manzanospopshop'],
    ],
    technologies: ['xcode', 'swiftui', 'expo', 'firebase'],
    screenshots: 4,
    legal: true,
  },
  {
    slug: 'sunshinekeywestchallenge',
    name: 'Sunshine Key West Challenge',
    titleHref: APP_STORE.sunshine,
    buttons: [
      ['appStore', APP_STORE.sunshine],
      [
        'playStore',
        'https://play.google.com/store/apps/details?id=com.devzano.SunshineKeyWestChallenge',
      ],
    ],
    technologies: ['react-native', 'expo', 'firebase'],
    screenshots: 4,
    legal: true,
  },
];
