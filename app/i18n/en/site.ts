/**
 * The site's own words in English, grouped by feature: every label, heading, status, alert
 * and accessible name the site writes (the owner's texts come from content/, translated
 * there). A text with values is a function of them. Each other language's catalogue has the
 * same shape (`Messages`); the site reads the page's language through messages.ts.
 *
 * Plural forms are picked by hand: for whole counts English and Spanish have one form for 1
 * and another for every other count (CLDR's rules, which messages.test.ts checks against
 * Intl.PluralRules), and Intl would load the browser's locale data on every page.
 */

/** A count with a comma between thousands ("5,000"), as common/format-count.ts writes it. */
export const count = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',');

const about = ': what it covers, your choices, and how to get in touch.';

export const words = {
  shell: {
    skipToContent: 'Skip to content',
    needsScripts: 'This address opens with JavaScript.',
    goHome: 'Go to Home',
  },
  nav: {
    menu: 'Menu',
    mainMenu: 'Main menu',
    allPages: 'All pages',
    home: 'Home',
    allProjects: 'All Projects',
    languages: 'Languages',
  },
  theme: {
    theme: 'Theme',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
  },
  background: {
    pause: 'Pause animation',
    pauseTitle: 'Pause or play the background animation',
  },
  home: {
    seeApps: (apps: number) => (apps === 1 ? 'See the app' : `See the ${apps} apps`),
    getInTouch: 'Get in touch',
    aboutMe: 'About Me',
    contact: 'Contact',
    skills: 'Skills',
  },
  projects: {
    description: (apps: number) =>
      apps === 1
        ? `${apps} app: screenshots, features and store links.`
        : `All ${apps} apps, one after another: screenshots, features and store links of each.`,
    lead: (apps: number) =>
      apps === 1
        ? `${apps} app, with its screenshots, features and store links.`
        : `${apps} apps, one after another. Use the arrows beside each title, or the arrow keys, to move between them.`,
  },
  contact: {
    linkedIn: 'LinkedIn',
    email: 'Email',
    phone: 'Phone',
    text: 'Text',
    resume: (size: string) => `Résumé (PDF, ${size})`,
  },
  showcase: {
    /** The words of each kind of store button (content/buttons.ts names them in English). */
    buttons: {
      landing: 'Landing Page',
      appStore: 'Apple Store',
      playStore: 'Play Store',
      testFlight: 'TestFlight',
    },
    qrButton: (store: string) => `QR code: ${store}`,
    qrImage: (appName: string, store: string) => `QR code of ${appName} on ${store}`,
    scanToOpen: 'Scan to open on your phone',
    about: (appName: string) => `About ${appName}`,
    features: 'Features',
    logos: (appName: string) => `Code, tools and policies of ${appName}`,
    profile: (codeHost: string) => `${codeHost} profile`,
    support: 'Support',
    newTab: 'Opens in a new tab',
  },
  legal: {
    titles: { terms: 'Terms of Use', privacy: 'Privacy Policy' },
    /** The short names of the app page's links. */
    links: { terms: 'Terms', privacy: 'Privacy' },
    descriptions: {
      terms: (appName: string) => `The Terms of Use of ${appName}${about}`,
      privacy: (appName: string) => `The Privacy Policy of ${appName}${about}`,
    },
    /** A page the app declares, by its title. */
    description: (title: string, appName: string) => `${title} — ${appName}${about}`,
    loading: 'Loading…',
  },
  support: {
    title: (appName: string) => `Support for ${appName}`,
    description: (appName: string) =>
      `Questions, problems or ideas about ${appName}? Write to its developer here: every message is read.`,
  },
  /** The button that opens the feedback form (the form's own words: ./feedback/). */
  feedback: {
    send: 'Send Feedback',
  },
  roles: {
    carousel: 'carousel',
    slide: 'slide',
  },
  carousel: {
    label: (appName: string) => `${appName} screenshots`,
    slide: (from: number, to: number, total: number) =>
      from === to ? `Screenshot ${from} of ${total}` : `Screenshots ${from} to ${to} of ${total}`,
    previous: 'Previous screenshots',
    pause: 'Pause screenshots',
    next: 'Next screenshots',
    /** A generated placeholder's alt text, as common/screenshot.ts writes it. */
    placeholder: (appName: string, position: number, total: number) =>
      `${appName} screenshot ${position} of ${total} (placeholder)`,
  },
  slider: {
    previous: 'Previous project',
    next: 'Next project',
    slide: (name: string, position: number, total: number) => `${name}, ${position} of ${total}`,
  },
  appLink: {
    open: 'Open in the app',
    getIt: (appName: string) => `Don’t have ${appName}?`,
    qrImage: (appName: string, store: string) =>
      `QR code of ${appName} on ${store}: scan it to open on your phone`,
    more: (appName: string) => `More about ${appName}`,
  },
  modal: {
    close: 'Close',
  },
  notFound: {
    title: '404 - Page Not Found',
    text: 'Sorry, the page you are looking for does not exist.',
  },
  error: {
    title: 'Unexpected Application Error!',
    reload: 'Reload page',
  },
};

/** The shape of every language's catalogue. */
export type Messages = typeof words;
